/**
 * claim_buzz_haven_checkout: one Checkout attempt per purchase at a time. Callers before any
 * session is recorded join the same attempt (the same Idempotency-Key and expiry, so Stripe makes
 * one session for them all); a recorded session still payable is handed back; an expired, paid or
 * nearly-ended one starts the next attempt (an order's or adoption's old session named to expire,
 * never a registration's, whose hold ends with it); an attempt no session came of is given up after
 * a minute. Service key only. On PostgreSQL, 20 connections claim one order at once: one attempt.
 */
import { anon, createMember, rpcValue, service } from './support/callers';
import { openPool, openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const JAR = 'b0250000-0000-4000-8000-0000000000b1'; // 2000 cents
type Claim = { open_session?: { id: string; url: string }; attempt: number; idempotency_key: string; expires_at: number; replaces: string | null };

describe.each(targets)('checkout attempts on %s', (target) => {
  let t: TestDb;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    await t.db.query(`insert into buzz_haven.products (id, name, price, is_public) values ($1, 'Wildflower Honey', 2000, true)`, [JAR]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  async function order() {
    const email = `claim${++n}@example.com`;
    const receipt = await rpcValue<{ number: string }>(t.db, anon, 'submit_buzz_haven_order_request', {
      p_customer_name: 'Ada Claimer', p_customer_email: email, p_delivery: 'pickup', p_items: JSON.stringify([{ product_id: JAR, quantity: 1 }]),
    });
    const { rows } = await t.db.query<{ id: string }>('select id from buzz_haven.orders where number = $1', [receipt.number]);
    return rows[0].id;
  }
  const claim = (id: string, kind = 'order', amount = 2000, minutes = 60) =>
    rpcValue<Claim>(t.db, service, 'claim_buzz_haven_checkout', { p_kind: kind, p_target_id: id, p_amount: amount, p_minutes: minutes });
  const record = (orderId: string, session: string, expiresInSeconds = 3600) => rpcValue(t.db, service, 'record_buzz_haven_checkout_session', {
    p_order_id: orderId, p_session_id: session, p_amount: 2000, p_currency: 'usd', p_url: `https://checkout.stripe.com/c/pay/${session}`,
    p_expires_at: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
  });
  const nowSeconds = () => Date.now() / 1000;

  test('callers before a session is recorded join one attempt; the recorded session is then handed back', async () => {
    const id = await order();
    const first = await claim(id);
    expect(first).toMatchObject({ attempt: 1, idempotency_key: `checkout-order-${id}-1`, replaces: null });
    // An hour from the last moment a caller may still join (a minute): within Stripe's 30 minutes to 24 hours for every caller.
    expect(first.expires_at - nowSeconds()).toBeGreaterThan(60 * 60 + 50);
    expect(first.expires_at - nowSeconds()).toBeLessThanOrEqual(61 * 60);
    expect(await claim(id)).toEqual(first);
    await record(id, `cs_test_claim${n}a`);
    expect(await claim(id)).toEqual({ open_session: { id: `cs_test_claim${n}a`, url: `https://checkout.stripe.com/c/pay/cs_test_claim${n}a` } });
    // Another amount (the order changed) is not handed the old session: a new attempt, the old one to expire.
    expect(await claim(id, 'order', 2500)).toMatchObject({ attempt: 2, replaces: `cs_test_claim${n}a` });
  });

  test('a session near its end starts the next attempt and is named to expire; an expired one starts it too', async () => {
    const id = await order();
    await claim(id);
    await record(id, `cs_test_claim${n}b`, 120);
    expect(await claim(id)).toMatchObject({ attempt: 2, idempotency_key: `checkout-order-${id}-2`, replaces: `cs_test_claim${n}b` });
    await record(id, `cs_test_claim${n}c`);
    await t.db.query("update buzz_haven.checkout_sessions set status = 'expired' where id = any($1)", [[`cs_test_claim${n}b`, `cs_test_claim${n}c`]]);
    expect(await claim(id)).toMatchObject({ attempt: 3, replaces: null });
  });

  test('an attempt no session came of within a minute is given up: the next caller starts another', async () => {
    const id = await order();
    expect((await claim(id)).attempt).toBe(1);
    await t.db.query("update buzz_haven.checkout_attempts set started_at = now() - interval '61 seconds' where target_id = $1", [id]);
    const next = await claim(id);
    expect(next.attempt).toBe(2);
    expect(next.expires_at - nowSeconds()).toBeGreaterThan(60 * 60 + 50);
  });

  test('a registration\'s open session is never named to expire (its hold ends with it); Stripe\'s 24 hours at most', async () => {
    const { rows: [event] } = await t.db.query<{ id: string }>(
      "insert into buzz_haven.events (title, start_time, capacity) values ('Claimed workshop', now() + interval '7 days', 5) returning id");
    const { rows: [reg] } = await t.db.query<{ id: string }>(`insert into buzz_haven.event_registrations
      (event_id, name, email, places, status, hold_expires_at, amount_due) values ($1, 'Bea', 'bea@example.com', 1, 'held', now() + interval '30 minutes', 4500)
      returning id`, [event.id]);
    await claim(reg.id, 'registration', 4500, 30);
    await rpcValue(t.db, service, 'record_buzz_haven_registration_checkout', {
      p_registration_id: reg.id, p_session_id: `cs_test_reg${n}`, p_amount: 4500, p_currency: 'usd',
      p_url: `https://checkout.stripe.com/c/pay/cs_test_reg${n}`, p_expires_at: new Date(Date.now() + 120_000).toISOString(),
    });
    expect(await claim(reg.id, 'registration', 4500, 30)).toMatchObject({ attempt: 2, replaces: null });
    const longest = await claim(await order(), 'order', 2000, 1440);
    expect(longest.expires_at - nowSeconds()).toBeLessThanOrEqual(24 * 3600);
  });

  test('the service key only; an unknown purchase or kind is 404, a bad claim 400', async () => {
    const id = await order();
    await createMember(t.db, `owner${n}@claims.test`, 'owner');
    await expect(rpcValue(t.db, anon, 'claim_buzz_haven_checkout', { p_kind: 'order', p_target_id: id, p_amount: 2000, p_minutes: 60 }))
      .rejects.toMatchObject({ code: '42501' });
    await expect(claim('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'PT404' });
    await expect(claim(id, 'gift')).rejects.toMatchObject({ code: 'PT404' });
    await expect(claim(id, 'order', 2000, 29)).rejects.toMatchObject({ code: '22023' });
  });

  if (target === 'postgres') {
    test('20 connections claim one order at once: one attempt between them', async () => {
      const pool = openPool(t.url!, 20);
      try {
        const id = await order();
        const claimOnce = async () => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query("select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{\"role\":\"service_role\"}', true)");
            const { rows } = await client.query("select public.claim_buzz_haven_checkout('order', $1, 2000, 60) as c", [id]);
            await client.query('commit');
            return (rows[0] as { c: Claim }).c;
          } finally {
            client.release();
          }
        };
        const claims = await Promise.all(Array.from({ length: 20 }, claimOnce));
        expect(new Set(claims.map((c) => JSON.stringify(c)))).toEqual(new Set([JSON.stringify(claims[0])]));
        expect(claims[0].attempt).toBe(1);
      } finally {
        await pool.end();
      }
    }, 60_000);
  }
});
