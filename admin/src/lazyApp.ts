import { lazy } from 'react';
import { loadApp } from './loadApp';

/** The top-level routes' pages, each its own chunk (the react-admin app: loadApp.ts). */
export const LazyApp = lazy(loadApp);
export const LazyAuthPage = lazy(() => import('./auth/AuthPage').then((m) => ({ default: m.AuthPage })));
export const LazySetPasswordPage = lazy(() => import('./auth/SetPasswordPage').then((m) => ({ default: m.SetPasswordPage })));
