// Supabase Edge Function entry (Deno): `supabase functions deploy invite-user`. The handler is in
// handler.ts (web standard APIs only, also served by the embedded backend); this file wires it to
// supabase-js with the project's keys, which the Edge runtime provides as environment variables.
import { createClient } from '@supabase/supabase-js';
import { createInviteUserHandler } from './handler.ts';

const url = Deno.env.get('SUPABASE_URL')!;
const anonKey = Deno.env.get('SUPABASE_ANON_KEY')!;
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!;
const admin = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });

Deno.serve(
  createInviteUserHandler({
    recordInvitation: async (authorization, email, role) => {
      const asCaller = createClient(url, anonKey, {
        global: { headers: { Authorization: authorization } },
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const { error } = await asCaller.rpc('create_buzz_haven_invitation', { p_email: email, p_role: role });
      return { error };
    },
    inviteUserByEmail: (email, options) => admin.auth.admin.inviteUserByEmail(email, options),
  }),
);
