// Supabase Edge Function entry (Deno): `supabase functions deploy publish-content`. The handler is
// in handler.ts (web standard APIs only, also served by the embedded backend); the Edge runtime
// provides the project's URL and keys. Set SITE_BUILD_HOOK_URL (`supabase secrets set
// SITE_BUILD_HOOK_URL=...`) to the static host's build hook so publishing rebuilds the site.
// deno.json maps the schemas' `zod/v4` import to npm.
import { createPublishContentHandler } from './handler.ts';

Deno.serve(
  createPublishContentHandler({
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    buildHookUrl: Deno.env.get('SITE_BUILD_HOOK_URL') || undefined,
  }),
);
