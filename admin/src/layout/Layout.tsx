/**
 * Permanent sidebar from md up; below md the sidebar is hidden and a floating button opens it
 * as a drawer. Pages render inside the access gate (pending accounts see no data).
 */
import { Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslate } from 'react-admin';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { OfflineStatus } from '../offline/OfflineStatus';
import { AccessGate } from './AccessGate';
import { SIDEBAR_WIDTH, Sidebar } from './Sidebar';

export function Layout({ children }: { children?: ReactNode }) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {/* The page's colours and the browser's controls (color-scheme) follow the light or dark theme. */}
      <CssBaseline enableColorScheme />
      {desktop ? (
        <Drawer variant="permanent" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}>
          <Sidebar />
        </Drawer>
      ) : (
        <>
          {/* In a landmark of its own (axe 'region'); the drawer's <nav> is not mounted while closed. */}
          <Box component="nav" aria-label={translate('buzz.navigation_menu')}>
            <Fab
              color="primary"
              aria-label={translate('buzz.open_navigation')}
              aria-haspopup="dialog"
              onClick={() => setOpen(true)}
              sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: (t) => t.zIndex.drawer - 1 }}
            >
              <MenuIcon />
            </Fab>
          </Box>
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: false }}
            // The drawer's paper is a dialog, which needs a name (axe 'aria-dialog-name').
            slotProps={{ paper: { 'aria-label': translate('buzz.navigation_menu') } }}
          >
            <Sidebar onNavigate={() => setOpen(false)} />
          </Drawer>
        </>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 4 }, pb: { xs: 12, md: 4 } }}>
        <OfflineStatus />
        <AccessGate>
          <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
        </AccessGate>
      </Box>
    </Box>
  );
}
