/**
 * WebAuthn factors when `[auth.mfa.web_authn] enroll_enabled` is on (here the in-process server's
 * config; SUPABASE_AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED=true does the same; the CLI's default and
 * config.toml keep it off), through supabase-js, as GoTrue does it (internal/api/mfa.go
 * enrollWebAuthnFactor, UnenrollFactor, ChallengeFactor, VerifyFactor): enrolment makes an
 * unverified factor and answers `{id, type: 'webauthn', friendly_name}`; the user lists it; unenrol
 * removes it; a challenge or verify of it answers GoTrue's "verification is disabled" (verify_enabled
 * is off: attestations are not checked here). With enrolment off: 422 mfa_webauthn_enroll_not_enabled.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/src/config';
import { createServer, type RunningServer } from '../../supabase/local/src/server';
import { adminClient, signedIn, uniqueEmail } from './support/clients';

let on: RunningServer;
let off: RunningServer;

beforeAll(async () => {
  const config = loadConfig();
  on = await createServer({ port: 0, seed: false, config: { ...config, auth: { ...config.auth, mfaWebAuthnEnrollEnabled: true } } });
  off = await createServer({ port: 0, seed: false, config: { ...config, auth: { ...config.auth, mfaWebAuthnEnrollEnabled: false } } });
}, 200_000);

afterAll(async () => {
  await on?.close();
  await off?.close();
});

async function newUser(url: string): Promise<SupabaseClient> {
  const email = uniqueEmail('webauthn');
  const { error } = await adminClient(url).auth.admin.createUser({ email, password: 'webauthn-pass-1', email_confirm: true });
  expect(error).toBeNull();
  return signedIn(url, email, 'webauthn-pass-1');
}

test('enrol makes an unverified webauthn factor the user lists; unenrol removes it', async () => {
  const supabase = await newUser(on.url);
  const { data, error } = await supabase.auth.mfa.webauthn.enroll({ friendlyName: 'Hive key' });
  expect(error).toBeNull();
  expect(data).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'webauthn', friendly_name: 'Hive key' });
  const listed = await supabase.auth.mfa.listFactors();
  expect(listed.data!.all).toEqual([expect.objectContaining({ id: data!.id, factor_type: 'webauthn', status: 'unverified', friendly_name: 'Hive key' })]);

  const unnamed = await supabase.auth.mfa.webauthn.enroll({ friendlyName: '' });
  expect(unnamed.error).toBeNull();
  expect(unnamed.data).toMatchObject({ type: 'webauthn', friendly_name: '' });
  const twice = await supabase.auth.mfa.webauthn.enroll({ friendlyName: 'Hive key' });
  expect(twice.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

  for (const id of [data!.id, unnamed.data!.id]) expect((await supabase.auth.mfa.unenroll({ factorId: id })).error).toBeNull();
  const after = await supabase.auth.mfa.listFactors();
  expect(after.data!.all).toEqual([]);
});

test('challenge and verify of a webauthn factor: verification is disabled', async () => {
  const supabase = await newUser(on.url);
  const { data } = await supabase.auth.mfa.webauthn.enroll({ friendlyName: 'Key' });
  const challenge = await supabase.auth.mfa.challenge({ factorId: data!.id, webauthn: { rpId: 'localhost', rpOrigins: ['http://localhost:3000'] } } as never);
  expect(challenge.error).toMatchObject({ status: 422, code: 'mfa_webauthn_verify_not_enabled', message: 'MFA verification is disabled for WebAuthn' });
  const token = (await supabase.auth.getSession()).data.session!.access_token;
  const verify = await fetch(`${on.url}/auth/v1/factors/${data!.id}/verify`, {
    method: 'POST',
    headers: { apikey: token, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ challenge_id: '00000000-0000-0000-0000-000000000000', webauthn: { type: 'create' } }),
  });
  expect(verify.status).toBe(422);
  expect(await verify.json()).toEqual({ code: 'mfa_webauthn_enroll_not_enabled', message: 'MFA verification is disabled for WebAuthn' });
});

test('with enrolment off: 422 mfa_webauthn_enroll_not_enabled and no factor', async () => {
  const supabase = await newUser(off.url);
  const { data, error } = await supabase.auth.mfa.webauthn.enroll({ friendlyName: 'Key' });
  expect(data).toBeNull();
  expect(error).toMatchObject({ status: 422, code: 'mfa_webauthn_enroll_not_enabled', message: 'MFA enroll is disabled for WebAuthn' });
  expect((await supabase.auth.mfa.listFactors()).data!.all).toEqual([]);
});
