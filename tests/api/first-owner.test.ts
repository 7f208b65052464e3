/**
 * No stranger claims the business: a sign-up gets no role, and only the operator's
 * `npm run make-owner -- <email>` (service key) makes an owner.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { client, signedIn, uniqueEmail } from './support/clients';
import { REPO_ROOT, removeDataDir, startBackend, type Backend } from './support/server';

const run = promisify(execFile);
let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

function makeOwner(email: string) {
  return run(process.execPath, ['scripts/make-owner.mjs', email], { cwd: REPO_ROOT, env: { ...process.env, SUPABASE_URL: backend.url } })
    .then(({ stdout }) => ({ code: 0, out: stdout }))
    .catch((err: { code: number; stderr: string }) => ({ code: err.code, out: err.stderr }));
}

test('a sign-up gets no role; make-owner (service key) makes it an owner; the API roles cannot', async () => {
  const email = uniqueEmail('founder');
  const supabase = client(backend.url);
  const { data } = await supabase.auth.signUp({ email, password: 'founder-pass' });
  const created = await supabase.rpc('create_buzz_haven_user', { p_email: email, p_name: 'Fran', p_auth_user_id: data.user!.id });
  expect(created.data).toMatchObject({ role: null });

  const self = await supabase.rpc('make_buzz_haven_owner', { p_email: email });
  expect(self.status).toBe(403);
  expect(self.error?.code).toBe('42501');

  expect(await makeOwner(email)).toEqual({ code: 0, out: `${email} is now an owner of Buzz Haven.\n` });
  const owner = await signedIn(backend.url, email, 'founder-pass');
  expect((await owner.rpc('get_buzz_haven_current_user')).data).toMatchObject({ email, role: 'owner', is_active: true });

  const missing = await makeOwner('nobody@example.com');
  expect(missing).toEqual({ code: 1, out: 'Could not make nobody@example.com an owner: No account uses nobody@example.com yet: sign up first, then run this again\n' });
});
