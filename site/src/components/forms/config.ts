/**
 * Where the public forms send their RPCs. Gatsby inlines GATSBY_* variables at build time;
 * the defaults are the Supabase CLI's well-known local values (the embedded backend uses them too).
 */
export const SUPABASE_URL = (process.env.GATSBY_SUPABASE_URL || 'http://127.0.0.1:54321').replace(/\/+$/, '');

export const SUPABASE_ANON_KEY =
  process.env.GATSBY_SUPABASE_ANON_KEY ||
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
