import { defineConfig, loadEnv, type Plugin, type Connect } from 'vite';
import react from '@vitejs/plugin-react';
import { resolveSupabaseEnv } from './supabase-env.ts';
import { adminPwa } from './pwa.ts';

/**
 * The admin is served under /admin/, its sign-in page at /auth (outside /admin). The production
 * static server rewrites /auth and /admin/** to /admin/index.html; this plugin does the same for
 * `vite` and `vite preview` so that both routes work in development too.
 */
const spaRewrites = (): Plugin => {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/auth' || (path.startsWith('/auth/') && !path.includes('.')) || path === '/admin' ||
        (path.startsWith('/admin/') && !path.includes('.'))) {
      req.url = '/admin/index.html';
    }
    next();
  };
  return {
    name: 'buzz-haven-spa-rewrites',
    configureServer: (server) => { server.middlewares.use(rewrite); },
    configurePreviewServer: (server) => { server.middlewares.use(rewrite); },
  };
};

export default defineConfig(({ mode, command }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const supabase = resolveSupabaseEnv(env, command === 'build' && mode === 'production');
  return {
    base: '/admin/',
    plugins: [react(), spaRewrites(), adminPwa()],
    // Compile-time constants instead of import.meta.env so that jest can load the same modules.
    define: {
      __BUZZ_SUPABASE_URL__: JSON.stringify(supabase.url),
      __BUZZ_SUPABASE_ANON_KEY__: JSON.stringify(supabase.anonKey),
      // The public site's address (SITE_URL, as the site build's gatsby-config reads it): the honey
      // labels' QR codes link to it; empty = the origin the admin is served from (with the site).
      __BUZZ_SITE_URL__: JSON.stringify((env.SITE_URL || '').replace(/\/+$/, '')),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 900,
      // Read by scripts/bundle-size.mjs to report what the first page load downloads.
      manifest: true,
    },
    server: { port: 5173, strictPort: false },
    preview: { port: 8000 },
  };
});
