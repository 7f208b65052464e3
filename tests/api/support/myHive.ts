/**
 * /my-hive's setting for the API tests: a hive adopted by an address (staff's steps, through the
 * service role), and a visitor who signs in the way the page does (the mailed link opened, the
 * session taken from the redirect's fragment).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, client } from './clients';
import { fragment, latestMail, openLink } from './mailbox';

export const MY_HIVE = 'http://localhost:8000/my-hive';

export async function serviceRpc<T>(url: string, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await adminClient(url).rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

/** A new hive named `name`, with an active adoption by `email`; its id. */
export async function adoptedHive(url: string, name: string, email: string): Promise<string> {
  const hive = await serviceRpc<{ id: string }>(url, 'create_buzz_haven_hive', { p_name: name });
  const { data: adoption, error } = await client(url).rpc('submit_buzz_haven_adoption_request', {
    p_tier: 'swarm-supporter', p_plan: 'monthly', p_name: 'Ada', p_email: email,
  });
  if (error) throw new Error(`adoption request: ${error.message}`);
  await serviceRpc(url, 'update_buzz_haven_adoption_request', { p_id: adoption.id, p_hive_id: hive.id, p_status: 'active' });
  return hive.id;
}

/** Opens the newest mailed link to `email` and takes the session from where it lands. */
export async function sessionFromLatestLink(url: string, email: string): Promise<SupabaseClient> {
  const landed = fragment(await openLink((await latestMail(url, email)).link!));
  if (!landed.access_token) throw new Error(`the link landed without a session: ${JSON.stringify(landed)}`);
  const supabase = client(url);
  const { error } = await supabase.auth.setSession({ access_token: landed.access_token, refresh_token: landed.refresh_token! });
  if (error) throw new Error(`setSession: ${error.message}`);
  return supabase;
}

/** What /my-hive does: signInWithOtp back to the page, then the mailed link. */
export async function signInByLink(url: string, email: string): Promise<SupabaseClient> {
  const { error } = await client(url).auth.signInWithOtp({ email, options: { emailRedirectTo: MY_HIVE } });
  if (error) throw new Error(`signInWithOtp: ${error.message}`);
  return sessionFromLatestLink(url, email);
}

/** The access token's claims. */
export const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, any>;

/** The sign-in methods of a client's session (the JWT's amr). */
export async function amrOf(supabase: SupabaseClient): Promise<string[]> {
  const { data } = await supabase.auth.getSession();
  return (claimsOf(data.session!.access_token).amr as { method: string }[]).map((a) => a.method);
}

/** The answer /my-hive refuses a session with that did not sign in by an e-mailed link or code. */
export const SIGN_IN_BY_LINK = { code: '42501', message: 'Sign in with the link we e-mail you to see your hive' };
