/**
 * Top-level routes: /auth (sign-in page, its own small chunk) and /admin/* (react-admin, with
 * basename /admin, behind the session guard). Anything else the server sends here goes to /admin.
 */
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { ToastProvider } from './auth/toast';
import { RequireSession } from './auth/RequireSession';
import { FullPageSpinner } from './common/FullPageSpinner';
import { LazyApp, LazyAuthPage, LazySetPasswordPage } from './lazyApp';
import { setAuthNavigator } from './providers/authNavigation';
import { themeOptions } from './theme';

const theme = createTheme(themeOptions);

/** Lets the auth provider (outside React) navigate with the router instead of reloading. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setAuthNavigator((to, options) => navigate(to, options));
    return () => setAuthNavigator(null);
  }, [navigate]);
  return null;
}

export function Root() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <BrowserRouter>
          <NavigatorBridge />
          <Suspense fallback={<FullPageSpinner />}>
            <Routes>
              <Route path="/auth" element={<LazyAuthPage />} />
              <Route path="/auth/set-password" element={<LazySetPasswordPage />} />
              <Route path="/admin/*" element={<RequireSession><LazyApp /></RequireSession>} />
              <Route path="*" element={<Navigate to="/admin" replace />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </ToastProvider>
    </ThemeProvider>
  );
}
