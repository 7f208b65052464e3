/**
 * For the site specs that check what a visitor's request stored: the demo owner's session from
 * the real Auth API and staff RPCs through the real REST API of the embedded backend.
 */
import type { APIRequestContext } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../../supabase/local/src/keys';

const API = 'http://127.0.0.1:54321';
const OWNER = { email: 'owner@example.com', password: 'buzzhaven-owner' };

let token: string | null = null;

/** The demo owner's access token from the real Auth API (password grant), cached for the run. */
export async function ownerToken(request: APIRequestContext): Promise<string> {
  if (token) return token;
  const response = await request.post(`${API}/auth/v1/token?grant_type=password`, {
    headers: { apikey: LOCAL_ANON_KEY },
    data: OWNER,
  });
  if (!response.ok()) throw new Error(`owner sign-in failed: ${response.status()} ${await response.text()}`);
  token = ((await response.json()) as { access_token: string }).access_token;
  return token;
}

/** Calls `fn` as the signed-in owner; throws with the server's answer on a refusal. */
export async function staffRpc<T>(request: APIRequestContext, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const response = await request.post(`${API}/rest/v1/rpc/${fn}`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${await ownerToken(request)}` },
    data: args,
  });
  if (!response.ok()) throw new Error(`${fn}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}
