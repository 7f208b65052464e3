/**
 * One open Checkout Session per purchase, however many times Pay now is clicked at once: ten
 * concurrent stripe-checkout calls (supabase-js functions.invoke, as the site calls it) for one
 * order, one adoption and one held workshop place each end with one session at Stripe, every caller
 * handed the same id and url. The function claims a checkout attempt in the database
 * (claim_buzz_haven_checkout, under the purchase's row lock) and creates the session with that
 * attempt's Idempotency-Key, so Stripe answers the concurrent calls with one session. A session
 * that expired or is near its end is replaced by a new attempt (the old one expired at Stripe).
 * On PGlite and on PostgreSQL (real row locks).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { OWNER, client, raiseVisitorLimits, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { createDatabase, dropDatabase, targets } from './support/serverDatabases';
import { startStripeStandIn, type StripeStandIn } from '../stripe/standIn';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201';
const API_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_0123456789';
const CLICKS = 10;

describe.each(targets)('Checkout started once on %s', (target) => {
  let backend: Backend;
  let stripe: StripeStandIn;
  const database = `buzz_once_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  beforeAll(async () => {
    stripe = await startStripeStandIn({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
    const env: Record<string, string> = {
      STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, SITE_URL: 'http://shop.test',
    };
    if (target === 'postgres') env.DATABASE_URL = databaseUrl = await createDatabase(database);
    backend = await startBackend({ env });
    stripe.webhookUrl = `${backend.url}/functions/v1/stripe-webhook`;
    await raiseVisitorLimits(backend.url, ['order', 'adoption', 'registration']);
  }, 200_000);
  afterAll(async () => {
    await backend?.stop();
    if (backend) removeDataDir(backend.dataDir);
    await stripe?.close();
    if (target === 'postgres') await dropDatabase(database);
  });

  /** CLICKS calls at once with the same body; each answer's status and session id. */
  async function clicks(body: Record<string, unknown>) {
    const answers = await Promise.all(Array.from({ length: CLICKS }, () =>
      client(backend.url).functions.invoke('stripe-checkout', { body })));
    return Promise.all(answers.map(async ({ data, error }) => error
      ? { status: (error as { context: Response }).context.status, text: await (error as { context: Response }).context.text() }
      : { status: 200, id: (data as { id: string }).id, url: (data as { url: string }).url }));
  }
  const sessionsFor = (reference: string) => [...stripe.sessions.values()].filter((s) => s.client_reference_id === reference);

  function expectOneSession(answers: Awaited<ReturnType<typeof clicks>>, reference: string) {
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.url)).size).toBe(1);
    expect(sessionsFor(reference).map((s) => s.id)).toEqual([answers[0].id]);
  }

  async function order() {
    const email = uniqueEmail('clicker');
    const { data, error } = await client(backend.url).rpc('submit_buzz_haven_order_request', {
      p_customer_name: 'Ada Clicker', p_customer_email: email, p_delivery: 'pickup', p_items: [{ product_id: WILDFLOWER, quantity: 1 }],
    });
    if (error) throw new Error(error.message);
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const number = (data as { number: string }).number;
    const rows = await owner.rpc('get_buzz_haven_orders').eq('number', number);
    return { number, email, id: (rows.data as { id: string }[])[0].id };
  }

  test(`${CLICKS} concurrent Pay now calls for one order: one Checkout Session, the same for every caller`, async () => {
    const o = await order();
    expectOneSession(await clicks({ number: o.number, email: o.email }), o.id);
    // Every create carried the attempt's key: the order and attempt 1.
    const keys = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.idempotencyKey?.includes(o.id));
    expect(new Set(keys.map((r) => r.idempotencyKey))).toEqual(new Set([`checkout-order-${o.id}-1`]));
  }, 60_000);

  test('an expired session is replaced: the next calls make one new session, under the next attempt\'s key', async () => {
    const o = await order();
    const [first] = await clicks({ number: o.number, email: o.email });
    const expired = await fetch(`${stripe.url}/v1/checkout/sessions/${first.id}/expire`, {
      method: 'POST', headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(expired.status).toBe(200);
    const again = await clicks({ number: o.number, email: o.email });
    expect(new Set(again.map((a) => a.id)).size).toBe(1);
    expect(again[0].id).not.toBe(first.id);
    expect(sessionsFor(o.id).filter((s) => s.status === 'open').map((s) => s.id)).toEqual([again[0].id]);
    expect(stripe.requests.some((r) => r.idempotencyKey === `checkout-order-${o.id}-2`)).toBe(true);
  }, 60_000);

  if (target === 'postgres') {
    test('a session near its end is replaced by one new session and expired at Stripe', async () => {
      const o = await order();
      const [first] = await clicks({ number: o.number, email: o.email });
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try { // five minutes or less left: no longer handed out
        await db.query("update buzz_haven.checkout_sessions set expires_at = now() + interval '2 minutes' where id = $1", [first.id]);
      } finally {
        await db.end();
      }
      const again = await clicks({ number: o.number, email: o.email });
      expect(new Set(again.map((a) => a.id)).size).toBe(1);
      expect(again[0].id).not.toBe(first.id);
      expect(stripe.sessions.get(String(first.id))).toMatchObject({ status: 'expired' });
      expect(sessionsFor(o.id).filter((s) => s.status === 'open').map((s) => s.id)).toEqual([again[0].id]);
      const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
      expect(((await owner.rpc('get_buzz_haven_orders').eq('number', o.number)).data as { payment_state: string }[])[0].payment_state)
        .toBe('awaiting_payment');
    }, 60_000);
  }

  test(`${CLICKS} concurrent calls for one adoption (a subscription) and for one held workshop place: one session each`, async () => {
    const email = uniqueEmail('adopter');
    const adoption = await client(backend.url).rpc('submit_buzz_haven_adoption_request', {
      p_tier: 'hive-guardian', p_plan: 'monthly', p_name: 'Ada Adopter', p_email: email,
    });
    const adoptionId = (adoption.data as { id: string }).id;
    expectOneSession(await clicks({ kind: 'adoption', adoption_id: adoptionId, email }), adoptionId);

    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const made = await owner.rpc('create_buzz_haven_event', {
      p_title: 'Beekeeping Basics, clicked', p_start_time: new Date(Date.now() + 7 * 86400_000).toISOString(), p_kind: 'workshop',
      p_capacity: 5, p_is_public: true, p_price: 1, p_offering: 'beekeeping-basics',
    });
    const placeEmail = uniqueEmail('placer');
    const held = await client(backend.url).rpc('register_buzz_haven_workshop', {
      p_event_id: (made.data as { id: string }).id, p_name: 'Bea Clicker', p_email: placeEmail, p_places: 1, p_pay: true,
    });
    const registrationId = (held.data as { id: string }).id;
    expectOneSession(await clicks({ kind: 'registration', registration_id: registrationId, email: placeEmail }), registrationId);
  }, 90_000);
});

test('the stand-in keeps Stripe\'s idempotency rules: the same key and parameters replay the session; other parameters are refused', async () => {
  const standIn = await startStripeStandIn({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
  try {
    const create = (key: string, expiresAt: number) => fetch(`${standIn.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': key },
      body: new URLSearchParams({ mode: 'payment', success_url: 'http://shop.test/ok', expires_at: String(expiresAt),
        'line_items[0][quantity]': '1', 'line_items[0][price_data][currency]': 'usd', 'line_items[0][price_data][unit_amount]': '2000',
        'line_items[0][price_data][product_data][name]': 'Jar' }).toString(),
    });
    const at = Math.floor(Date.now() / 1000) + 3600;
    const first = await create('key-a', at);
    const again = await create('key-a', at);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).id).toBe((await first.json()).id);
    const other = await create('key-a', at + 1);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } });
    // Parameters that fail validation keep nothing under their key: the corrected request runs.
    expect((await create('key-b', at + 86400 * 2)).status).toBe(400);
    expect((await create('key-b', at)).status).toBe(200);
    expect(standIn.sessions.size).toBe(2);
  } finally {
    await standIn.close();
  }
});
