/**
 * `npm run bench -w supabase` (after bench.ts): does a failed sign-in take as long for an
 * unknown e-mail as for a registered one with a wrong password? Both must do one bcrypt
 * comparison (auth/passwords.ts), so the ratio of the medians should be close to 1; before that
 * fix an unknown address answered about 20 times faster, telling which addresses have accounts.
 * Prints the numbers; never fails on them (the machine is shared).
 */
import { startBackend } from './backend.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** Signed up through the API, so its hash has GoTrue's cost 10 (the seed's pgcrypto hashes are cheaper). */
const KNOWN = 'timing-bench@example.com';
const PASSWORD = 'timing-bench-password';
const ROUNDS = Number(process.env.BENCH_SIGNIN_ROUNDS ?? 40);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const backend = await startBackend({ SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000' });
try {
  const failedSignIn = async (email: string): Promise<number> => {
    const start = performance.now();
    const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, password: 'not-the-password' }),
    });
    await res.arrayBuffer();
    if (res.status !== 400) throw new Error(`expected 400 invalid_credentials, got ${res.status}`);
    return performance.now() - start;
  };
  const signUp = await fetch(`${backend.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: KNOWN, password: PASSWORD }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed with ${signUp.status}`);
  await failedSignIn(KNOWN); // warm-up
  const known: number[] = [];
  const unknown: number[] = [];
  // Interleaved, so a load spike from other processes hits both series alike.
  for (let i = 0; i < ROUNDS; i++) {
    known.push(await failedSignIn(KNOWN));
    unknown.push(await failedSignIn(`nobody-${i}@example.com`));
  }
  const k = median(known);
  const u = median(unknown);
  console.log(
    `failed sign-in, ${ROUNDS} each (median): registered e-mail + wrong password ${k.toFixed(1)} ms, ` +
      `unknown e-mail ${u.toFixed(1)} ms, ratio known/unknown ${(k / u).toFixed(2)} (1.00 = indistinguishable)`,
  );
} finally {
  await backend.stop();
}
