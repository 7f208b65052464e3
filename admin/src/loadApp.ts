/** The react-admin app's chunk: loaded by /admin (lazyApp.ts), prefetched by the sign-in page while the user types. */
export const loadApp = () => import('./App');
