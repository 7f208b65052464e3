/**
 * The back office as an installable, offline-capable web app (vite-plugin-pwa): a web app
 * manifest and a Workbox service worker that precaches the admin's whole shell (its HTML, every
 * script and style chunk, the icon), so /admin opens without a network after one visit online.
 * Data reads come from the persisted react-admin query cache (src/offline/), never from the
 * worker: it caches no API answer.
 *
 * The worker lives at /admin/sw.js and controls /admin (the path and everything under it; the
 * host sends `Service-Worker-Allowed: /admin` with it, scripts/hosting.json), not the public site
 * nor /auth. It is registered by a separate script file (the admin's Content-Security-Policy
 * allows no inline script) and only in the production build: `vite` serves no worker.
 */
import { VitePWA } from 'vite-plugin-pwa';

export const SERVICE_WORKER_SCOPE = '/admin';

export const adminPwa = () => VitePWA({
  registerType: 'autoUpdate',
  injectRegister: 'script-defer',
  scope: SERVICE_WORKER_SCOPE,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'Buzz Haven Admin',
    short_name: 'Buzz Haven',
    description: 'The Buzz Haven back office: hives, inspections and treatments, also without a network',
    id: '/admin/',
    start_url: '/admin/',
    scope: '/admin/',
    display: 'standalone',
    theme_color: '#a3480a',
    background_color: '#ffffff',
    icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  workbox: {
    // Vite's manifest (.vite/) is a build record, not part of the shell.
    globPatterns: ['**/*.{js,css,html,svg,woff2}'],
    globIgnores: ['.vite/**'],
    // The whole react-admin chunk must be cached for the admin to start offline.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/admin/index.html',
    navigateFallbackAllowlist: [/^\/admin(\/|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});
