/** Replaced at build time by vite.config.ts `define`; undefined under jest (local defaults apply). */
declare const __BUZZ_SUPABASE_URL__: string | undefined;
declare const __BUZZ_SUPABASE_ANON_KEY__: string | undefined;
declare const __BUZZ_SITE_URL__: string | undefined;
