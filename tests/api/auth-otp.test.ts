/**
 * E-mail OTP and magic links through supabase-js, as GoTrue answers them (internal/api/otp.go,
 * magic_link.go, verify.go, resend.go, reauthenticate.go): signInWithOtp mails a link and a
 * 6-digit code (a new address becomes a confirmed user, unless shouldCreateUser is false), the code
 * verifies as type 'email' or 'magiclink', the link signs in once (PKCE: ?code=), a used token is
 * 403 otp_expired; resend of the sign-up confirmation; reauthenticate's nonce for a password change.
 */
import { adminClient, client, pkceClient, signedIn, uniqueEmail } from './support/clients';
import { fragment, latestMail, mailTo, openLink, otpOf, type Mail } from './support/mailbox';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: {
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

const REDIRECT = 'http://localhost:8000/my-hive';
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, any>;
/** The token hash the link carries (`token=`). */
const linkToken = (mail: Mail) => new URL(mail.link!).searchParams.get('token')!;

test('signInWithOtp: a new address becomes a confirmed user; the mailed code signs in once as type email', async () => {
  const email = uniqueEmail('otp-new');
  const supabase = client(backend.url);
  const sent = await supabase.auth.signInWithOtp({ email, options: { data: { full_name: 'Otto' }, emailRedirectTo: REDIRECT } });
  expect(sent.error).toBeNull();
  expect(sent.data).toEqual({ user: null, session: null });

  const mail = await latestMail(backend.url, email);
  expect(mail.kind).toBe('magic_link');
  expect(mail.subject).toBe('Your sign-in link');
  const link = new URL(mail.link!);
  expect(link.pathname).toBe('/auth/v1/verify');
  expect(link.searchParams.get('type')).toBe('magiclink');
  expect(link.searchParams.get('redirect_to')).toBe(REDIRECT);
  const code = otpOf(mail);
  expect(code).toMatch(/^\d{6}$/);

  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Otto', email_verified: true } });
  expect(data.user!.email_confirmed_at).toBeDefined();
  expect(claims(data.session!.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

  const again = await client(backend.url).auth.verifyOtp({ email, token: code, type: 'email' });
  expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
});

test('the magic link signs in once (303 with the session in the fragment), then redirects with otp_expired', async () => {
  const email = uniqueEmail('otp-link');
  await client(backend.url).auth.signUp({ email, password: 'link-password' });
  expect((await client(backend.url).auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
  const mail = await latestMail(backend.url, email);

  const landed = await openLink(mail.link!);
  expect(`${landed.origin}${landed.pathname}`).toBe(REDIRECT);
  const session = fragment(landed);
  expect(session).toMatchObject({ token_type: 'bearer', type: 'magiclink' });
  expect(claims(session.access_token!).email).toBe(email);
  const supabase = client(backend.url);
  await supabase.auth.setSession({ access_token: session.access_token!, refresh_token: session.refresh_token! });
  expect((await supabase.auth.getUser()).data.user?.email).toBe(email);

  const reused = fragment(await openLink(mail.link!));
  expect(reused).toMatchObject({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
});

test('verifyOtp with the token hash, as type magiclink and as type email; a used hash is otp_expired', async () => {
  const email = uniqueEmail('otp-hash');
  await client(backend.url).auth.signUp({ email, password: 'hash-password' });
  await client(backend.url).auth.signInWithOtp({ email });
  const first = await client(backend.url).auth.verifyOtp({ token_hash: linkToken(await latestMail(backend.url, email)), type: 'magiclink' });
  expect(first.error).toBeNull();
  expect(first.data.user?.email).toBe(email);

  await client(backend.url).auth.signInWithOtp({ email });
  const hash = linkToken(await latestMail(backend.url, email));
  const second = await client(backend.url).auth.verifyOtp({ token_hash: hash, type: 'email' });
  expect(second.error).toBeNull();
  const replay = await client(backend.url).auth.verifyOtp({ token_hash: hash, type: 'email' });
  expect(replay.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
  const forged = await client(backend.url).auth.verifyOtp({ email, token: '000000', type: 'magiclink' });
  expect(forged.error).toMatchObject({ status: 403, code: 'otp_expired' });
});

test('an existing user signs in as themselves; shouldCreateUser false refuses unknown addresses (otp_disabled)', async () => {
  const email = uniqueEmail('otp-known');
  const { data: signUp } = await client(backend.url).auth.signUp({ email, password: 'known-password' });
  await client(backend.url).auth.signInWithOtp({ email, options: { shouldCreateUser: false, data: { ignored: true } } });
  const { data } = await client(backend.url).auth.verifyOtp({ email, token: otpOf(await latestMail(backend.url, email)), type: 'email' });
  expect(data.user?.id).toBe(signUp.user!.id);
  expect(data.user?.user_metadata.ignored).toBeUndefined();

  const unknown = uniqueEmail('otp-unknown');
  const refused = await client(backend.url).auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } });
  expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
  expect(await mailTo(backend.url, unknown)).toEqual([]);
  const listed = await adminClient(backend.url).auth.admin.listUsers({ perPage: 1000 });
  expect(listed.data.users.some((u) => u.email === unknown)).toBe(false);
});

test('PKCE: the link pays out ?code=, which exchangeCodeForSession turns into a session once', async () => {
  const email = uniqueEmail('otp-pkce');
  const browser = pkceClient(backend.url);
  expect((await browser.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
  const mail = await latestMail(backend.url, email);
  expect(linkToken(mail)).toMatch(/^pkce_[0-9a-f]{56}$/);
  const landed = await openLink(mail.link!);
  const code = landed.searchParams.get('code');
  expect(code).toBeTruthy();
  expect(landed.hash).toBe('');
  const { data, error } = await browser.auth.exchangeCodeForSession(code!);
  expect(error).toBeNull();
  expect(data.user?.email).toBe(email);
  expect(claims(data.session!.access_token).amr[0].method).toBe('magiclink');
  const replay = await pkceClient(backend.url).auth.exchangeCodeForSession(code!);
  expect(replay.error).toBeTruthy();
});

test('bad requests: a phone, an invalid address, both or neither', async () => {
  const phone = await client(backend.url).auth.signInWithOtp({ phone: '+15555550100' });
  expect(phone.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  const invalid = await client(backend.url).auth.signInWithOtp({ email: 'not-an-address' });
  expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' });
  const post = (body: unknown) =>
    fetch(`${backend.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify(body),
    });
  const neither = await post({});
  expect(neither.status).toBe(400);
  expect(await neither.json()).toEqual({ code: 'validation_failed', message: 'One of email or phone must be set' });
  const both = await post({ email: uniqueEmail('both'), phone: '15555550100' });
  expect(await both.json()).toEqual({ code: 'validation_failed', message: 'Only an email address or phone number should be provided' });
});

test('resend: the sign-up confirmation goes again to an unconfirmed user and confirms; confirmed or unknown get {} and no mail', async () => {
  const email = uniqueEmail('resend');
  const created = await adminClient(backend.url).auth.admin.createUser({ email, password: 'resend-password' });
  expect(created.data.user?.email_confirmed_at).toBeUndefined();
  const { error } = await client(backend.url).auth.resend({ type: 'signup', email, options: { emailRedirectTo: REDIRECT } });
  expect(error).toBeNull();
  const mail = await latestMail(backend.url, email);
  expect(mail.kind).toBe('confirmation');
  expect(new URL(mail.link!).searchParams.get('type')).toBe('signup');
  const landed = fragment(await openLink(mail.link!));
  expect(landed.type).toBe('signup');
  const user = await adminClient(backend.url).auth.admin.getUserById(created.data.user!.id);
  expect(user.data.user?.email_confirmed_at).toBeDefined();

  const confirmed = await client(backend.url).auth.resend({ type: 'signup', email });
  expect(confirmed.error).toBeNull();
  const unknown = uniqueEmail('resend-unknown');
  expect((await client(backend.url).auth.resend({ type: 'signup', email: unknown })).error).toBeNull();
  expect((await mailTo(backend.url, email)).length).toBe(1);
  expect(await mailTo(backend.url, unknown)).toEqual([]);
  const wrongType = await client(backend.url).auth.resend({ type: 'recovery' as 'signup', email });
  expect(wrongType.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Missing one of these types: signup, email_change, sms, phone_change' });
});

test('resend email_change: a pending change\'s confirmation goes to the new address again', async () => {
  const email = uniqueEmail('resend-change');
  await adminClient(backend.url).auth.admin.createUser({ email, password: 'change-password', email_confirm: true });
  const newEmail = uniqueEmail('resend-changed');
  await adminClient(backend.url).auth.admin.generateLink({ type: 'email_change_new', email, newEmail });
  expect(await mailTo(backend.url, newEmail)).toEqual([]);
  expect((await client(backend.url).auth.resend({ type: 'email_change', email })).error).toBeNull();
  const mail = await latestMail(backend.url, newEmail);
  expect(mail.kind).toBe('email_change');
  const { data, error } = await client(backend.url).auth.verifyOtp({ token_hash: linkToken(mail), type: 'email_change' });
  expect(error).toBeNull();
  expect(data.user?.email).toBe(newEmail);
});

test('POST /magiclink (the older endpoint) mails the same link; without an address it is 422', async () => {
  const email = uniqueEmail('magiclink');
  const post = (body: unknown) =>
    fetch(`${backend.url}/auth/v1/magiclink`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify(body),
    });
  const res = await post({ email });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({});
  expect(new URL((await latestMail(backend.url, email)).link!).searchParams.get('type')).toBe('magiclink');
  const empty = await post({});
  expect(empty.status).toBe(422);
  expect(await empty.json()).toEqual({ code: 'validation_failed', message: 'Password recovery requires an email' });
});

test('reauthenticate mails a nonce (no link); updateUser with it changes the password once; a wrong nonce is refused', async () => {
  const email = uniqueEmail('reauth');
  await client(backend.url).auth.signUp({ email, password: 'reauth-password-1' });
  const supabase = await signedIn(backend.url, email, 'reauth-password-1');
  expect((await supabase.auth.reauthenticate()).error).toBeNull();
  const mail = await latestMail(backend.url, email);
  expect(mail.kind).toBe('reauthentication');
  expect(mail.link).toBeNull();
  const nonce = /(\d{6})/.exec(mail.html)![1]!;
  expect(mail.subject).toBe(`${nonce} is your verification code`);

  const wrong = await supabase.auth.updateUser({ password: 'reauth-password-2', nonce: nonce === '000000' ? '111111' : '000000' });
  expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
  expect((await supabase.auth.updateUser({ password: 'reauth-password-2', nonce })).error).toBeNull();
  await signedIn(backend.url, email, 'reauth-password-2');
  const reused = await supabase.auth.updateUser({ password: 'reauth-password-3', nonce });
  expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });

  const signedOut = await client(backend.url).auth.reauthenticate();
  expect(signedOut.error?.name).toBe('AuthSessionMissingError');
});
