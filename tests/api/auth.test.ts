/**
 * GoTrue behaviour of the embedded backend, through the real supabase-js client over HTTP:
 * sign-up, sign-in, the error codes the client maps, refresh-token rotation, user, sign-out.
 */
import { AuthApiError, isAuthWeakPasswordError, type Session } from '@supabase/supabase-js';
import { ANON_KEY, OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

/** Seconds a revoked refresh token stays usable; short so the test can wait it out. */
const REUSE_INTERVAL_S = 2;

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: {
      SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL: String(REUSE_INTERVAL_S),
      SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000',
    },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

/** A refresh through a new client, so no client-side cache answers instead of the server. */
function refresh(refreshToken: string) {
  return client(backend.url).auth.refreshSession({ refresh_token: refreshToken });
}

async function ownerSession(): Promise<Session> {
  const { data, error } = await client(backend.url).auth.signInWithPassword(OWNER);
  expect(error).toBeNull();
  return data.session!;
}

describe('sign-up', () => {
  test('returns a session whose user carries the name given as metadata', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await client(backend.url).auth.signUp({
      email,
      password: 'a-good-password',
      options: { data: { full_name: 'Ada Apiarist' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.full_name).toBe('Ada Apiarist');
    expect(data.user?.user_metadata.email_verified).toBe(true);
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities).toHaveLength(1);
    const jwt = claims(data.session!.access_token);
    expect(jwt).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      aal: 'aal1',
    });
    expect(typeof jwt.session_id).toBe('string');
    expect((jwt.exp as number) - (jwt.iat as number)).toBe(3600);
  });

  test('a password under 6 characters is an AuthWeakPasswordError with reason length', async () => {
    const { data, error } = await client(backend.url).auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(data.session).toBeNull();
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 6 characters.');
    expect((error as { reasons?: string[] }).reasons).toEqual(['length']);
  });

  test('a password over 72 characters is refused with validation_failed', async () => {
    const { error } = await client(backend.url).auth.signUp({ email: uniqueEmail('long'), password: 'x'.repeat(73) });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });

  test('an address already registered gives 422 user_already_exists', async () => {
    const { error } = await client(backend.url).auth.signUp({ email: OWNER.email, password: 'another-password' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  test('a malformed address gives validation_failed', async () => {
    const { error } = await client(backend.url).auth.signUp({ email: 'not-an-email', password: 'long-enough' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Unable to validate email address: invalid format');
  });
});

describe('sign-in with password', () => {
  test('the seeded demo owner signs in (bcrypt hash written by the seed)', async () => {
    const { data, error } = await client(backend.url).auth.signInWithPassword(OWNER);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(OWNER.email);
    expect(data.session?.token_type).toBe('bearer');
    expect(claims(data.session!.access_token).sub).toBe(data.user!.id);
  });

  test('a wrong password is 400 invalid_credentials', async () => {
    const { data, error } = await client(backend.url).auth.signInWithPassword({ email: OWNER.email, password: 'wrong-password' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  test('an unknown address gets the same answer as a wrong password', async () => {
    const { error } = await client(backend.url).auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
  });
});

describe('refresh token rotation', () => {
  test('rotates, answers a retry of the parent with the current token, refuses replays after the interval', async () => {
    const first = await ownerSession();
    const r0 = first.refresh_token;

    const one = await refresh(r0);
    expect(one.error).toBeNull();
    const r1 = one.data.session!.refresh_token;
    expect(r1).not.toBe(r0);
    expect(claims(one.data.session!.access_token).session_id).toBe(claims(first.access_token).session_id);

    // The client lost the answer and retries with r0: same current token, no new rotation.
    const retry = await refresh(r0);
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(r1);

    const two = await refresh(r1);
    expect(two.error).toBeNull();
    const r2 = two.data.session!.refresh_token;
    expect(r2).not.toBe(r1);

    await new Promise((done) => setTimeout(done, (REUSE_INTERVAL_S + 1) * 1000));
    const replay = await refresh(r0);
    expect(replay.data.session).toBeNull();
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');

    // The replay revoked the whole family, the newest token included.
    const afterTheft = await refresh(r2);
    expect(afterTheft.error?.code).toBe('refresh_token_already_used');
  }, 60_000);

  test('a revoked token that is not the parent is still accepted inside the reuse interval', async () => {
    const r0 = (await ownerSession()).refresh_token;
    const r1 = (await refresh(r0)).data.session!.refresh_token;
    await refresh(r1);
    const late = await refresh(r0);
    expect(late.error).toBeNull();
    expect(late.data.session?.user.email).toBe(OWNER.email);
  });

  test('an unknown refresh token is refresh_token_not_found', async () => {
    const { error } = await refresh('unknown-token-abcdefgh');
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });
});

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
  test('a free address is applied at once (autoconfirm); a taken one is 422 email_exists', async () => {
    const supabase = client(backend.url);
    await supabase.auth.signUp({ email: uniqueEmail('before'), password: 'email-pass' });
    const taken = await supabase.auth.updateUser({ email: OWNER.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');

    const next = uniqueEmail('after');
    const moved = await supabase.auth.updateUser({ email: next });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.email).toBe(next);
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
