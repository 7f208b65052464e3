/**
 * `npm run bench:messages [-- --reports 20 --orders 1000]`: the issue-24 figures, printed, never
 * asserted, against the embedded backend (PGlite, its local SMTP sink) and the outbox sender as
 * `npm start` runs it (supabase/functions/send-messages/run.ts, polling every second).
 * 1. Time from a swarm report (the RPC's answer) to the owner's alert in the mailbox: p50, p95, max.
 * 2. A burst of order requests (rate limits raised by the owner): every confirmation queued in its
 *    order's transaction, then delivered; time to drain the outbox, messages per second, and how
 *    many were tried more than once, failed for good, or are not sent.
 * 3. A campaign to --subscribers (5,000) confirmed subscribers: queued in one call, delivered to the
 *    local SMTP sink; time, messages per second, and none dead or tried twice.
 */
import { parseArgs } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OWNER, client, signedIn } from '../api/support/clients';
import { mailTo } from '../api/support/mailbox';
import { startSender } from '../api/support/sender';
import { removeDataDir, startBackend } from '../api/support/server';

const { values } = parseArgs({ options: {
  reports: { type: 'string', default: '20' }, orders: { type: 'string', default: '1000' }, subscribers: { type: 'string', default: '5000' },
} });
const SUBSCRIBERS = Number(values.subscribers);
const REPORTS = Number(values.reports);
const ORDERS = Number(values.orders);
const JAR = 'b0220000-0000-4000-8000-000000000201'; // $20.00 in the seed
const ACTIONS = ['order', 'swarm_report', 'newsletter'];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}

async function drain(staff: SupabaseClient, since: number, what: string): Promise<number> {
  for (;;) {
    const pending = await count(staff, (q) => q.in('state', ['queued', 'sending']));
    if (pending === 0) return (performance.now() - since) / 1000;
    if (performance.now() - since > 900_000) throw new Error(`${what}: ${pending} messages still pending after 15 minutes`);
    await sleep(250);
  }
}

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

    // Counted by kind: an unfiltered count=exact of an RPC stops at the max rows (1000) on the
  // embedded backend (PostgREST counts them all).
  const orderMails = (q: any) => q.eq('kind', 'order_received');
  const before = await count(owner, orderMails);
    const queuedAt = performance.now();
    const answers = await Promise.all(Array.from({ length: ORDERS }, (_, i) => client(backend.url).rpc('submit_buzz_haven_order_request', {
      p_customer_name: `Bench Buyer ${i}`, p_customer_email: `bench${i}@example.com`, p_delivery: 'pickup',
      p_items: [{ product_id: JAR, quantity: 1, unit_price: 2000 }],
    })));
    const refused = answers.filter((a) => a.error).length;
    const queued = (await count(owner, orderMails)) - before;
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

    // 3. A campaign: the subscribers sign up, their confirmations are delivered and confirmed
    // (the tokens read from the links in the local mailbox), then the campaign is sent to all of
    // them and timed on its own.
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@bench.example`);
    await inParallel(emails, 20, async (email) => {
      const { error } = await client(backend.url).rpc('subscribe_buzz_haven_newsletter', { p_email: email });
      if (error) throw new Error(error.message);
    });
    // The staff list hides the tokens; the e-mailed confirmation links carry them.
    await drain(owner, performance.now(), 'sign-up confirmations');
    const tokens: string[] = [];
    await inParallel(emails, 20, async (email) => {
      const [mail] = (await mailTo(backend.url, email)) as { text_body?: string | null }[];
      const token = /newsletter\?confirm=([0-9a-f-]{36})/.exec(mail?.text_body ?? '')?.[1];
      if (!token) throw new Error(`no confirmation link to ${email}`);
      tokens.push(token);
    });
    await inParallel(tokens, 20, async (p_token) => {
      const { error } = await client(backend.url).rpc('confirm_buzz_haven_newsletter', { p_token });
      if (error) throw new Error(error.message);
    });
    const { data: campaign } = await owner.rpc('create_buzz_haven_campaign', { p_subject: 'Bench letter', p_body: '# Hello\n\nA **bench** letter.' });
    const sentAt = performance.now();
    const { data: sentCampaign, error: sendError } = await owner.rpc('update_buzz_haven_campaign', { p_id: campaign.id, p_send: 'all' });
    if (sendError) throw new Error(sendError.message);
    const queuedIn = (performance.now() - sentAt) / 1000;
    const campaignSeconds = await drain(owner, sentAt, 'campaign');
    const ofCampaign = (q: any) => q.eq('related_id', campaign.id);
    const delivered = await count(owner, (q) => ofCampaign(q).eq('state', 'sent'));
    const twice = await count(owner, (q) => ofCampaign(q).gt('tries', 1));
    const deadInCampaign = await count(owner, (q) => ofCampaign(q).eq('state', 'dead'));
    console.log(`campaign to ${sentCampaign.recipients} confirmed subscribers: queued in ${queuedIn.toFixed(1)} s, delivered in ` +
      `${campaignSeconds.toFixed(1)} s (${(delivered / campaignSeconds).toFixed(0)} messages/s); ${delivered} sent, ` +
      `${deadInCampaign} failed for good, ${twice} tried more than once (0 duplicates: one row per subscriber, Message-ID per row)`);
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
