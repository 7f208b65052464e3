#!/usr/bin/env node
/**
 * `npm run make-owner -- <email>`: the operator's step for the first owner. Nobody becomes owner
 * by signing up first; the person signs up (or is invited), then the operator runs this with the
 * project's service key, which calls `make_buzz_haven_owner` (an RPC only the service role may
 * execute). Locally it talks to the embedded backend with the CLI's well-known service key; for a
 * hosted project set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or run
 * `select public.make_buzz_haven_owner('<email>');` in the SQL editor).
 */
const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

const email = process.argv[2];
if (!email || !email.includes('@')) {
  console.error('Usage: npm run make-owner -- <email of an account that has signed up>');
  process.exit(2);
}
const url = (process.env.SUPABASE_URL || 'http://127.0.0.1:54321').replace(/\/$/, '');
const key = process.env.SUPABASE_SERVICE_ROLE_KEY || LOCAL_SERVICE_ROLE_KEY;

try {
  const res = await fetch(`${url}/rest/v1/rpc/make_buzz_haven_owner`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_email: email }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    console.error(`Could not make ${email} an owner: ${body.message ?? res.statusText}`);
    process.exit(1);
  }
  console.log(`${body.email} is now an owner of Buzz Haven.`);
} catch (err) {
  console.error(`Could not reach ${url}: ${err.message}. Is the backend running (npm start)?`);
  process.exit(1);
}
