/**
 * Attacks that once succeeded against the embedded backend, over real HTTP: sessions that outlive
 * a password change, probing /recover for accounts, flooding the function lookup with made-up
 * names, and deeply nested JSON. Each request carries the anon apikey, as an attacker's would.
 */
import { openDb } from '../../supabase/local/src/db/index';
import { FunctionCatalog } from '../../supabase/local/src/rest/catalog';
import { ANON_KEY, OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

const EMAIL_SENT = 3;
const JSON_HEADERS = { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000', SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: String(EMAIL_SENT) },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const post = (path: string, body: string) => fetch(`${backend.url}${path}`, { method: 'POST', headers: JSON_HEADERS, body });
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('a password change', () => {
  test("ends the user's other sessions (refresh and /user fail) and keeps the current one", async () => {
    const email = uniqueEmail('pw-change');
    await client(backend.url).auth.signUp({ email, password: 'old-password' });
    const s1 = await signedIn(backend.url, email, 'old-password');
    const s2 = await signedIn(backend.url, email, 'old-password');
    const s2Session = (await s2.auth.getSession()).data.session!;

    expect((await s1.auth.updateUser({ password: 'new-password' })).error).toBeNull();

    const user = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { ...JSON_HEADERS, authorization: `Bearer ${s2Session.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
    const refreshed = await client(backend.url).auth.refreshSession({ refresh_token: s2Session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');

    expect((await s1.auth.getUser()).data.user?.email).toBe(email);
    expect((await s1.auth.refreshSession()).error).toBeNull();
  });
});

describe('/recover', () => {
  test(`answers a known and an unknown address alike, and ${EMAIL_SENT} per IP per hour at most`, async () => {
    const known = () => post('/auth/v1/recover', JSON.stringify({ email: OWNER.email }));
    const unknown = () => post('/auth/v1/recover', JSON.stringify({ email: uniqueEmail('ghost') }));
    const answers = [];
    for (const send of [known, known, unknown]) {
      const res = await send();
      answers.push([res.status, await res.json()]);
    }
    expect(answers).toEqual([[200, {}], [200, {}], [200, {}]]);
    for (const send of [known, unknown]) {
      const res = await send();
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' });
    }
  });
});

describe('function names', () => {
  test.each([
    ['64 bytes', 'f'.repeat(64)],
    ['2,000 characters', 'x'.repeat(2000)],
    ['63 bytes of two-byte letters plus one', 'é'.repeat(32)],
  ])('a name of %s is PostgREST not-found (404 PGRST202)', async (_what, name) => {
    const res = await post(`/rest/v1/rpc/${encodeURIComponent(name)}`, '{}');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: 'PGRST202',
      message: `Could not find the function public.${name} without parameters in the schema cache`,
    });
  });

  test('the function cache does not grow with missed lookups', async () => {
    const db = await openDb({});
    try {
      const catalog = new FunctionCatalog(db);
      for (let i = 0; i < 500; i++) expect(await catalog.lookup('public', `missing_${i}`)).toEqual([]);
      expect(await catalog.lookup('public', 'x'.repeat(2000))).toEqual([]);
      expect(catalog.size).toBe(0);
      expect((await catalog.lookup('pg_catalog', 'now')).length).toBeGreaterThan(0);
      expect(catalog.size).toBe(1);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('deeply nested JSON', () => {
  test('100,000 levels in an RPC argument are 400 PGRST102, and the server keeps serving', async () => {
    const res = await post('/rest/v1/rpc/subscribe_buzz_haven_newsletter', `{"p_email":${nested(100_000)}}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json', details: 'JSON nesting is too deep (1000 levels at most)' });
    expect((await client(backend.url).rpc('subscribe_buzz_haven_newsletter', { p_email: uniqueEmail('after-deep') })).data).toBe(true);
  });

  test('100,000 levels in sign-up data are 400 bad_json; ordinary nesting still signs up', async () => {
    const deep = await post('/auth/v1/signup', `{"email":"${uniqueEmail('deep')}","password":"deep-password","data":{"x":${nested(100_000)}}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      code: 'bad_json',
      message: 'Could not parse request body as JSON: JSON nesting is too deep (1000 levels at most)',
    });
    // brackets inside strings do not count
    const data = { x: JSON.parse(nested(50)), note: '['.repeat(5000) };
    const ok = await client(backend.url).auth.signUp({ email: uniqueEmail('nested'), password: 'deep-password', options: { data } });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.user_metadata.note).toBe(data.note);
  });
});
