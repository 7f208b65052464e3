/**
 * GoTrue behaviour of the embedded backend, through the real supabase-js client over HTTP:
 * sign-up, sign-in, the error codes the client maps, refresh-token rotation.
 * (The signed-in user's endpoints and sign-out: auth-user.test.ts.)
 */
import { AuthApiError, isAuthWeakPasswordError, type Session } from '@supabase/supabase-js';
import { OWNER, client, uniqueEmail } from './support/clients';
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
