/**
 * A TOTP code works once (supabase/local/src/auth/models/factor.ts): the factor remembers the
 * last accepted 30 s time step and refuses that step and older ones again, with GoTrue's answer
 * for a wrong code (422 mfa_verification_failed). GoTrue itself accepts a code again within its
 * window; a code seen over someone's shoulder or phished must not open a second session.
 * Also: a data directory made before the column exists gets it on the next start.
 */
import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { migrate } from '../../supabase/local/src/db/migrate';
import { openDb } from '../../supabase/local/src/db/open';
import { client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const STEP_MS = 30_000;
/** The code of the time step `offset` steps from now (the server accepts one step either way). */
const codeAt = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * STEP_MS });

/** A user with a verified factor, enrolled with the current step's code. */
async function enrolledUser(): Promise<{ email: string; factorId: string; secret: string; code: string }> {
  const email = uniqueEmail('totp-replay');
  const supabase = client(backend.url);
  await supabase.auth.signUp({ email, password: 'totp-password' });
  const { data } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  const code = codeAt(data!.totp.secret);
  expect((await supabase.auth.mfa.challengeAndVerify({ factorId: data!.id, code })).error).toBeNull();
  return { email, factorId: data!.id, secret: data!.totp.secret, code };
}

async function verify(supabase: SupabaseClient, factorId: string, code: string) {
  const challenge = await supabase.auth.mfa.challenge({ factorId });
  expect(challenge.error).toBeNull();
  return supabase.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
}

test('the code that enrolled the factor does not sign in a second session', async () => {
  const { email, factorId, code } = await enrolledUser();
  const second = await signedIn(backend.url, email, 'totp-password');
  const replay = await verify(second, factorId, code);
  expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
  expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1' });
});

test('a code is accepted once; a later step then works, and an earlier one no longer does', async () => {
  const { email, factorId, secret } = await enrolledUser();
  const session = await signedIn(backend.url, email, 'totp-password');
  const next = codeAt(secret, 1);
  expect((await verify(session, factorId, next)).error).toBeNull();
  const again = await signedIn(backend.url, email, 'totp-password');
  expect((await verify(again, factorId, next)).error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
  // The previous step is still inside the clock-skew window, but older than the accepted one.
  expect((await verify(again, factorId, codeAt(secret, 0))).error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
});

test('a database from before the column gets it when the bootstrap runs again', async () => {
  const db = await openDb();
  try {
    await migrate(db, { seed: false });
    await db.exec(`alter table auth.mfa_factors drop column last_totp_step;
      update supabase_migrations.local_bootstrap set hash = 'before' where name = '20_auth_flows.sql';`);
    const { applied } = await migrate(db, { seed: false });
    // The 9x files (hosted roles and owners) run again after any other bootstrap file.
    expect(applied).toEqual(['local/sql/20_auth_flows.sql', 'local/sql/90_hosted_roles.sql']);
    const { rows } = await db.query(
      `select data_type from information_schema.columns
        where table_schema = 'auth' and table_name = 'mfa_factors' and column_name = 'last_totp_step'`,
    );
    expect(rows).toEqual([{ data_type: 'bigint' }]);
  } finally {
    await db.close();
  }
}, 60_000);
