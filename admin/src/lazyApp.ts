import { lazy } from 'react';

/** The react-admin app is its own chunk; the sign-in page prefetches it while the user types. */
export const loadApp = () => import('./App');
export const LazyApp = lazy(loadApp);
export const LazyAuthPage = lazy(() => import('./auth/AuthPage').then((m) => ({ default: m.AuthPage })));
export const LazySetPasswordPage = lazy(() => import('./auth/SetPasswordPage').then((m) => ({ default: m.SetPasswordPage })));
