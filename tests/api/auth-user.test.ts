/**
 * GoTrue behaviour of the embedded backend for a signed-in user, through the real supabase-js
 * client over HTTP: /user GET and PUT, sign-out scopes, recover, settings, health, jwks.
 */
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { ANON_KEY, OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { fragment, latestMail, openLink } from './support/mailbox';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: {
      SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000',
      SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
    },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

/** A refresh through a new client, so no client-side cache answers instead of the server. */
function refresh(refreshToken: string) {
  return client(backend.url).auth.refreshSession({ refresh_token: refreshToken });
}

describe('the signed-in user', () => {
  test('getUser returns the user of the access token', async () => {
    const supabase = await signedIn(backend.url, OWNER.email, OWNER.password);
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(OWNER.email);
    expect(data.user?.role).toBe('authenticated');
  });

  test('getUser with the anon key (no sub) is 403 bad_jwt', async () => {
    const { error } = await client(backend.url).auth.getUser(ANON_KEY);
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
    expect(error?.message).toBe('invalid claim: missing sub claim');
  });

  test('updateUser merges metadata (null deletes a key) and changes the password', async () => {
    const email = uniqueEmail('update');
    const supabase = client(backend.url);
    await supabase.auth.signUp({ email, password: 'first-password', options: { data: { full_name: 'Old', city: 'Oslo' } } });

    const renamed = await supabase.auth.updateUser({ data: { full_name: 'New Name', city: null } });
    expect(renamed.error).toBeNull();
    expect(renamed.data.user?.user_metadata.full_name).toBe('New Name');
    expect(renamed.data.user?.user_metadata).not.toHaveProperty('city');
    expect((await supabase.auth.getUser()).data.user?.user_metadata.full_name).toBe('New Name');

    const same = await supabase.auth.updateUser({ password: 'first-password' });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');

    const weak = await supabase.auth.updateUser({ password: 'abc' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);

    expect((await supabase.auth.updateUser({ password: 'second-password' })).error).toBeNull();
    const old = await client(backend.url).auth.signInWithPassword({ email, password: 'first-password' });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await client(backend.url).auth.signInWithPassword({ email, password: 'second-password' });
    expect(fresh.error).toBeNull();
  });
});

describe('changing the e-mail address', () => {
  test('a free address waits for its own link (the current one\'s alone does not apply it); a taken one is 422 email_exists', async () => {
    const supabase = client(backend.url);
    const before = uniqueEmail('before');
    await supabase.auth.signUp({ email: before, password: 'email-pass' });
    const taken = await supabase.auth.updateUser({ email: OWNER.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');

    const next = uniqueEmail('after');
    const moved = await supabase.auth.updateUser({ email: next });
    expect(moved.error).toBeNull();
    expect(moved.data.user).toMatchObject({ email: before, new_email: next });
    expect((await client(backend.url).auth.signInWithPassword({ email: next, password: 'email-pass' })).error?.code).toBe('invalid_credentials');

    // double_confirm_changes: both addresses are mailed; the current address's link alone waits.
    const current = await latestMail(backend.url, before);
    expect(current.kind).toBe('email_change');
    expect(fragment(await openLink(current.link!))).toMatchObject({ message: expect.stringContaining('Confirmation link accepted') });
    expect((await supabase.auth.refreshSession()).data.user).toMatchObject({ email: before, new_email: next });

    const landed = fragment(await openLink((await latestMail(backend.url, next)).link!));
    expect(landed).toMatchObject({ type: 'email_change', access_token: expect.any(String) });
    expect((await client(backend.url).auth.signInWithPassword({ email: next, password: 'email-pass' })).error).toBeNull();
  });
});

describe('sign-out', () => {
  test('global sign-out ends every session: /user answers 403 session_not_found', async () => {
    const email = uniqueEmail('signout');
    const a = client(backend.url);
    const { data } = await a.auth.signUp({ email, password: 'sign-out-pass' });
    const b = await signedIn(backend.url, email, 'sign-out-pass');
    const tokenA = data.session!.access_token;
    const tokenB = (await b.auth.getSession()).data.session!.access_token;
    const refreshB = (await b.auth.getSession()).data.session!.refresh_token;

    expect((await a.auth.signOut()).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();

    for (const token of [tokenA, tokenB]) {
      const res = await fetch(`${backend.url}/auth/v1/user`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: 'session_not_found',
        message: 'Session from session_id claim in JWT does not exist',
      });
    }
    // supabase-js turns session_not_found into "signed out".
    const { error } = await b.auth.getUser(tokenB);
    expect(error?.name).toBe('AuthSessionMissingError');
    expect((await refresh(refreshB)).error?.code).toBe('refresh_token_not_found');
  });

  test("scope 'others' keeps the current session and ends the other ones", async () => {
    const email = uniqueEmail('others');
    await client(backend.url).auth.signUp({ email, password: 'others-pass' });
    const keep = await signedIn(backend.url, email, 'others-pass');
    const other = await signedIn(backend.url, email, 'others-pass');

    expect((await keep.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await keep.auth.getUser()).data.user?.email).toBe(email);
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  test("scope 'local' ends only the current session", async () => {
    const email = uniqueEmail('local');
    await client(backend.url).auth.signUp({ email, password: 'local-pass' });
    const leaving = await signedIn(backend.url, email, 'local-pass');
    const staying = await signedIn(backend.url, email, 'local-pass');
    const leavingToken = (await leaving.auth.getSession()).data.session!.access_token;

    expect((await leaving.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await client(backend.url).auth.getUser(leavingToken)).error?.name).toBe('AuthSessionMissingError');
    expect((await staying.auth.getUser()).data.user?.email).toBe(email);
  });
});

describe('the other auth endpoints', () => {
  test('password recovery answers {} for known and unknown addresses alike', async () => {
    const known = await client(backend.url).auth.resetPasswordForEmail(OWNER.email);
    expect(known).toEqual({ data: {}, error: null });
    const unknown = await client(backend.url).auth.resetPasswordForEmail(uniqueEmail('ghost'));
    expect(unknown).toEqual({ data: {}, error: null });
  });

  test('settings, health and jwks answer like GoTrue', async () => {
    const settings = await (await fetch(`${backend.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: { email: true, phone: false } });
    const health = await (await fetch(`${backend.url}/auth/v1/health`)).json();
    expect(health.name).toBe('GoTrue');
    const jwks = await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await jwks.json()).toEqual({ keys: [] });
  });

  test('without the API version header errors use the legacy body', async () => {
    const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER.email, password: 'nope-nope' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  test('an unknown grant type is refused', async () => {
    const res = await fetch(`${backend.url}/auth/v1/token?grant_type=magic`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});
