/**
 * An admin with two-factor sign-in on, through supabase-js against the embedded backend (a
 * stolen password is not enough): a password-only (aal1) session is refused deleting a media row (403) and its file in
 * the `media` bucket (Storage 403, the file stays), and publishing content or the site through the
 * publish-content Edge Function (403, nothing published, no build queued), each with the message
 * the admin shows. Once the same session verifies a code (aal2), each goes through.
 */
import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { member } from './support/members';
import { invokePublish } from './support/publish';
import { removeDataDir, startBackend, type Backend } from './support/server';

const REFUSAL = 'Confirm with a code from your authenticator app first (two-factor sign-in)';
const PASSWORD = 'mfa-admin-password';
let backend: Backend;
let staff: SupabaseClient;
let aal1: SupabaseClient;
let factor: { factorId: string; secret: string };

/** The code of the time step `ahead` steps from now (the backend refuses a step it already accepted). */
const codeFor = (secret: string, ahead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 });
const png = () => new Blob([new Uint8Array(64).fill(7)], { type: 'image/png' });

/** A new admin (granted by the seed's owner) with a verified TOTP factor; answers e-mail and factor. */
async function adminWithFactor(url: string): Promise<{ email: string; factorId: string; secret: string }> {
  const email = uniqueEmail('mfa-admin');
  const supabase = client(url);
  const { data } = await supabase.auth.signUp({ email, password: PASSWORD });
  const profile = await supabase.rpc('create_buzz_haven_user', { p_email: email, p_name: 'Ada', p_auth_user_id: data.user!.id });
  const owner = await signedIn(url, OWNER.email, OWNER.password);
  expect((await owner.rpc('set_buzz_haven_user_role', { p_id: profile.data.id, p_role: 'admin' })).error).toBeNull();
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  const { id: factorId, totp: { secret } } = enrolled.data!;
  expect((await supabase.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })).error).toBeNull();
  return { email, factorId, secret };
}

const invoke = invokePublish;

async function aboutPage(who: SupabaseClient) {
  const { data } = await who.rpc('get_buzz_haven_content_documents');
  return (data as { key: string; revision: number; published_version: number }[]).find((d) => d.key === 'pages/about')!;
}

beforeAll(async () => {
  backend = await startBackend({
    env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000', SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000' },
  });
  staff = await member(backend.url, 'staff');
  const admin = await adminWithFactor(backend.url);
  factor = admin;
  aal1 = await signedIn(backend.url, admin.email, PASSWORD);
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

let media: { id: string };

test('the session signed in with the password only is aal1, with aal2 next', async () => {
  expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
});

test('at aal1 the media row and its file are not deleted (403 with the message)', async () => {
  expect((await staff.storage.from('media').upload('mfa/photo.png', png())).error).toBeNull();
  const created = await staff.rpc('create_buzz_haven_media', {
    p_title: 'Comb', p_file_path: `${backend.url}/storage/v1/object/public/media/mfa/photo.png`, p_file_type: 'image/png', p_storage_path: 'mfa/photo.png',
  });
  media = created.data;
  const row = await aal1.rpc('delete_buzz_haven_media', { p_id: media.id });
  expect([row.status, row.error?.message]).toEqual([403, REFUSAL]);
  const file = await aal1.storage.from('media').remove(['mfa/photo.png']);
  expect(file.error).toMatchObject({ statusCode: '403', message: REFUSAL });
  expect((await staff.rpc('get_buzz_haven_media')).data.map((m: { id: string }) => m.id)).toContain(media.id);
  expect((await client(backend.url).storage.from('media').exists('mfa/photo.png')).data).toBe(true);
});

test('at aal1 neither a document nor the site is published (403 with the message)', async () => {
  const about = await aboutPage(staff);
  await expect(invoke(aal1, { key: 'pages/about', revision: about.revision })).resolves.toEqual({ status: 403, body: { error: REFUSAL } });
  await expect(invoke(aal1, { site: true })).resolves.toEqual({ status: 403, body: { error: REFUSAL } });
  const direct = await aal1.rpc('request_buzz_haven_site_build', { p_reason: 'Publish site' });
  expect([direct.status, direct.error?.message]).toEqual([403, REFUSAL]);
  expect((await aboutPage(staff)).published_version).toBe(about.published_version);
  expect((await staff.rpc('get_buzz_haven_site_builds')).data).toEqual([]);
});

test('after the code (aal2) the same session deletes the row and the file, and publishes', async () => {
  expect((await aal1.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: codeFor(factor.secret, 1) })).error).toBeNull();
  const aal2 = aal1;
  expect((await aal2.rpc('delete_buzz_haven_media', { p_id: media.id })).error).toBeNull();
  const file = await aal2.storage.from('media').remove(['mfa/photo.png']);
  expect([file.error, file.data?.map((f) => f.name)]).toEqual([null, ['mfa/photo.png']]);
  expect((await client(backend.url).storage.from('media').exists('mfa/photo.png')).data).toBe(false);

  const about = await aboutPage(aal2);
  const published = await invoke(aal2, { key: 'pages/about', revision: about.revision });
  expect(published).toEqual({ status: 200, body: { version: about.published_version + 1, build: { id: expect.any(String), state: 'queued' } } });
  await expect(invoke(aal2, { site: true })).resolves.toEqual({ status: 200, body: { build: { id: published.body.build.id, state: 'queued' } } });
});
