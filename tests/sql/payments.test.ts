/**
 * Card payments for orders in SQL: the checkout RPC prices
 * the order from what the server stored, each Stripe event is stored by id and applied once, a
 * payment counts only at the order's total in usd, refunds only grow and are never undone by a
 * late success, an expired session leaves the order unpaid. On PostgreSQL, 50 connections deliver
 * the same payment at once (the same event and 50 different events): one payment row.
 */
import { randomBytes } from 'node:crypto';
import { anon, createMember, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { openPool, openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const JAR = 'b0250000-0000-4000-8000-0000000000a1'; // 2000 cents
type Receipt = { number: string; subtotal: number; shipping: number; total: number };
type Begin = { order_id: string; number: string; total: number; subtotal: number; shipping: number; currency: string;
  items: { name: string; unit_price: number; quantity: number }[]; open_session: { id: string; url: string } | null };

const rnd = () => randomBytes(8).toString('hex');

/** A Stripe event as the webhook hands it over (shapes of Stripe's API reference). */
export function sessionEvent(type: string, session: Record<string, unknown>, id = `evt_${rnd()}`) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } };
}

describe.each(targets)('card payments for orders on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@payments.test', 'staff');
    await t.db.query(`insert into buzz_haven.products (id, name, price, is_public) values ($1, 'Wildflower Honey', 2000, true)`, [JAR]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const order = async (quantity = 1) => {
    const email = `pay${++n}@example.com`;
    const receipt = await rpcValue<Receipt>(t.db, anon, 'submit_buzz_haven_order_request', {
      p_customer_name: 'Ada Payer', p_customer_email: email, p_delivery: 'pickup',
      p_items: JSON.stringify([{ product_id: JAR, quantity }]),
    });
    const begin = await rpcValue<Begin>(t.db, service, 'begin_buzz_haven_order_checkout', { p_number: receipt.number, p_email: email });
    return { receipt, begin, email };
  };
  const state = async (orderId: string) =>
    (await t.db.query<{ payment_state: string }>('select payment_state from buzz_haven.orders where id = $1', [orderId])).rows[0].payment_state;
  const payments = async (orderId: string) =>
    (await t.db.query('select payment_intent, amount, amount_refunded, status from buzz_haven.payments where order_id = $1', [orderId])).rows;
  const apply = (event: unknown) =>
    rpcValue<{ outcome: string; detail: string | null }>(t.db, service, 'apply_buzz_haven_stripe_event', { p_event: JSON.stringify(event) });
  const session = (begin: Begin, over: Record<string, unknown> = {}) => ({
    id: `cs_test_${rnd()}`, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid',
    amount_total: begin.total, currency: 'usd', payment_intent: `pi_${rnd()}`,
    metadata: { kind: 'order', order_id: begin.order_id, order_number: begin.number }, ...over,
  });

  test('the checkout RPC answers the stored total and lines; the order awaits payment once a session is recorded', async () => {
    const { receipt, begin } = await order(3);
    expect(begin).toMatchObject({ number: receipt.number, total: 6000, subtotal: 6000, shipping: 0, currency: 'usd', open_session: null,
      items: [{ name: 'Wildflower Honey', unit_price: 2000, quantity: 3 }] });
    expect(await state(begin.order_id)).toBe('offline');
    await rpcValue(t.db, service, 'record_buzz_haven_checkout_session', {
      p_order_id: begin.order_id, p_session_id: 'cs_test_open1', p_amount: 6000, p_currency: 'usd',
      p_url: 'https://checkout.stripe.com/c/pay/cs_test_open1', p_expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(await state(begin.order_id)).toBe('awaiting_payment');
    const again = await rpcValue<Begin>(t.db, service, 'begin_buzz_haven_order_checkout', { p_number: receipt.number, p_email: `PAY${n}@example.com` });
    expect(again.open_session).toEqual({ id: 'cs_test_open1', url: 'https://checkout.stripe.com/c/pay/cs_test_open1' });
  });

  test('the paid page: a visitor with the session id sees the order\'s payment state; a number alone tells nothing', async () => {
    const { begin } = await order();
    const s = session(begin, { id: 'cs_test_paidpage1' });
    await rpcValue(t.db, service, 'record_buzz_haven_checkout_session', {
      p_order_id: begin.order_id, p_session_id: s.id, p_amount: 2000, p_currency: 'usd',
      p_url: 'https://checkout.stripe.com/c/pay/cs_test_paidpage1', p_expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    const status = () => rpcValue(t.db, anon, 'get_buzz_haven_order_payment', { p_number: begin.number, p_session_id: s.id });
    expect(await status()).toEqual({ number: begin.number, total: 2000, payment_state: 'awaiting_payment' });
    await apply(sessionEvent('checkout.session.completed', s));
    expect(await status()).toEqual({ number: begin.number, total: 2000, payment_state: 'paid' });
    await expect(rpcValue(t.db, anon, 'get_buzz_haven_order_payment', { p_number: begin.number, p_session_id: 'cs_test_other' }))
      .rejects.toMatchObject({ code: 'PT404', message: 'Order not found' });
    await expect(rpcValue(t.db, anon, 'get_buzz_haven_order_payment', { p_number: begin.number }))
      .rejects.toMatchObject({ code: '22023' });
  });

  test('a wrong e-mail or number is not found; anon and staff cannot call the payment RPCs', async () => {
    const { receipt } = await order();
    await expect(rpcValue(t.db, service, 'begin_buzz_haven_order_checkout', { p_number: receipt.number, p_email: 'other@example.com' }))
      .rejects.toMatchObject({ code: 'PT404' });
    for (const who of [anon, staff]) {
      await expect(rpcValue(t.db, who, 'begin_buzz_haven_order_checkout', { p_number: receipt.number, p_email: 'x@example.com' }))
        .rejects.toMatchObject({ code: '42501' });
      await expect(rpcValue(t.db, who, 'apply_buzz_haven_stripe_event', { p_event: '{}' })).rejects.toMatchObject({ code: '42501' });
    }
  });

  test('a completed session pays the order once; the same event again is a duplicate', async () => {
    const { begin, receipt, email } = await order();
    const event = sessionEvent('checkout.session.completed', session(begin));
    expect(await apply(event)).toMatchObject({ outcome: 'applied' });
    expect(await apply(event)).toMatchObject({ outcome: 'duplicate' });
    expect(await state(begin.order_id)).toBe('paid');
    expect(await payments(begin.order_id)).toEqual([expect.objectContaining({ amount: 2000, status: 'succeeded' })]);
    // The same payment told again by payment_intent.succeeded (another event id): still one row.
    const pi = (event.data.object as { payment_intent: string }).payment_intent;
    expect(await apply(sessionEvent('payment_intent.succeeded', {
      id: pi, object: 'payment_intent', amount_received: 2000, currency: 'usd', metadata: { kind: 'order', order_id: begin.order_id },
    }))).toMatchObject({ outcome: 'applied' });
    expect(await payments(begin.order_id)).toHaveLength(1);
    await expect(rpcValue(t.db, service, 'begin_buzz_haven_order_checkout', { p_number: receipt.number, p_email: email }))
      .rejects.toMatchObject({ code: 'PT409', message: 'This order is already paid' });
  });

  test('an order paid through two sessions keeps both payments and tells staff to refund one', async () => {
    const { begin } = await order();
    const first = session(begin);
    const second = session(begin);
    expect(await apply(sessionEvent('checkout.session.completed', first))).toMatchObject({ outcome: 'applied', detail: null });
    expect(await apply(sessionEvent('checkout.session.completed', second))).toMatchObject({
      outcome: 'applied', detail: `Order ${begin.number} was paid twice (${first.payment_intent} and ${second.payment_intent}): refund one`,
    });
    expect(await apply(sessionEvent('payment_intent.succeeded', { id: second.payment_intent, object: 'payment_intent',
      amount_received: 2000, currency: 'usd', metadata: { kind: 'order', order_id: begin.order_id } }))).toMatchObject({ detail: null });
    expect(await payments(begin.order_id)).toHaveLength(2);
    const log = await rpcRows(t.db, staff, 'get_buzz_haven_activity');
    expect(log.filter((r) => r.record_id === begin.order_id && /paid twice/.test(r.summary))).toHaveLength(1);
  });

  test('a session total that is not the order total leaves it unpaid and logs it', async () => {
    const { begin } = await order();
    const result = await apply(sessionEvent('checkout.session.completed', session(begin, { amount_total: 1 })));
    expect(result).toMatchObject({ outcome: 'rejected', detail: expect.stringContaining('Paid 1 usd, but order') });
    const other = await apply(sessionEvent('checkout.session.completed', session(begin, { currency: 'eur' })));
    expect(other.outcome).toBe('rejected');
    expect(await state(begin.order_id)).toBe('offline');
    expect(await payments(begin.order_id)).toEqual([]);
    const log = await rpcRows(t.db, staff, 'get_buzz_haven_activity');
    expect(log.filter((r) => r.record_id === begin.order_id && /Card payment refused/.test(r.summary))).toHaveLength(2);
  });

  test('refunds grow only; a completed after the refund does not bring the payment back', async () => {
    const { begin } = await order(2);
    const s = session(begin);
    const charge = (refunded: number) => sessionEvent('charge.refunded', {
      id: `ch_${rnd()}`, object: 'charge', amount: 4000, amount_refunded: refunded, currency: 'usd', payment_intent: s.payment_intent,
    });
    expect(await apply(charge(4000))).toMatchObject({ outcome: 'applied' }); // the refund arrives first
    expect(await apply(sessionEvent('checkout.session.completed', s))).toMatchObject({ outcome: 'applied' });
    expect(await state(begin.order_id)).toBe('refunded');
    expect(await payments(begin.order_id)).toEqual([expect.objectContaining({ amount_refunded: 4000, status: 'refunded' })]);

    const { begin: b2 } = await order(2);
    const s2 = session(b2);
    await apply(sessionEvent('checkout.session.completed', s2));
    const partial = (refunded: number) => sessionEvent('charge.refunded', {
      id: `ch_${rnd()}`, object: 'charge', amount: 4000, amount_refunded: refunded, currency: 'usd', payment_intent: s2.payment_intent,
    });
    await apply(partial(1500));
    expect(await state(b2.order_id)).toBe('partially_refunded');
    await apply(partial(500)); // an older event, late
    expect(await payments(b2.order_id)).toEqual([expect.objectContaining({ amount_refunded: 1500, status: 'partially_refunded' })]);
  });

  test('an expired session leaves the order unpaid; unknown types are stored and ignored', async () => {
    const { begin } = await order();
    await rpcValue(t.db, service, 'record_buzz_haven_checkout_session', {
      p_order_id: begin.order_id, p_session_id: 'cs_test_exp1', p_amount: 2000, p_currency: 'usd',
      p_url: 'https://checkout.stripe.com/c/pay/cs_test_exp1', p_expires_at: new Date().toISOString(),
    });
    expect(await state(begin.order_id)).toBe('awaiting_payment');
    expect(await apply(sessionEvent('checkout.session.expired', session(begin, { id: 'cs_test_exp1', status: 'expired',
      payment_status: 'unpaid', payment_intent: null })))).toMatchObject({ outcome: 'applied' });
    expect(await state(begin.order_id)).toBe('unpaid');
    expect(await apply(sessionEvent('customer.created', { id: 'cus_1', object: 'customer' }))).toMatchObject({ outcome: 'ignored' });
    await expect(apply({ id: 'nope', type: 'x', data: { object: {} } })).rejects.toMatchObject({ code: '22023' });
  });

  test('refunds: an owner or admin prepares one within what is left; the service key records it and logs who asked', async () => {
    const { begin } = await order(2);
    const s = session(begin);
    await apply(sessionEvent('checkout.session.completed', s));
    const owner = await createMember(t.db, `owner${n}@payments.test`, 'owner');
    await expect(rpcValue(t.db, staff, 'prepare_buzz_haven_refund', { p_order_id: begin.order_id }))
      .rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can refund a payment' });
    await expect(rpcValue(t.db, owner, 'prepare_buzz_haven_refund', { p_order_id: begin.order_id, p_amount: 4001 }))
      .rejects.toMatchObject({ code: '22023', message: 'A refund of this payment is between $0.01 and $40.00' });
    // the reason and note are refunds' CHECKs, checked on the refund about to be asked for
    await expect(rpcValue(t.db, owner, 'prepare_buzz_haven_refund', { p_order_id: begin.order_id, p_reason: 'changed_mind' }))
      .rejects.toMatchObject({ code: '23514', message: 'Reason must be requested_by_customer, duplicate or fraudulent' });
    await expect(rpcValue(t.db, owner, 'prepare_buzz_haven_refund', { p_order_id: begin.order_id, p_note: 'n'.repeat(501) }))
      .rejects.toMatchObject({ code: '23514', message: 'Note is too long (500 characters at most)', detail: expect.stringContaining('"field" : "note"') });
    const prepared = await rpcValue<Record<string, unknown>>(t.db, owner, 'prepare_buzz_haven_refund',
      { p_order_id: begin.order_id, p_amount: 1500, p_reason: 'requested_by_customer', p_note: 'One jar broke' });
    expect(prepared).toMatchObject({ payment_intent: s.payment_intent, amount: 1500, currency: 'usd', refunded_before: 0,
      reason: 'requested_by_customer', note: 'One jar broke' });
    await expect(rpcValue(t.db, owner, 'record_buzz_haven_refund', { p_refund_id: 're_x' })).rejects.toMatchObject({ code: '42501' });
    const record = { p_refund_id: 're_test1', p_payment_intent: s.payment_intent, p_order_id: begin.order_id, p_amount: 1500,
      p_currency: 'usd', p_reason: 'requested_by_customer', p_note: 'One jar broke', p_status: 'succeeded',
      p_requested_by: prepared.requested_by, p_requested_by_name: prepared.requested_by_name };
    await rpcValue(t.db, service, 'record_buzz_haven_refund', record);
    await rpcValue(t.db, service, 'record_buzz_haven_refund', record); // a retry: no second row, no second log line
    // What is left counts the recorded refund before Stripe's webhook arrives.
    const rest = await rpcValue<{ amount: number }>(t.db, owner, 'prepare_buzz_haven_refund', { p_order_id: begin.order_id });
    expect(rest.amount).toBe(2500);
    const log = (await rpcRows(t.db, staff, 'get_buzz_haven_activity')).filter((r) => r.record_id === begin.order_id && /^Refund/.test(r.summary));
    expect(log.map((r) => [r.actor_name, r.summary])).toEqual([[prepared.requested_by_name,
      'Refund of $15.00 succeeded for order ' + begin.number + ', requested by customer: One jar broke (re_test1)']]);
  });

  if (target === 'postgres') {
    test('50 connections at once: the same event 50 times, and 50 events of one payment, leave one payment row', async () => {
      const pool = openPool(t.url!, 50);
      try {
        const deliver = async (event: unknown) => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query("select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{\"role\":\"service_role\"}', true)");
            const { rows } = await client.query('select public.apply_buzz_haven_stripe_event($1::jsonb) as r', [JSON.stringify(event)]);
            await client.query('commit');
            return (rows[0] as { r: { outcome: string } }).r.outcome;
          } catch (err) {
            await client.query('rollback');
            throw err;
          } finally {
            client.release();
          }
        };
        const { begin } = await order();
        const same = sessionEvent('checkout.session.completed', session(begin));
        const outcomes = await Promise.all(Array.from({ length: 50 }, () => deliver(same)));
        expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
        expect(await payments(begin.order_id)).toHaveLength(1);

        const { begin: b2 } = await order();
        const s = session(b2);
        const many = await Promise.all(Array.from({ length: 50 }, () => deliver(sessionEvent('checkout.session.completed', s))));
        expect(many.every((o) => o === 'applied')).toBe(true);
        expect(await payments(b2.order_id)).toHaveLength(1);
        expect(await state(b2.order_id)).toBe('paid');
      } finally {
        await pool.end();
      }
    }, 60_000);
  }
});
