/**
 * `npm run bench:messages [-- --reports 20 --orders 1000]`: the issue-24 figures, printed, never
 * asserted, against the embedded backend (PGlite, its local SMTP sink) and the outbox sender as
 * `npm start` runs it (supabase/functions/send-messages/run.ts, polling every second).
 * 1. Time from a swarm report (the RPC's answer) to the owner's alert in the mailbox: p50, p95, max.
 * 2. A burst of order requests (rate limits raised by the owner): every confirmation queued in its
 *    order's transaction, then delivered; time to drain the outbox, messages per second, and how
 *    many were tried more than once, failed for good, or are not sent.
 * (A 5,000-subscriber campaign needs the newsletter campaigns, not built yet.)
 */
import { parseArgs } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OWNER, client, signedIn } from '../api/support/clients';
import { mailTo } from '../api/support/mailbox';
import { startSender } from '../api/support/sender';
import { removeDataDir, startBackend } from '../api/support/server';

const { values } = parseArgs({ options: { reports: { type: 'string', default: '20' }, orders: { type: 'string', default: '1000' } } });
const REPORTS = Number(values.reports);
const ORDERS = Number(values.orders);
const JAR = 'b0220000-0000-4000-8000-000000000201'; // $20.00 in the seed
const ACTIONS = ['order', 'swarm_report'];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function count(staff: SupabaseClient, filter: (q: any) => any): Promise<number> {
  const { count: n, error } = await filter(staff.rpc('get_buzz_haven_outbox_messages', {}, { count: 'exact', head: true }));
  if (error) throw new Error(error.message);
  return n ?? 0;
}

async function main(): Promise<void> {
  const backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
  const sender = startSender(backend, {}, ['--interval', '1000']);
  try {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    for (const p_action of ACTIONS) await owner.rpc('set_buzz_haven_rate_limit', { p_action, p_max_per_client: 100_000, p_max_per_contact: 100_000 });

    const latencies: number[] = [];
    for (let i = 0; i < REPORTS; i++) {
      const location = `${i} Bench St ${Date.now()}`;
      const { error } = await client(backend.url).rpc('submit_buzz_haven_swarm_report', {
        p_location: location, p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground', p_in_structure: false,
        p_phone: `510555${String(i).padStart(4, '0')}`, p_name: 'Bench Reporter',
      });
      if (error) throw new Error(error.message);
      const started = performance.now();
      for (;;) {
        if ((await mailTo(backend.url, OWNER.email)).some((m) => m.subject === `Swarm report: ${location}`)) break;
        if (performance.now() - started > 60_000) throw new Error('no staff alert within 60 s');
        await sleep(25);
      }
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    console.log(`swarm report -> staff alert in the mailbox (${REPORTS} reports, sender polling every 1 s): ` +
      `p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);

    const before = await count(owner, (q) => q);
    const queuedAt = performance.now();
    const answers = await Promise.all(Array.from({ length: ORDERS }, (_, i) => client(backend.url).rpc('submit_buzz_haven_order_request', {
      p_customer_name: `Bench Buyer ${i}`, p_customer_email: `bench${i}@example.com`, p_delivery: 'pickup',
      p_items: [{ product_id: JAR, quantity: 1, unit_price: 2000 }],
    })));
    const refused = answers.filter((a) => a.error).length;
    const queued = (await count(owner, (q) => q)) - before;
    console.log(`${ORDERS} order requests in one burst: ${ORDERS - refused} stored, ${refused} refused, ${queued} confirmations queued ` +
      `(${((performance.now() - queuedAt) / 1000).toFixed(1)} s)`);
    for (;;) {
      const pending = await count(owner, (q) => q.in('state', ['queued', 'sending']));
      if (pending === 0) break;
      if (performance.now() - queuedAt > 600_000) throw new Error(`${pending} messages still pending after 10 minutes`);
      await sleep(250);
    }
    const seconds = (performance.now() - queuedAt) / 1000;
    const retried = await count(owner, (q) => q.gt('tries', 1));
    const dead = await count(owner, (q) => q.eq('state', 'dead'));
    const sent = await count(owner, (q) => q.eq('state', 'sent'));
    console.log(`outbox drained in ${seconds.toFixed(1)} s from the burst: ${(queued / seconds).toFixed(0)} messages/s; ` +
      `${sent} sent in all, ${retried} tried more than once, ${dead} failed for good`);
  } finally {
    await sender.stop();
    await backend.stop();
    removeDataDir(backend.dataDir);
  }
}

void main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
