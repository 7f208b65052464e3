/**
 * The outbox's e-mails of card payments: an order
 * paid by card is acknowledged with the 'order_received_card' wording, one paid at pickup with
 * 'order_received' as before (one acknowledgement per order either way); an adoption that a card
 * payment makes active queues exactly one 'adoption_paid' to the adopter, with the subscription's
 * manage token (the portal link) or the gift's end date, and a replayed event, a renewal or a
 * failed-then-paid renewal queue no second one.
 */
import { randomBytes } from 'node:crypto';
import { anon, rpcValue, service } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const JAR = 'b0290000-0000-4000-8000-0000000000a1'; // 2000 cents
const rnd = () => randomBytes(8).toString('hex');
const now = () => Math.floor(Date.now() / 1000);
const event = (type: string, object: Record<string, unknown>, created = now()) =>
  ({ id: `evt_${rnd()}`, object: 'event', type, created, livemode: false, data: { object } });

interface Row { kind: string; recipient: string; data: any; idempotency_key: string }

describe.each(targets)('the e-mails of card payments on %s', (target) => {
  let t: TestDb;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    await t.db.query("insert into buzz_haven.products (id, name, price, is_public) values ($1, 'Wildflower Honey', 2000, true)", [JAR]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const outbox = async (table: string, id: string) => (await t.db.query<Row>(
    'select kind, recipient, data, idempotency_key from buzz_haven.outbox_messages where related_table = $1 and related_id = $2 order by created_at',
    [table, id])).rows;

  test('an order paid by card says its payment is awaited; one paid at pickup says no payment was taken; one e-mail each', async () => {
    const kinds: Record<string, Row[]> = {};
    for (const payment of ['card', 'later']) {
      const email = `buyer${++n}@example.com`;
      await rpcValue(t.db, anon, 'submit_buzz_haven_order_request', {
        p_customer_name: 'Ada Buyer', p_customer_email: email, p_delivery: 'pickup', p_payment: payment,
        p_items: JSON.stringify([{ product_id: JAR, quantity: 2, unit_price: 2000 }]),
      });
      const { rows } = await t.db.query<{ id: string; payment_state: string }>(
        'select id, payment_state from buzz_haven.orders where customer_email = $1', [email]);
      expect(rows).toHaveLength(1);
      kinds[payment] = await outbox('orders', rows[0]!.id);
    }
    expect(kinds.card).toEqual([expect.objectContaining({ kind: 'order_received_card',
      data: expect.objectContaining({ order: expect.objectContaining({ payment: 'card', total: 4000 }) }) })]);
    expect(kinds.later).toEqual([expect.objectContaining({ kind: 'order_received',
      data: expect.objectContaining({ order: expect.objectContaining({ payment: 'later', total: 4000 }) }) })]);
  });

  async function adoption(plan: string) {
    const email = `adopter${++n}@example.com`;
    const made = await rpcValue<{ id: string }>(t.db, anon, 'submit_buzz_haven_adoption_request', {
      p_tier: 'hive-guardian', p_plan: plan, p_name: 'Ada Adopter', p_email: email, ...(plan !== 'monthly' && { p_recipient_name: 'Grace' }),
    });
    const begun = await rpcValue<{ mode: string; amount: number }>(t.db, service, 'begin_buzz_haven_adoption_checkout',
      { p_adoption_id: made.id, p_email: email });
    const session = `cs_test_${rnd()}`;
    await rpcValue(t.db, service, 'record_buzz_haven_adoption_checkout', {
      p_adoption_id: made.id, p_session_id: session, p_mode: begun.mode, p_amount: begun.amount, p_currency: 'usd',
      p_url: `https://checkout.stripe.com/c/pay/${session}`, p_expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    return { id: made.id, email, begun, session };
  }
  const apply = (e: unknown) =>
    rpcValue<{ outcome: string }>(t.db, service, 'apply_buzz_haven_adoption_stripe_event', { p_event: JSON.stringify(e) });
  const paidMessages = async (id: string) => (await outbox('adoption_requests', id)).filter((r) => r.kind === 'adoption_paid');

  test('a subscription made active queues one e-mail with its manage token; replay, renewals and past due -> active queue no other', async () => {
    const { id, email, begun, session } = await adoption('monthly');
    expect(await paidMessages(id)).toEqual([]); // awaiting payment: nothing yet
    const sub = `sub_${rnd()}`;
    const completed = event('checkout.session.completed', { id: session, object: 'checkout.session', mode: 'subscription',
      status: 'complete', payment_status: 'paid', customer: 'cus_mail1', subscription: sub, amount_total: begun.amount, currency: 'usd',
      metadata: { kind: 'adoption', adoption_id: id } });
    await expect(apply(completed)).resolves.toMatchObject({ outcome: 'applied' });
    const { rows: [billing] } = await t.db.query<{ manage_token: string }>(
      'select manage_token from buzz_haven.adoption_billing where adoption_id = $1', [id]);
    const one = await paidMessages(id);
    expect(one).toEqual([{ kind: 'adoption_paid', recipient: email, idempotency_key: `adoption_paid.${id}`,
      data: { customer: { name: 'Ada Adopter' }, adoption: expect.objectContaining({ id, tier: 'hive-guardian', plan: 'monthly',
        mode: 'subscription', manage_token: billing!.manage_token, paid_until: null }) } }]);
    expect(billing!.manage_token).toMatch(/^[0-9a-f]{64}$/);

    await expect(apply(completed)).resolves.toMatchObject({ outcome: 'duplicate' });
    const t0 = now();
    const invoice = (status: string, created: number) => event(status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', {
      id: `in_${rnd()}`, object: 'invoice', status, amount_due: begun.amount, amount_paid: status === 'paid' ? begun.amount : 0,
      currency: 'usd', billing_reason: 'subscription_cycle', customer: 'cus_mail1',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: {} } },
      lines: { object: 'list', data: [{ period: { start: now(), end: now() + 30 * 86400 } }] } }, created);
    await expect(apply(invoice('paid', t0 + 1))).resolves.toMatchObject({ outcome: 'applied' });
    await expect(apply(invoice('open', t0 + 2))).resolves.toMatchObject({ outcome: 'applied' });
    await expect(apply(invoice('paid', t0 + 3))).resolves.toMatchObject({ outcome: 'applied' });
    expect((await t.db.query('select state from buzz_haven.adoption_billing where adoption_id = $1', [id])).rows).toEqual([{ state: 'active' }]);
    expect(await paidMessages(id)).toEqual(one);
  });

  test('a gift paid queues one e-mail with its end date and no manage token', async () => {
    const { id, begun, session } = await adoption('gift-3');
    const paid = event('checkout.session.completed', { id: session, object: 'checkout.session', mode: 'payment', status: 'complete',
      payment_status: 'paid', amount_total: begun.amount, currency: 'usd', payment_intent: `pi_${rnd()}`, customer: null,
      metadata: { kind: 'adoption', adoption_id: id } });
    await expect(apply(paid)).resolves.toMatchObject({ outcome: 'applied' });
    await expect(apply(paid)).resolves.toMatchObject({ outcome: 'duplicate' });
    const messages = await paidMessages(id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.data.adoption).toMatchObject({ plan: 'gift-3', mode: 'payment', manage_token: null, recipient_name: 'Grace' });
    const { rows: [billing] } = await t.db.query<{ paid_until: Date }>('select paid_until from buzz_haven.adoption_billing where adoption_id = $1', [id]);
    expect(Date.parse(messages[0]!.data.adoption.paid_until)).toBe(billing!.paid_until.getTime());
  });
});
