/**
 * /my-hive over real HTTP with supabase-js: an adopter's sign-in link (signInWithOtp with the
 * page as emailRedirectTo) lands on /my-hive with a session whose RPC answers their hive and its
 * shared note, refuses another hive (403 42501), and the same link opened again, or one opened
 * after `otp_expiry`, lands with otp_expired (the page's "used or expired" message). A session
 * that signed in with a password (amr `password`) never reads a hive: not a sign-up with the
 * adopter's address, nor a password set before the adopter first signed in by link.
 */
import { client, uniqueEmail } from './support/clients';
import { fragment, latestMail, openLink } from './support/mailbox';
import { adoptedHive, amrOf, MY_HIVE, serviceRpc as rpcOf, SIGN_IN_BY_LINK, signInByLink } from './support/myHive';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;
const OTP_EXPIRY_S = 4;

beforeAll(async () => {
  backend = await startBackend({
    env: {
      SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000',
      SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000',
      SUPABASE_AUTH_EMAIL_MAX_FREQUENCY: '0',
      SUPABASE_AUTH_EMAIL_OTP_EXPIRY: String(OTP_EXPIRY_S),
    },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const serviceRpc = <T>(fn: string, args: Record<string, unknown>) => rpcOf<T>(backend.url, fn, args);

async function sendLink(email: string) {
  expect((await client(backend.url).auth.signInWithOtp({ email, options: { emailRedirectTo: MY_HIVE } })).error).toBeNull();
  return (await latestMail(backend.url, email)).link!;
}

test('an adopter signs in by link and sees their hive only; the link works once', async () => {
  const email = uniqueEmail('adopter');
  const mine = await serviceRpc<{ id: string }>('create_buzz_haven_hive', { p_name: 'Fig Hive' });
  const other = await serviceRpc<{ id: string }>('create_buzz_haven_hive', { p_name: 'Oak Hive' });
  const { data: adoption } = await client(backend.url).rpc('submit_buzz_haven_adoption_request', {
    p_tier: 'swarm-supporter', p_plan: 'monthly', p_name: 'Ada', p_email: email,
  });
  await serviceRpc('update_buzz_haven_adoption_request', { p_id: adoption.id, p_hive_id: mine.id, p_status: 'active' });
  const today = new Date().toISOString().slice(0, 10);
  await serviceRpc('create_buzz_haven_inspection', { p_hive_id: mine.id, p_inspected_on: today, p_share: true, p_share_note: 'Fig note' });
  await serviceRpc('create_buzz_haven_inspection', { p_hive_id: other.id, p_inspected_on: today, p_share: true, p_share_note: 'Oak note' });

  const link = await sendLink(email);
  const landed = await openLink(link);
  expect(`${landed.origin}${landed.pathname}`).toBe(MY_HIVE);
  const session = fragment(landed);
  const supabase = client(backend.url);
  await supabase.auth.setSession({ access_token: session.access_token!, refresh_token: session.refresh_token! });

  const { data, error } = await supabase.rpc('get_buzz_haven_my_hives');
  expect(error).toBeNull();
  expect(data.email).toBe(email);
  expect(data.hives.map((h: { name: string }) => h.name)).toEqual(['Fig Hive']);
  expect(data.hives[0].highlights.map((h: { note: string }) => h.note)).toEqual(['Fig note']);
  expect(JSON.stringify(data)).not.toContain('Oak');

  const refused = await supabase.rpc('get_buzz_haven_my_hives', { p_hive_id: other.id });
  expect(refused.status).toBe(403);
  expect(refused.error).toMatchObject({ code: '42501', message: 'This hive is not one of yours' });
  const anonymous = await client(backend.url).rpc('get_buzz_haven_my_hives');
  expect(anonymous.status).toBe(401);

  expect(fragment(await openLink(link))).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
});

test('a link opened after otp_expiry lands with otp_expired and no session', async () => {
  const email = uniqueEmail('late');
  const link = await sendLink(email);
  await new Promise((resolve) => setTimeout(resolve, (OTP_EXPIRY_S + 1.5) * 1000));
  const landed = fragment(await openLink(link));
  expect(landed).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
  expect(landed.access_token).toBeUndefined();
});

test('a password sign-up with an adopter\'s address is signed in but never reads the hive', async () => {
  const email = uniqueEmail('victim');
  await adoptedHive(backend.url, 'Plum Hive', email);
  const attacker = client(backend.url);
  const signUp = await attacker.auth.signUp({ email, password: 'attacker-pass-1' });
  expect(signUp.error).toBeNull();
  // Confirmations are off locally: the sign-up is confirmed and signed in at once.
  expect(signUp.data.user!.email_confirmed_at).toBeDefined();
  expect(await amrOf(attacker)).toEqual(['password']);
  const refused = await attacker.rpc('get_buzz_haven_my_hives');
  expect(refused.status).toBe(403);
  expect(refused.error).toMatchObject(SIGN_IN_BY_LINK);
  expect(JSON.stringify(refused)).not.toContain('Plum');

  // A refreshed token keeps the session's sign-in method.
  expect((await attacker.auth.refreshSession()).error).toBeNull();
  expect(await amrOf(attacker)).toEqual(['password']);
  expect((await attacker.rpc('get_buzz_haven_my_hives')).error).toMatchObject(SIGN_IN_BY_LINK);
});

test('a password set before the adopter signed in by link keeps signing in, never reading the hive', async () => {
  const email = uniqueEmail('pre-hijack');
  await adoptedHive(backend.url, 'Quince Hive', email);
  expect((await client(backend.url).auth.signUp({ email, password: 'planted-pass-1' })).error).toBeNull();

  const adopter = await signInByLink(backend.url, email);
  expect(await amrOf(adopter)).toEqual(['otp']);
  const mine = await adopter.rpc('get_buzz_haven_my_hives');
  expect(mine.error).toBeNull();
  expect(mine.data.hives.map((h: { name: string }) => h.name)).toEqual(['Quince Hive']);
  // The link's session stays proof after a refresh (GoTrue keeps amr per session).
  expect((await adopter.auth.refreshSession()).error).toBeNull();
  expect(await amrOf(adopter)).toEqual(['otp']);
  expect((await adopter.rpc('get_buzz_haven_my_hives')).error).toBeNull();

  const attacker = client(backend.url);
  expect((await attacker.auth.signInWithPassword({ email, password: 'planted-pass-1' })).error).toBeNull();
  expect(await amrOf(attacker)).toEqual(['password']);
  const refused = await attacker.rpc('get_buzz_haven_my_hives');
  expect(refused.status).toBe(403);
  expect(refused.error).toMatchObject(SIGN_IN_BY_LINK);
});

test('moving an account onto an adopter\'s address waits for the adopter\'s mailbox; meanwhile no hive', async () => {
  const email = uniqueEmail('moved-onto');
  await adoptedHive(backend.url, 'Sloe Hive', email);
  const attacker = await signInByLink(backend.url, uniqueEmail('mover'));
  const moved = await attacker.auth.updateUser({ email });
  expect(moved.error).toBeNull();
  expect(moved.data.user!.email).not.toBe(email);
  // The link to the attacker's own (current) address does not apply the change.
  await expectChangePending(moved.data.user!.email!);
  expect((await attacker.auth.refreshSession()).error).toBeNull();
  const mine = await attacker.rpc('get_buzz_haven_my_hives');
  expect(mine.error).toBeNull();
  expect(mine.data).toMatchObject({ hives: [] });
  expect(mine.data.email).not.toBe(email);
});

/** Opens the newest link to `to`; an e-mail change's first link lands with a message, no session. */
async function expectChangePending(to: string) {
  const landed = fragment(await openLink((await latestMail(backend.url, to)).link!));
  expect(landed).toMatchObject({ message: expect.stringContaining('Confirmation link accepted') });
  expect(landed.access_token).toBeUndefined();
}
