/**
 * Which Supabase project the admin is built against. Defaults to the embedded backend (the
 * Supabase CLI's local keys). A production build without VITE_SUPABASE_URL /
 * VITE_SUPABASE_ANON_KEY prints a warning, and fails when BUZZ_REQUIRE_SUPABASE_ENV=1 (set this in
 * a deployment pipeline so that a build can never silently point at localhost).
 */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface SupabaseEnv { url: string; anonKey: string }

export function resolveSupabaseEnv(
  env: Record<string, string | undefined>,
  productionBuild: boolean,
): SupabaseEnv {
  const missing = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'].filter((k) => !env[k]);
  if (productionBuild && missing.length > 0) {
    const message =
      `Missing ${missing.join(' and ')} for the admin production build; ` +
      `using the embedded backend's local default (${LOCAL_SUPABASE_URL}, CLI anon key) instead.`;
    if (env.BUZZ_REQUIRE_SUPABASE_ENV === '1') {
      throw new Error(`${message.split(';')[0]}. Set them (BUZZ_REQUIRE_SUPABASE_ENV=1 forbids the local default).`);
    }
    console.warn(`\n[admin] WARNING: ${message}\n`);
  }
  return {
    url: env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL,
    anonKey: env.VITE_SUPABASE_ANON_KEY || LOCAL_SUPABASE_ANON_KEY,
  };
}
