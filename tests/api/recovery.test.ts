/**
 * Password reset through the real supabase-js client and the local mailbox: /recover (same answer
 * for unknown addresses), the e-mailed link (GET /verify: redirect with a session, single use,
 * GoTrue's error redirect), verifyOtp with a code or a token hash, and the PKCE form
 * (exchangeCodeForSession).
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, client, signedIn, uniqueEmail } from './support/clients';
import { fragment, latestMail, mailTo, mailboxGet, openLink, otpOf } from './support/mailbox';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;
const REDIRECT = 'http://localhost:8000/auth/set-password';

beforeAll(async () => {
  backend = await startBackend({
    env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000', SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '1000', SUPABASE_AUTH_EMAIL_MAX_FREQUENCY: '0' },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

async function member(password = 'old-password-1'): Promise<string> {
  const email = uniqueEmail('reset');
  const { error } = await client(backend.url).auth.signUp({ email, password });
  expect(error).toBeNull();
  return email;
}

test('a known and an unknown address get the same answer; only the known one gets mail', async () => {
  const email = await member();
  const stranger = uniqueEmail('nobody');
  const known = await client(backend.url).auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
  const unknown = await client(backend.url).auth.resetPasswordForEmail(stranger, { redirectTo: REDIRECT });
  expect(known).toEqual({ data: {}, error: null });
  expect(unknown).toEqual({ data: {}, error: null });
  expect(await mailTo(backend.url, stranger)).toEqual([]);
  const mail = await latestMail(backend.url, email);
  expect(mail.subject).toBe('Reset your Buzz Haven password');
  expect(mail.link).toMatch(new RegExp(`^${backend.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=recovery&redirect_to=`));
  expect(backend.output()).toContain(mail.link);
  const page = await (await mailboxGet(backend.url, '/mailbox')).text();
  expect(page).toContain('Reset your Buzz Haven password');
});

test('the link signs in (implicit flow), the password changes, and the link works once', async () => {
  const email = await member();
  await client(backend.url).auth.resetPasswordForEmail(email, { redirectTo: REDIRECT });
  const { link } = await latestMail(backend.url, email);
  const landed = await openLink(link!);
  expect(`${landed.origin}${landed.pathname}`).toBe(REDIRECT);
  const session = fragment(landed);
  expect(session).toMatchObject({ token_type: 'bearer', type: 'recovery', expires_in: '3600' });
  const supabase = client(backend.url);
  const set = await supabase.auth.setSession({ access_token: session.access_token!, refresh_token: session.refresh_token! });
  expect(set.error).toBeNull();
  expect(await supabase.auth.updateUser({ password: 'new-password-2' })).toMatchObject({ error: null });
  await signedIn(backend.url, email, 'new-password-2');

  const again = fragment(await openLink(link!));
  expect(again).toEqual({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired', sb: '' });
});

test('verifyOtp with the e-mailed code, then with a wrong or reused code', async () => {
  const email = await member();
  await client(backend.url).auth.resetPasswordForEmail(email);
  const code = otpOf(await latestMail(backend.url, email));
  const supabase = client(backend.url);
  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'recovery' });
  expect(error).toBeNull();
  expect(data.session?.user.email).toBe(email);
  const reused = await client(backend.url).auth.verifyOtp({ email, token: code, type: 'recovery' });
  expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
});

test('verifyOtp with the token hash works once; a forged hash is otp_expired', async () => {
  const email = await member();
  await client(backend.url).auth.resetPasswordForEmail(email);
  const hash = new URL((await latestMail(backend.url, email)).link!).searchParams.get('token')!;
  const first = await client(backend.url).auth.verifyOtp({ token_hash: hash, type: 'recovery' });
  expect(first.error).toBeNull();
  expect(first.data.session?.access_token).toBeTruthy();
  const second = await client(backend.url).auth.verifyOtp({ token_hash: hash, type: 'recovery' });
  expect(second.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
  const forged = await client(backend.url).auth.verifyOtp({ token_hash: 'f'.repeat(56), type: 'recovery' });
  expect(forged.error).toMatchObject({ status: 403, code: 'otp_expired' });
});

test('PKCE: the link pays out ?code=, exchangeCodeForSession signs in once', async () => {
  const email = await member();
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
  const pkce = createClient(backend.url, ANON_KEY, {
    auth: { flowType: 'pkce', storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  expect((await pkce.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT })).error).toBeNull();
  const { link } = await latestMail(backend.url, email);
  expect(new URL(link!).searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
  const landed = await openLink(link!);
  const code = landed.searchParams.get('code')!;
  expect(code).toMatch(/^[0-9a-f-]{36}$/);
  const { data, error } = await pkce.auth.exchangeCodeForSession(code);
  expect(error).toBeNull();
  expect(data.session?.user.email).toBe(email);
  expect((data as { redirectType?: string }).redirectType).toBe('recovery');
  const replay = await client(backend.url).auth.exchangeCodeForSession(code);
  expect(replay.error).toBeTruthy();
});

test('bad requests: unknown type, missing token, disallowed redirect falls back to the site', async () => {
  const res = await fetch(`${backend.url}/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ type: 'sms_magic', token_hash: 'x' }),
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ code: 'validation_failed', message: 'Unsupported verification type' });
  const missing = await fetch(`${backend.url}/auth/v1/verify?type=recovery`, { redirect: 'manual' });
  expect(missing.status).toBe(400);

  const email = await member();
  await client(backend.url).auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
  const { link } = await latestMail(backend.url, email);
  expect(new URL(link!).searchParams.get('redirect_to')).toBe('http://localhost:8000');
});
