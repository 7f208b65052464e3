/**
 * Refresh-token reuse (supabase/local/src/auth/api/tokenRefresh.ts): a revoked token presented
 * after its reuse interval ends the whole family (every token of the session), the newest one
 * included; within the interval it answers the session's current token instead of starting a
 * second branch. (Rotation and the lost-answer retry: auth.test.ts.)
 */
import { OWNER, client } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

/** Seconds a revoked refresh token stays usable; short so the tests can wait it out. */
const REUSE_INTERVAL_S = 2;
const pastTheInterval = () => new Promise((done) => setTimeout(done, (REUSE_INTERVAL_S + 1) * 1000));

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

/** A refresh through a new client, so no client-side cache answers instead of the server. */
function refresh(refreshToken: string) {
  return client(backend.url).auth.refreshSession({ refresh_token: refreshToken });
}

async function signIn(): Promise<{ token: string; access: string }> {
  const { data, error } = await client(backend.url).auth.signInWithPassword(OWNER);
  expect(error).toBeNull();
  return { token: data.session!.refresh_token, access: data.session!.access_token };
}

async function rotate(token: string): Promise<string> {
  const { data, error } = await refresh(token);
  expect(error).toBeNull();
  return data.session!.refresh_token;
}

test('a replay detected right after a rotation still revokes the newest token', async () => {
  const r0 = (await signIn()).token;
  const r1 = await rotate(r0);
  await pastTheInterval();
  const r2 = await rotate(r1); // the owner's client refreshes just before the thief replays r0
  const replay = await refresh(r0);
  expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  const newest = await refresh(r2);
  expect(newest.data.session).toBeNull();
  expect(newest.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  // Nor does the parent of the newest (the lost-answer retry) bring the family back.
  expect((await refresh(r1)).error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
}, 30_000);

test('a grandparent reused within the interval gets the current token, and after it ends the family', async () => {
  const r0 = (await signIn()).token;
  const r1 = await rotate(r0);
  const r2 = await rotate(r1);
  const early = await refresh(r0);
  expect(early.error).toBeNull();
  expect(early.data.session!.refresh_token).toBe(r2); // no second branch of the family

  await pastTheInterval();
  const late = await refresh(r0);
  expect(late.data.session).toBeNull();
  expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
  expect((await refresh(r2)).error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
}, 30_000);

test('other sessions of the user are not touched by a replay in one of them', async () => {
  const other = (await signIn()).token;
  const r0 = (await signIn()).token;
  await rotate(await rotate(r0));
  await pastTheInterval();
  expect((await refresh(r0)).error).toMatchObject({ code: 'refresh_token_already_used' });
  expect((await refresh(other)).error).toBeNull();
}, 30_000);
