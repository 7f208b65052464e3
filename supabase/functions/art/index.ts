// Supabase Edge Function entry (Deno): `supabase functions deploy art`. The browser calls it with
// the anon key (the artist's upload page) or the staff member's JWT (decline); it uses the service
// role key the platform provides for Storage and the service-only RPCs.
import { createArtHandler } from './handler.ts';

Deno.serve(
  createArtHandler({
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
  }),
);
