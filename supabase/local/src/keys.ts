/**
 * The Supabase CLI's well-known local secrets (Supabase CLI pkg/config/apikeys.go). They are public on purpose:
 * the same keys work against `supabase start`, so client code and docs need no per-machine setup.
 * Production (hosted Supabase) has its own secret and keys; nothing here is used there.
 */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The bearer token the request carries after the CLI gateway's (Kong's) rewriting: a real
 * Authorization header passes through unless it is an opaque `sb_` key; otherwise the opaque
 * secret/publishable keys become the service_role/anon JWTs, and any other apikey is copied as is.
 * Returns undefined when the request has neither header.
 */
export function gatewayBearer(headers: Headers): string | undefined {
  const auth = header(headers, 'authorization');
  const bearer = auth && /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, '').trim() : undefined;
  if (auth && !(bearer ?? '').startsWith('sb_')) return bearer ?? auth;
  const apikey = header(headers, 'apikey') ?? bearer;
  if (apikey === undefined) return undefined;
  if (apikey === LOCAL_SECRET_KEY) return LOCAL_SERVICE_ROLE_KEY;
  if (apikey === LOCAL_PUBLISHABLE_KEY) return LOCAL_ANON_KEY;
  return apikey;
}
