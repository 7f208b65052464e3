/**
 * GoTrue's expiry and rate limits on e-mailed links and codes, on a backend started with a
 * 1-second `otp_expiry` and 6 token verifications per 5 minutes per IP.
 */
import { client, uniqueEmail } from './support/clients';
import { fragment, latestMail, openLink, otpOf } from './support/mailbox';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: {
      SUPABASE_AUTH_EMAIL_OTP_EXPIRY: '1',
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '6',
      SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
      SUPABASE_AUTH_EMAIL_MAX_FREQUENCY: '0',
    },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('an expired link redirects with otp_expired; an expired code answers 403 otp_expired', async () => {
  const email = uniqueEmail('expiry');
  await client(backend.url).auth.signUp({ email, password: 'password-1' });
  await client(backend.url).auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:8000/auth/set-password' });
  const { link } = await latestMail(backend.url, email);
  await wait(1500);
  const landed = await openLink(link!);
  expect(landed.pathname).toBe('/auth/set-password');
  expect(fragment(landed)).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });

  await client(backend.url).auth.resetPasswordForEmail(email);
  const code = otpOf(await latestMail(backend.url, email));
  await wait(1500);
  const { error } = await client(backend.url).auth.verifyOtp({ email, token: code, type: 'recovery' });
  expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
});

test('guessing codes hits the per-IP limit: 429 over_request_rate_limit', async () => {
  const statuses: (number | undefined)[] = [];
  for (let i = 0; i < 6; i += 1) {
    const { error } = await client(backend.url).auth.verifyOtp({ email: 'guess@example.com', token: String(100000 + i), type: 'recovery' });
    statuses.push(error?.status);
  }
  // Two verifications ran in the first test; the limit is 6.
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  const { error } = await client(backend.url).auth.verifyOtp({ email: 'guess@example.com', token: '123456', type: 'recovery' });
  expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
});
