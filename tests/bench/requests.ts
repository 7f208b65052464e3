/**
 * `npm run bench:requests`: the issue-10 figures, printed, never asserted.
 * 1. 100 simultaneous registrations (100 PostgreSQL connections) for the last 10 places of a
 *    workshop, with and without the waitlist, on a throwaway PostgreSQL cluster.
 * 2. 1,000 order requests in one burst over HTTP against the embedded backend (PGlite): first with
 *    the default rate limits (one client: most get 429), then with the limits raised by the owner
 *    and a mix of good, tampered and invalid carts. Every answer must be a stored order or a clear
 *    refusal (409, 400, 429), and every stored order must be in the back-office list.
 */
import pg from 'pg';
import { migrate, openDb } from '../../supabase/local/src/db/index';
import { ANON_KEY, OWNER } from '../api/support/clients';
import { removeDataDir, startBackend } from '../api/support/server';
import { findPostgresBin, startCluster, stopCluster } from '../setup/postgres-cluster';
import { registrationRace } from '../sql/support/registrationRace';

const BURST = 1000;
const JAR = 'b0220000-0000-4000-8000-000000000201'; // $20.00 in the seed

async function race(): Promise<void> {
  const binDir = findPostgresBin();
  if (!binDir) return console.log('registrations: PostgreSQL binaries not found, skipped');
  const cluster = await startCluster(binDir);
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database bench_requests');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/bench_requests');
    const db = await openDb({ databaseUrl: url });
    await migrate(db, { seed: false });
    await db.close();
    for (const joinWaitlist of [true, false]) {
      const r = await registrationRace(url, { lastPlaces: 10, contenders: 100, joinWaitlist });
      console.log(`100 simultaneous registrations for the last 10 places (${joinWaitlist ? 'joining the waitlist' : 'no waitlist'}): ` +
        `${r.confirmed} confirmed, ${r.waitlisted} waitlisted, ${r.full} told full, ${r.errors.length} other errors, ` +
        `${r.lost} lost; ${r.confirmedPlaces}/${r.capacity} places taken; ${r.ms.toFixed(0)} ms`);
    }
  } finally {
    stopCluster(cluster);
  }
}

type Kind = 'good' | 'tampered' | 'invalid';
async function burst(url: string, label: string, kindOf: (i: number) => Kind, tag: string): Promise<Set<string>> {
  const headers = { apikey: ANON_KEY, 'content-type': 'application/json' };
  const times: number[] = [];
  const statuses = new Map<string, number>();
  const numbers = new Set<string>();
  const start = performance.now();
  await Promise.all(Array.from({ length: BURST }, async (_, i) => {
    const kind = kindOf(i);
    const t0 = performance.now();
    let key: string;
    try {
      const res = await fetch(`${url}/rest/v1/rpc/submit_buzz_haven_order_request`, {
        method: 'POST', headers, body: JSON.stringify({
          p_customer_name: `Burst ${i}`, p_customer_email: `${tag}${i}@bench.test`, p_delivery: 'standard',
          p_address: { line1: '1 Comb St', city: 'Berkeley', state: 'CA', zip: kind === 'invalid' ? '123' : '94704' },
          p_items: [{ product_id: JAR, quantity: 1 + (i % 3), unit_price: kind === 'tampered' ? 1 : 2000 }],
        }),
      });
      const body = (await res.json()) as { number?: string; message?: string };
      if (res.ok && body.number) numbers.add(body.number);
      key = `${res.status}${res.ok ? '' : ` ${body.message}`}`;
    } catch (err) {
      key = `network error ${(err as Error).message}`;
    }
    times.push(performance.now() - t0);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }));
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  console.log(`${label}: ${BURST} requests in ${seconds.toFixed(1)} s (${(BURST / seconds).toFixed(0)}/s), ` +
    `p50 ${times[BURST / 2]!.toFixed(0)} ms, p99 ${times[Math.floor(BURST * 0.99)]!.toFixed(0)} ms`);
  for (const [key, n] of [...statuses].sort()) console.log(`  ${String(n).padStart(5)} x ${key}`);
  return numbers;
}

async function orders(): Promise<void> {
  const backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
  try {
    const json = { apikey: ANON_KEY, 'content-type': 'application/json' };
    const session = (await (await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST', headers: json, body: JSON.stringify(OWNER),
    })).json()) as { access_token: string };
    const owner = (fn: string, args: object = {}) => fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
      method: 'POST', headers: { ...json, authorization: `Bearer ${session.access_token}` }, body: JSON.stringify(args),
    });
    const told = await burst(backend.url, 'order burst, default limits (one client)', () => 'good', 'a');
    await owner('set_buzz_haven_rate_limit', { p_action: 'order', p_max_per_client: 1000000, p_max_per_contact: 1000000 });
    const mixed = (i: number): Kind => (i % 20 === 0 ? 'tampered' : i % 50 === 1 ? 'invalid' : 'good');
    for (const n of await burst(backend.url, 'order burst, limits raised (5% tampered, 2% invalid)', mixed, 'b')) told.add(n);
    const stored = (await (await owner('get_buzz_haven_orders')).json()) as { number: string }[];
    const inList = new Set(stored.map((o) => o.number));
    const lost = [...told].filter((n) => !inList.has(n)).length + [...inList].filter((n) => !told.has(n)).length;
    console.log(`orders stored: ${inList.size}; receipts given: ${told.size}; lost or unexplained: ${lost}`);
  } finally {
    await backend.stop();
    removeDataDir(backend.dataDir);
  }
}

void (async () => {
  await race();
  await orders();
})();
