/**
 * The limits on e-mailed sign-in links and codes (GoTrue internal/api/mail.go): a second link to
 * one address within `[auth.email] max_frequency` (60 s here) and more e-mails per IP than
 * `[auth.rate_limit] email_sent` (4 here) answer 429 over_email_send_rate_limit; a code older than
 * `otp_expiry` (1 s here) is 403 otp_expired.
 */
import { client, uniqueEmail } from './support/clients';
import { latestMail, mailTo, otpOf } from './support/mailbox';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: {
      SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '4',
      SUPABASE_AUTH_EMAIL_MAX_FREQUENCY: '60',
      SUPABASE_AUTH_EMAIL_OTP_EXPIRY: '1',
    },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a second link to one address within max_frequency is 429 with GoTrue\'s wait message', async () => {
  const email = uniqueEmail('freq');
  expect((await client(backend.url).auth.signInWithOtp({ email })).error).toBeNull();
  const again = await client(backend.url).auth.signInWithOtp({ email });
  expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  expect(again.error!.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
  expect((await mailTo(backend.url, email)).length).toBe(1);
});

test('an expired code is 403 otp_expired', async () => {
  const email = uniqueEmail('expired');
  await client(backend.url).auth.signInWithOtp({ email });
  const code = otpOf(await latestMail(backend.url, email));
  await wait(1500);
  const { error } = await client(backend.url).auth.verifyOtp({ email, token: code, type: 'email' });
  expect(error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
});

test('more requests per IP than email_sent are refused, for new and unknown addresses alike', async () => {
  const errors: (string | undefined)[] = [];
  for (let i = 0; i < 3; i += 1) {
    const { error } = await client(backend.url).auth.signInWithOtp({ email: uniqueEmail('burst') });
    errors.push(error?.message);
  }
  // The first two tests took 3 of the 4 e-mails.
  expect(errors).toEqual([undefined, 'email rate limit exceeded', 'email rate limit exceeded']);
  const recover = await client(backend.url).auth.resetPasswordForEmail(uniqueEmail('burst'));
  expect(recover.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
});
