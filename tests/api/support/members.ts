/**
 * Back-office members for API tests: a signed-up user with a profile, pending (no role) or given a
 * role by the seed's owner, each as a signed-in supabase-js client.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { OWNER, client, signedIn, uniqueEmail } from './clients';

export type Role = 'owner' | 'admin' | 'staff' | null;

/** A new member with `role` (null = pending approval), signed in. */
export async function member(url: string, role: Role, tag = role ?? 'pending'): Promise<SupabaseClient> {
  const email = uniqueEmail(tag);
  const password = `${tag}-password`;
  const supabase = client(url);
  const { data, error } = await supabase.auth.signUp({ email, password });
  if (error || !data.user) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  const profile = await supabase.rpc('create_buzz_haven_user', { p_email: email, p_name: tag, p_auth_user_id: data.user.id });
  if (profile.error) throw new Error(`profile of ${email} failed: ${profile.error.message}`);
  if (role !== null) {
    const owner = await signedIn(url, OWNER.email, OWNER.password);
    const granted = await owner.rpc('set_buzz_haven_user_role', { p_id: (profile.data as { id: string }).id, p_role: role });
    if (granted.error) throw new Error(`granting ${role} to ${email} failed: ${granted.error.message}`);
  }
  return signedIn(url, email, password);
}
