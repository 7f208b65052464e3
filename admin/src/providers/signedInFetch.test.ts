/**
 * The admin client's fetch, under the real supabase-js client: without a session, REST and Edge
 * Function calls are answered 401 without a request; signed in, and for Auth, requests go out.
 */
import { createClient } from '@supabase/supabase-js';
import { signedInFetch } from './signedInFetch';

const URL = 'http://127.0.0.1:59999';
const ANON = 'anon-key-for-this-test';

const setup = (session: { access_token: string } | null) => {
  const sent: string[] = [];
  const send = (async (input: RequestInfo | URL) => {
    sent.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify(7), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const client = createClient(URL, ANON, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: signedInFetch(URL, ANON, send) },
    ...(session ? { accessToken: async () => session.access_token } : {}),
  });
  return { client, sent };
};

test('signed out, an RPC is answered with PostgREST 401 and never sent', async () => {
  const { client, sent } = setup(null);
  const { data, error, status } = await client.rpc('count_table_rows', { table_name: 'products' });
  expect(status).toBe(401);
  expect(data).toBeNull();
  expect(error).toMatchObject({ code: '42501', message: 'You are signed out. Sign in again.' });
  const fn = await client.functions.invoke('publish-content', { body: {} });
  expect(fn.error?.context?.status).toBe(401);
  expect(sent).toEqual([]);
});

test('signed out, Auth calls still go out (sign-in must work)', async () => {
  const { client, sent } = setup(null);
  await client.auth.signInWithPassword({ email: 'owner@example.com', password: 'x' }).catch(() => undefined);
  expect(sent.some((url) => url.startsWith(`${URL}/auth/v1/token`))).toBe(true);
});

test('with a user token the RPC is sent and answered by the server', async () => {
  const { client, sent } = setup({ access_token: 'user-jwt' });
  const { data, status } = await client.rpc('count_table_rows', { table_name: 'products' });
  expect([status, data]).toEqual([200, 7]);
  expect(sent).toEqual([`${URL}/rest/v1/rpc/count_table_rows`]);
});
