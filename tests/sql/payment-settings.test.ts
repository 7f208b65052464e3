/**
 * How orders are paid and the Payments page's
 * rows and monthly totals: pay at pickup / invoice
 * is on until an owner or admin switches it off, then an order request must be paid by card; a card
 * order starts unpaid; the ledger lists payments and refunds with Stripe dashboard links; the
 * months add up what was received and refunded, including a refund made in Stripe's dashboard.
 */
import { randomBytes } from 'node:crypto';
import { anon, createMember, rpcOne, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const JAR = 'b0250000-0000-4000-8000-0000000000b1'; // 2000 cents
type Receipt = { number: string; total: number };
type Settings = { id: string; pay_later: boolean };
const rnd = () => randomBytes(8).toString('hex');

describe.each(targets)('payment settings and the payments ledger on %s', (target) => {
  let t: TestDb;
  let owner: Caller;
  let staff: Caller;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    owner = await createMember(t.db, 'owner@payment-settings.test', 'owner');
    staff = await createMember(t.db, 'staff@payment-settings.test', 'staff');
    await t.db.query(`insert into buzz_haven.products (id, name, price, is_public) values ($1, 'Ledger Honey', 2000, true)`, [JAR]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const settings = async () => (await rpcRows<Settings>(t.db, anon, 'get_buzz_haven_payment_settings'))[0];
  const order = (payment?: string) => rpcValue<Receipt>(t.db, anon, 'submit_buzz_haven_order_request', {
    p_customer_name: 'Ada Payer', p_customer_email: `settings${++n}@example.com`, p_delivery: 'pickup',
    p_items: JSON.stringify([{ product_id: JAR, quantity: 1 }]), ...(payment && { p_payment: payment }),
  });
  const paymentState = async (number: string) =>
    (await t.db.query<{ payment_state: string }>('select payment_state from buzz_haven.orders where number = $1', [number])).rows[0]
      .payment_state;

  test('pay at pickup is on by default and anyone may read it; only an owner or admin switches it', async () => {
    const s = await settings();
    expect(s.pay_later).toBe(true);
    await expect(rpcValue(t.db, staff, 'update_buzz_haven_payment_settings', { p_id: s.id, p_pay_later: false }))
      .rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can change how orders are paid' });
    await expect(rpcValue(t.db, anon, 'update_buzz_haven_payment_settings', { p_id: s.id, p_pay_later: false }))
      .rejects.toMatchObject({ code: '42501' });
    expect((await settings()).pay_later).toBe(true);
  });

  test('with pay at pickup on, an order is paid later (offline) unless the visitor chose card (unpaid until paid)', async () => {
    const later = await order();
    expect(await paymentState(later.number)).toBe('offline');
    expect(await paymentState((await order('later')).number)).toBe('offline');
    expect(await paymentState((await order('card')).number)).toBe('unpaid');
    await expect(order('cash')).rejects.toMatchObject({ code: '22023', message: 'Payment must be card or later' });
  });

  test('switched off, an order that is not paid by card is refused and nothing is stored; card orders still go through', async () => {
    const s = await settings();
    const updated = await rpcOne<Settings>(t.db, owner, 'update_buzz_haven_payment_settings', { p_id: s.id, p_pay_later: false });
    expect(updated?.pay_later).toBe(false);
    const before = Number((await t.db.query('select count(*) from buzz_haven.orders')).rows[0].count);
    for (const payment of [undefined, 'later']) {
      await expect(order(payment)).rejects.toMatchObject({ code: '22023', message: 'The shop takes card payments only: please choose Pay now' });
    }
    expect(Number((await t.db.query('select count(*) from buzz_haven.orders')).rows[0].count)).toBe(before);
    const card = await order('card');
    expect(await paymentState(card.number)).toBe('unpaid');
    const log = await rpcRows(t.db, staff, 'get_buzz_haven_activity');
    expect(log.some((r) => r.record_id === s.id && /pay at pickup/.test(r.summary))).toBe(true);
    await rpcValue(t.db, owner, 'update_buzz_haven_payment_settings', { p_id: s.id, p_pay_later: true });
    expect(await paymentState((await order()).number)).toBe('offline');
  });

  test('the ledger lists payments and refunds with Stripe links; the months add up received, refunded and net', async () => {
    const receipt = await order('card');
    const { rows: [o] } = await t.db.query<{ id: string }>('select id from buzz_haven.orders where number = $1', [receipt.number]);
    const pi = `pi_${rnd()}`;
    const paid = await rpcValue<{ outcome: string }>(t.db, service, 'apply_buzz_haven_stripe_event', { p_event: JSON.stringify({
      id: `evt_${rnd()}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), livemode: false,
      data: { object: { id: `cs_test_${rnd()}`, object: 'checkout.session', payment_status: 'paid', amount_total: 2000, currency: 'usd',
        payment_intent: pi, livemode: false, metadata: { kind: 'order', order_id: o.id, order_number: receipt.number } } },
    }) });
    expect(paid.outcome).toBe('applied');
    // A refund asked here ($5), then Stripe reports $12 refunded in all ($7 more made in Stripe's dashboard).
    await rpcValue(t.db, service, 'record_buzz_haven_refund', {
      p_refund_id: `re_${rnd()}`, p_payment_intent: pi, p_order_id: o.id, p_amount: 500, p_currency: 'usd',
      p_reason: 'requested_by_customer', p_note: 'one jar broken', p_status: 'succeeded', p_requested_by_name: 'Owner',
    });
    await rpcValue(t.db, service, 'apply_buzz_haven_stripe_event', { p_event: JSON.stringify({
      id: `evt_${rnd()}`, object: 'event', type: 'charge.refunded', created: Math.floor(Date.now() / 1000), livemode: false,
      data: { object: { id: `ch_${rnd()}`, object: 'charge', payment_intent: pi, amount: 2000, amount_refunded: 1200, currency: 'usd' } },
    }) });

    const rows = (await rpcRows(t.db, staff, 'get_buzz_haven_payments')).filter((r) => r.payment_intent === pi);
    expect(rows).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: pi, kind: 'payment', order_number: receipt.number, amount: 2000, amount_refunded: 1200,
        status: 'partially_refunded', stripe_url: `https://dashboard.stripe.com/test/payments/${pi}` }),
      expect.objectContaining({ kind: 'refund', order_number: receipt.number, amount: 500, reason: 'requested_by_customer',
        note: 'one jar broken', requested_by_name: 'Owner', stripe_url: `https://dashboard.stripe.com/test/payments/${pi}` }),
    ]));
    expect(rows).toHaveLength(2);

    const month = new Date().toISOString().slice(0, 7);
    const all = await t.db.query<{ received: number; refunded: number }>(
      `select coalesce(sum(amount), 0)::int as received, coalesce(sum(amount_refunded), 0)::int as refunded from buzz_haven.payments
       where to_char(created_at at time zone 'UTC', 'YYYY-MM') = $1`, [month]);
    const [m] = (await rpcRows(t.db, staff, 'get_buzz_haven_payment_months')).filter((r) => r.id === month);
    expect(m).toMatchObject({ received: all.rows[0].received, refunded: all.rows[0].refunded,
      net: all.rows[0].received - all.rows[0].refunded });
    expect(m.refunded).toBeGreaterThanOrEqual(1200);
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_payments')).rejects.toMatchObject({ code: '42501' });
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_payment_months')).rejects.toMatchObject({ code: '42501' });
  });
});
