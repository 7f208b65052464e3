/**
 * `[auth.email] enable_confirmations = true` (here env SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS),
 * as GoTrue answers it (internal/api/signup.go, magic_link.go, verify.go): sign-up answers the
 * user without a session and mails a confirmation link and code; a password sign-in waits for the
 * confirmation; a second sign-up neither changes the password nor says whether the address is
 * taken; signInWithOtp mails an unconfirmed address the confirmation, which signs in. And
 * /my-hive with confirmations on: a password planted before the adopter confirmed never reads
 * the hive.
 */
import { client, signedIn, uniqueEmail } from './support/clients';
import { fragment, mailTo, openLink, otpOf } from './support/mailbox';
import { adoptedHive, amrOf, MY_HIVE, SIGN_IN_BY_LINK, sessionFromLatestLink } from './support/myHive';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: {
      SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS: 'true',
      SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000',
      SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000',
      SUPABASE_AUTH_EMAIL_MAX_FREQUENCY: '0',
    },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

test('settings report mailer_autoconfirm off', async () => {
  const res = await fetch(`${backend.url}/auth/v1/settings`);
  expect(await res.json()).toMatchObject({ mailer_autoconfirm: false });
});

test('sign-up: no session, a confirmation mail; the link confirms and signs in; then the password works', async () => {
  const email = uniqueEmail('confirm');
  const signUp = await client(backend.url).auth.signUp({
    email, password: 'first-pass-1', options: { data: { full_name: 'Casey' }, emailRedirectTo: MY_HIVE },
  });
  expect(signUp.error).toBeNull();
  expect(signUp.data.session).toBeNull();
  expect(signUp.data.user).toMatchObject({ email, user_metadata: { full_name: 'Casey', email_verified: false } });
  expect(signUp.data.user!.email_confirmed_at).toBeUndefined();
  expect(signUp.data.user!.confirmation_sent_at).toBeDefined();

  const [mail] = await mailTo(backend.url, email);
  expect(mail).toMatchObject({ kind: 'confirmation', subject: 'Confirm your email address' });
  expect(new URL(mail!.link!).searchParams.get('type')).toBe('signup');
  expect(otpOf(mail!)).toMatch(/^\d{6}$/);

  const early = await client(backend.url).auth.signInWithPassword({ email, password: 'first-pass-1' });
  expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  // Signing up again mails the link again and leaves the password as it was.
  const again = await client(backend.url).auth.signUp({ email, password: 'second-pass-2', options: { emailRedirectTo: MY_HIVE } });
  expect(again.error).toBeNull();
  expect(again.data.session).toBeNull();
  expect(again.data.user!.id).toBe(signUp.data.user!.id);
  expect(await mailTo(backend.url, email)).toHaveLength(2);

  const landed = await openLink((await mailTo(backend.url, email))[0]!.link!);
  expect(`${landed.origin}${landed.pathname}`).toBe(MY_HIVE);
  expect(fragment(landed)).toMatchObject({ type: 'signup', access_token: expect.any(String) });
  const first = fragment(await openLink(mail!.link!));
  expect(first).toMatchObject({ error_code: 'otp_expired' });

  const confirmed = await signedIn(backend.url, email, 'first-pass-1');
  expect((await confirmed.auth.getUser()).data.user!.email_confirmed_at).toBeDefined();
  expect((await client(backend.url).auth.signInWithPassword({ email, password: 'second-pass-2' })).error)
    .toMatchObject({ code: 'invalid_credentials' });

  // A confirmed address: an obfuscated user, no mail, nothing said about the account.
  const taken = await client(backend.url).auth.signUp({ email, password: 'third-pass-3' });
  expect(taken.error).toBeNull();
  expect(taken.data.session).toBeNull();
  expect(taken.data.user!.id).not.toBe(signUp.data.user!.id);
  expect(taken.data.user!.identities).toEqual([]);
  expect(await mailTo(backend.url, email)).toHaveLength(2);
});

test.each(['signup', 'email'] as const)('the confirmation code verifies as type %s and signs in with amr otp', async (type) => {
  const email = uniqueEmail(`confirm-${type}`);
  await client(backend.url).auth.signUp({ email, password: 'code-pass-1' });
  const code = otpOf((await mailTo(backend.url, email))[0]!);
  const supabase = client(backend.url);
  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ email, user_metadata: { email_verified: true } });
  expect(await amrOf(supabase)).toEqual(['otp']);
});

test('signInWithOtp for a new address mails the confirmation; its link signs in to /my-hive', async () => {
  const email = uniqueEmail('otp-confirm');
  await adoptedHive(backend.url, 'Rowan Hive', email);
  expect((await client(backend.url).auth.signInWithOtp({ email, options: { emailRedirectTo: MY_HIVE } })).error).toBeNull();
  const [mail] = await mailTo(backend.url, email);
  expect(mail).toMatchObject({ kind: 'confirmation' });
  const adopter = await sessionFromLatestLink(backend.url, email);
  expect(await amrOf(adopter)).toEqual(['otp']);
  const mine = await adopter.rpc('get_buzz_haven_my_hives');
  expect(mine.error).toBeNull();
  expect(mine.data.hives.map((h: { name: string }) => h.name)).toEqual(['Rowan Hive']);

  // Confirmed now: the next sign-in link is a magic link.
  expect((await client(backend.url).auth.signInWithOtp({ email })).error).toBeNull();
  expect((await mailTo(backend.url, email))[0]).toMatchObject({ kind: 'magic_link' });
});

test('a password planted before the adopter confirmed by link signs in once confirmed, never reading the hive', async () => {
  const email = uniqueEmail('planted');
  await adoptedHive(backend.url, 'Sorrel Hive', email);
  const planted = await client(backend.url).auth.signUp({ email, password: 'planted-pass-1' });
  expect(planted.data.session).toBeNull();

  // The adopter asks /my-hive for a link: the address is unconfirmed, so the confirmation comes.
  expect((await client(backend.url).auth.signInWithOtp({ email, options: { emailRedirectTo: MY_HIVE } })).error).toBeNull();
  const adopter = await sessionFromLatestLink(backend.url, email);
  expect((await adopter.rpc('get_buzz_haven_my_hives')).data.hives).toHaveLength(1);

  const attacker = await signedIn(backend.url, email, 'planted-pass-1');
  expect(await amrOf(attacker)).toEqual(['password']);
  expect((await attacker.rpc('get_buzz_haven_my_hives')).error).toMatchObject(SIGN_IN_BY_LINK);
});
