/**
 * What the embedded backend does not offer answers as GoTrue does with the feature off, through
 * supabase-js where it has a call (GoTrue internal/api/middleware.go, token_oidc.go, web3.go,
 * external.go, signup.go): SSO 404 saml_provider_disabled, ID-token sign-in 400 provider_disabled
 * (OAuth-style 400 for a request without a token), web3 422 web3_provider_disabled, identity
 * linking 404 manual_linking_disabled, anonymous sign-in 422 anonymous_provider_disabled, OAuth
 * 400 "Unsupported provider", passkeys 404 passkey_disabled, the OAuth 2.1 server 404
 * feature_disabled, phone codes (no phone users: 403 otp_expired after the number check).
 */
import { ANON_KEY, adminClient, client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const post = (path: string, body: unknown) =>
  fetch(`${backend.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify(body),
  });

test('signInWithSSO: 404 saml_provider_disabled', async () => {
  const { error } = await client(backend.url).auth.signInWithSSO({ domain: 'example.com' });
  expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
  const metadata = await fetch(`${backend.url}/auth/v1/sso/saml/metadata`, { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
  expect(metadata.status).toBe(404);
  expect(await metadata.json()).toEqual({ code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
});

test('signInWithIdToken: the provider is not enabled; a request without a token is an OAuth-style 400', async () => {
  const google = await client(backend.url).auth.signInWithIdToken({ provider: 'google', token: 'a.b.c' });
  expect(google.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' });
  const appleToken = `x.${Buffer.from(JSON.stringify({ iss: 'https://appleid.apple.com' })).toString('base64url')}.y`;
  const apple = await client(backend.url).auth.signInWithIdToken({ provider: 'apple', token: appleToken });
  expect(apple.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://appleid.apple.com") is not enabled' });
  const other = await client(backend.url).auth.signInWithIdToken({ provider: 'acme', token: 'a.b.c' });
  expect(other.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Custom OIDC provider "acme" not allowed' });

  const noToken = await post('/token?grant_type=id_token', { provider: 'google' });
  expect(noToken.status).toBe(400);
  expect(await noToken.json()).toEqual({ error: 'invalid request', error_description: 'id_token required' });
  const unknownGrant = await post('/token?grant_type=magic', {});
  expect(await unknownGrant.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
});

test('web3 sign-in: 422 web3_provider_disabled', async () => {
  const res = await post('/token?grant_type=web3', { chain: 'ethereum', message: 'm', signature: 's' });
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
});

test('linkIdentity and unlinkIdentity: 404 manual_linking_disabled for a signed-in user, 401 without one', async () => {
  const email = uniqueEmail('linking');
  await client(backend.url).auth.signUp({ email, password: 'linking-password' });
  const supabase = await signedIn(backend.url, email, 'linking-password');
  const linked = await supabase.auth.linkIdentity({ provider: 'github' });
  expect(linked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
  const { data } = await supabase.auth.getUserIdentities();
  const unlinked = await supabase.auth.unlinkIdentity(data!.identities[0]!);
  expect(unlinked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
  const anonymous = await fetch(`${backend.url}/auth/v1/user/identities/authorize?provider=github`, { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
  expect(anonymous.status).toBe(401);
});

test('signInAnonymously: 422 anonymous_provider_disabled; OAuth and passkeys: GoTrue\'s disabled answers', async () => {
  const { error } = await client(backend.url).auth.signInAnonymously();
  expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
  const headers = { 'X-Supabase-Api-Version': '2024-01-01' };
  const github = await fetch(`${backend.url}/auth/v1/authorize?provider=github`, { headers, redirect: 'manual' });
  expect(github.status).toBe(400);
  expect(await github.json()).toEqual({ code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' });
  const unknown = await fetch(`${backend.url}/auth/v1/authorize?provider=acme`, { headers });
  expect(await unknown.json()).toEqual({ code: 'validation_failed', message: 'Unsupported provider: Provider acme could not be found' });
  const passkey = await post('/passkeys/authentication/options', {});
  expect(passkey.status).toBe(404);
  expect(await passkey.json()).toEqual({ code: 'passkey_disabled', message: 'Passkeys are disabled' });
});

test('the OAuth 2.1 server: 404 feature_disabled (admin paths after the service-role check)', async () => {
  const { error } = await adminClient(backend.url).auth.admin.oauth.listClients();
  expect(error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' });
  const asAnon = await client(backend.url).auth.admin.oauth.listClients();
  expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
  const authorize = await fetch(`${backend.url}/auth/v1/oauth/authorize?client_id=x`, { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
  expect(authorize.status).toBe(404);
  expect(await authorize.json()).toEqual({ code: 'feature_disabled', message: 'OAuth server is disabled' });
});

test('verifyOtp with a phone: a malformed number is 400, a well-formed one finds no user (403 otp_expired)', async () => {
  const unknown = await client(backend.url).auth.verifyOtp({ phone: '+15555550100', token: '123456', type: 'sms' });
  expect(unknown.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  const malformed = await client(backend.url).auth.verifyOtp({ phone: '+0-not-a-number', token: '123456', type: 'sms' });
  expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' });
});
