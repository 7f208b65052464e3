/**
 * Anonymous sign-ins when `[auth] enable_anonymous_sign_ins` is on (here through
 * SUPABASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS; config.toml keeps it off, see auth-not-offered.test.ts),
 * through supabase-js, as GoTrue documents them (supabase docs guides/auth/auth-anonymous; GoTrue
 * internal/api/anonymous.go): POST /signup without e-mail or phone gives a session for a new user
 * with `is_anonymous`, no e-mail, the sign-up's data as user metadata, a JWT with
 * `is_anonymous: true`, role `authenticated` and amr `anonymous`; `/settings` lists the provider;
 * `[auth.rate_limit] anonymous_users` limits them per hour per IP.
 */
import { client } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: { SUPABASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS: 'true', SUPABASE_AUTH_RATE_LIMIT_ANONYMOUS_USERS: '3' },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

test('signInAnonymously gives an anonymous user a session; getUser knows it', async () => {
  const supabase = client(backend.url);
  const { data, error } = await supabase.auth.signInAnonymously({ options: { data: { nickname: 'buzz' } } });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ is_anonymous: true, role: 'authenticated', user_metadata: { nickname: 'buzz' }, app_metadata: {} });
  expect(data.user?.email ?? '').toBe('');
  expect(data.user?.identities).toEqual([]);
  const jwt = claims(data.session!.access_token);
  expect(jwt).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: data.user!.id, aal: 'aal1' });
  expect((jwt.amr as Array<{ method: string }>).map((a) => a.method)).toEqual(['anonymous']);
  const { data: fetched } = await supabase.auth.getUser();
  expect(fetched.user).toMatchObject({ id: data.user!.id, is_anonymous: true });
});

test('/settings lists anonymous_users as offered', async () => {
  const res = await fetch(`${backend.url}/auth/v1/settings`);
  expect((await res.json()).external.anonymous_users).toBe(true);
});

test('anonymous sign-ins beyond [auth.rate_limit] anonymous_users per hour are 429', async () => {
  const answers: Array<number | undefined> = [];
  for (let i = 0; i < 3; i += 1) answers.push((await client(backend.url).auth.signInAnonymously()).error?.status);
  // The first test used one of the 3.
  expect(answers).toEqual([undefined, undefined, 429]);
});
