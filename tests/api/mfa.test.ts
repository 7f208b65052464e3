/**
 * TOTP two-factor sign-in through supabase-js auth.mfa against the embedded backend, as against
 * GoTrue: enroll (QR code, secret, otpauth URI), challenge, verify (aal2, amr totp), listFactors,
 * getAuthenticatorAssuranceLevel, unenroll; and the SQL rule that a role change needs aal2 once
 * the caller has a verified factor. Codes come from the otpauth library, as an authenticator app.
 */
import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000', SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '20' } });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

/**
 * The code of the time step `offset` steps (of 30 s) from now. A code works once per factor
 * (totp-replay.test.ts), so a second verification in the same test uses the next step's code,
 * which the server accepts as one step of clock skew.
 */
const codeFor = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, any>;

async function enrolled(supabase: SupabaseClient): Promise<{ factorId: string; secret: string }> {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Buzz Haven' });
  expect(error).toBeNull();
  const factorId = data!.id;
  const secret = data!.totp.secret;
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
  expect(verified.error).toBeNull();
  return { factorId, secret };
}

test('enroll answers a QR code, the secret and the otpauth URI; the factor is unverified until a code', async () => {
  const email = uniqueEmail('mfa');
  const supabase = client(backend.url);
  await supabase.auth.signUp({ email, password: 'mfa-password' });
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Buzz Haven' });
  expect(error).toBeNull();
  expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
  expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
  expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(data!.totp.uri).toBe(`otpauth://totp/Buzz%20Haven:${encodeURIComponent(email)}?issuer=Buzz%20Haven&secret=${data!.totp.secret}&algorithm=SHA1&digits=6&period=30`);
  const listed = await supabase.auth.mfa.listFactors();
  expect(listed.data).toMatchObject({ totp: [], all: [{ id: data!.id, status: 'unverified', factor_type: 'totp' }] });
  const duplicate = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(duplicate.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

  const challenge = await supabase.auth.mfa.challenge({ factorId: data!.id });
  expect(challenge.data).toMatchObject({ type: 'totp' });
  const wrong = await supabase.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: '000000' });
  expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
  const right = await supabase.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: codeFor(data!.totp.secret) });
  expect(right.error).toBeNull();
  const token = claims(right.data!.access_token);
  expect(token.aal).toBe('aal2');
  expect(token.amr.map((a: { method: string }) => a.method).sort()).toEqual(['password', 'totp']);
  const used = await supabase.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: codeFor(data!.totp.secret) });
  expect(used.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });

  const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
  const { data: user } = await supabase.auth.getUser();
  expect(user.user?.factors).toEqual([expect.objectContaining({ id: data!.id, status: 'verified', factor_type: 'totp', friendly_name: 'Phone' })]);
});

test('a new sign-in is aal1 with aal2 next; the code raises it; a refresh keeps aal2', async () => {
  const email = uniqueEmail('mfa-signin');
  const first = client(backend.url);
  await first.auth.signUp({ email, password: 'mfa-password' });
  const { factorId, secret } = await enrolled(first);

  const again = await signedIn(backend.url, email, 'mfa-password');
  expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
  const unenrollAtAal1 = await again.auth.mfa.unenroll({ factorId });
  expect(unenrollAtAal1.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
  const other = await again.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
  expect(other.error).toMatchObject({ status: 403, code: 'insufficient_aal' });

  expect((await again.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) })).error).toBeNull();
  const refreshed = await again.auth.refreshSession();
  expect(claims(refreshed.data.session!.access_token).aal).toBe('aal2');
  expect((await again.auth.mfa.unenroll({ factorId })).error).toBeNull();
  expect((await again.auth.mfa.listFactors()).data?.all).toEqual([]);
  expect(claims((await again.auth.refreshSession()).data.session!.access_token).aal).toBe('aal1');
});

test('with a verified factor, the owner cannot change a role at aal1, and can at aal2', async () => {
  const pendingEmail = uniqueEmail('pending');
  const pending = client(backend.url);
  const { data: signUp } = await pending.auth.signUp({ email: pendingEmail, password: 'pending-pass' });
  const { data: profile } = await pending.rpc('create_buzz_haven_user', { p_email: pendingEmail, p_name: 'Pat', p_auth_user_id: signUp.user!.id });

  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { factorId, secret } = await enrolled(owner);
  const aal1 = await signedIn(backend.url, OWNER.email, OWNER.password);
  const refused = await aal1.rpc('set_buzz_haven_user_role', { p_id: profile.id, p_role: 'staff' });
  expect(refused.status).toBe(403);
  expect(refused.error?.message).toBe('Confirm with a code from your authenticator app first (two-factor sign-in)');
  expect((await aal1.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) })).error).toBeNull();
  const granted = await aal1.rpc('set_buzz_haven_user_role', { p_id: profile.id, p_role: 'staff' });
  expect(granted.error).toBeNull();
  expect(granted.data).toMatchObject({ role: 'staff' });
});

test('with a verified factor, the password and the e-mail change only at aal2 (401 insufficient_aal)', async () => {
  const email = uniqueEmail('mfa-password');
  const first = client(backend.url);
  await first.auth.signUp({ email, password: 'mfa-password' });
  const { factorId, secret } = await enrolled(first);

  const aal1 = await signedIn(backend.url, email, 'mfa-password');
  const password = await aal1.auth.updateUser({ password: 'changed-at-aal1' });
  expect(password.error).toMatchObject({
    status: 401,
    code: 'insufficient_aal',
    message: 'AAL2 session is required to update email or password when MFA is enabled.',
  });
  const moved = await aal1.auth.updateUser({ email: uniqueEmail('mfa-moved') });
  expect(moved.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
  expect((await aal1.auth.updateUser({ data: { full_name: 'Fay Factor' } })).error).toBeNull();
  expect((await client(backend.url).auth.signInWithPassword({ email, password: 'changed-at-aal1' })).error).toMatchObject({ code: 'invalid_credentials' });

  expect((await aal1.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) })).error).toBeNull();
  expect((await aal1.auth.updateUser({ password: 'changed-at-aal2' })).error).toBeNull();
  await signedIn(backend.url, email, 'changed-at-aal2');
});

test('unknown factors and guessing are refused; verify attempts are rate limited', async () => {
  const email = uniqueEmail('mfa-guess');
  const supabase = client(backend.url);
  await supabase.auth.signUp({ email, password: 'mfa-password' });
  const missing = await supabase.auth.mfa.challenge({ factorId: '00000000-0000-0000-0000-000000000000' });
  expect(missing.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  const { data } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
  const statuses: number[] = [];
  for (let i = 0; i < 25; i += 1) {
    const { data: c } = await supabase.auth.mfa.challenge({ factorId: data!.id });
    const { error } = await supabase.auth.mfa.verify({ factorId: data!.id, challengeId: c!.id, code: String(100000 + i) });
    statuses.push(error!.status!);
    if (error!.status === 429) break;
  }
  expect(statuses.at(-1)).toBe(429);
});
