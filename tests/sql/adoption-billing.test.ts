/**
 * Adopt-a-Hive paid by card in SQL: the checkout
 * RPC charges the tier's stored price (a month for a subscription, N months at once for a gift);
 * Stripe's events move the adoption's state awaiting_payment -> active -> past_due -> active ->
 * cancelled, each applied once; out of order, a cancelled subscription is never brought back and
 * an older change is ignored; a gift is one payment with an end date; the success page and the
 * manage link answer only to who holds the session id / token; staff see the state in their list.
 */
import { randomBytes } from 'node:crypto';
import { anon, createMember, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const rnd = () => randomBytes(8).toString('hex');
const now = () => Math.floor(Date.now() / 1000);
const event = (type: string, object: Record<string, unknown>, created = now()) =>
  ({ id: `evt_${rnd()}`, object: 'event', type, created, livemode: false, data: { object } });

describe.each(targets)('adoptions paid by card on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@adoption-billing.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const tierPrice = async (slug: string) =>
    (await t.db.query<{ monthly_price: number }>('select monthly_price from buzz_haven.adopt_tiers where slug = $1', [slug])).rows[0].monthly_price;
  async function request(plan = 'monthly', tier = 'hive-guardian') {
    const email = `adopter${++n}@example.com`;
    const made = await rpcValue<{ id: string }>(t.db, anon, 'submit_buzz_haven_adoption_request', {
      p_tier: tier, p_plan: plan, p_name: 'Ada Adopter', p_email: email, ...(plan !== 'monthly' && { p_recipient_name: 'Grace' }),
    });
    const begun = await rpcValue<{ mode: string; amount: number; months: number | null; monthly_price: number; open_session: unknown }>(
      t.db, service, 'begin_buzz_haven_adoption_checkout', { p_adoption_id: made.id, p_email: email });
    const session = `cs_test_${rnd()}`;
    await rpcValue(t.db, service, 'record_buzz_haven_adoption_checkout', {
      p_adoption_id: made.id, p_session_id: session, p_mode: begun.mode, p_amount: begun.amount, p_currency: 'usd',
      p_url: `https://checkout.stripe.com/c/pay/${session}`, p_expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    return { id: made.id, email, begun, session };
  }
  const apply = (e: unknown) =>
    rpcValue<{ outcome: string; detail: string | null }>(t.db, service, 'apply_buzz_haven_adoption_stripe_event', { p_event: JSON.stringify(e) });
  const listed = async (id: string) => (await rpcRows(t.db, staff, 'get_buzz_haven_adoption_requests')).find((r) => r.id === id)!;
  // A subscription as Stripe sends it: its item's monthly price (what each renewal charges).
  const subscription = (id: string, sub: string, status: string, amount: number, periodEnd = now() + 30 * 86400) => ({
    id: sub, object: 'subscription', customer: 'cus_ada1', status, metadata: { kind: 'adoption', adoption_id: id },
    items: { object: 'list', data: [{ id: `si_${rnd()}`, object: 'subscription_item', current_period_end: periodEnd, quantity: 1,
      price: { object: 'price', currency: 'usd', unit_amount: amount, recurring: { interval: 'month', interval_count: 1 } } }] },
  });
  const invoice = (sub: string, status: string, amount: number, reason = 'subscription_cycle', periodEnd = now() + 60 * 86400) => ({
    id: `in_${rnd()}`, object: 'invoice', status, amount_due: amount, amount_paid: status === 'paid' ? amount : 0, currency: 'usd',
    billing_reason: reason, customer: 'cus_ada1',
    parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: {} } },
    lines: { object: 'list', data: [{ period: { start: now(), end: periodEnd } }] },
  });

  test('monthly: a subscription at the tier\'s price; checkout, renewal paid, renewal failed, paid again, cancelled; each once', async () => {
    const { id, begun, session } = await request('monthly');
    expect(begun).toMatchObject({ mode: 'subscription', amount: await tierPrice('hive-guardian'), months: null, open_session: null });
    expect(await listed(id)).toMatchObject({ billing_state: 'awaiting_payment', billing_mode: 'subscription' });
    const sub = `sub_${rnd()}`;
    const completed = event('checkout.session.completed', { id: session, object: 'checkout.session', mode: 'subscription',
      status: 'complete', payment_status: 'paid', customer: 'cus_ada1', subscription: sub, amount_total: begun.amount, currency: 'usd',
      metadata: { kind: 'adoption', adoption_id: id } });
    await expect(apply(completed)).resolves.toMatchObject({ outcome: 'applied' });
    await expect(apply(completed)).resolves.toMatchObject({ outcome: 'duplicate' });
    expect(await listed(id)).toMatchObject({ billing_state: 'active', stripe_customer: 'cus_ada1', stripe_subscription: sub });

    const t0 = now();
    await expect(apply(event('invoice.paid', invoice(sub, 'paid', begun.amount), t0 + 1))).resolves.toMatchObject({ outcome: 'applied' });
    expect(await listed(id)).toMatchObject({ billing_state: 'active', invoices_paid: 1 });
    await apply(event('invoice.payment_failed', invoice(sub, 'open', begun.amount), t0 + 2));
    expect(await listed(id)).toMatchObject({ billing_state: 'past_due' });
    await apply(event('customer.subscription.updated', subscription(id, sub, 'active', begun.amount), t0 + 3));
    expect(await listed(id)).toMatchObject({ billing_state: 'active' });
    const deleted = event('customer.subscription.deleted', subscription(id, sub, 'canceled', begun.amount), t0 + 4);
    await expect(apply(deleted)).resolves.toMatchObject({ outcome: 'applied' });
    expect(await listed(id)).toMatchObject({ billing_state: 'cancelled' });
    await expect(apply(deleted)).resolves.toMatchObject({ outcome: 'duplicate' });
  });

  test('out of order: a deleted subscription is not brought back by a later-delivered update or invoice; an older change is ignored', async () => {
    const { id, begun } = await request('monthly', 'swarm-supporter');
    const sub = `sub_${rnd()}`;
    const t0 = now();
    // The subscription's events arrive before checkout's: the adoption is found by the subscription's metadata.
    await expect(apply(event('customer.subscription.created', subscription(id, sub, 'active', begun.amount), t0))).resolves.toMatchObject({ outcome: 'applied' });
    expect(await listed(id)).toMatchObject({ billing_state: 'active', stripe_subscription: sub });
    await apply(event('customer.subscription.updated', subscription(id, sub, 'past_due', begun.amount), t0 + 10));
    // An update made before the past_due one, delivered after it: ignored.
    await expect(apply(event('customer.subscription.updated', subscription(id, sub, 'active', begun.amount), t0 + 5)))
      .resolves.toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/^Older than the last change applied/) });
    expect(await listed(id)).toMatchObject({ billing_state: 'past_due' });
    await apply(event('customer.subscription.deleted', subscription(id, sub, 'canceled', begun.amount), t0 + 20));
    // deleted before updated: the update (even one stamped later) and a paid invoice change nothing.
    await expect(apply(event('customer.subscription.updated', subscription(id, sub, 'active', begun.amount), t0 + 30)))
      .resolves.toMatchObject({ outcome: 'ignored', detail: expect.stringMatching(/cancelled already/) });
    await apply(event('invoice.paid', invoice(sub, 'paid', begun.amount), t0 + 31));
    expect(await listed(id)).toMatchObject({ billing_state: 'cancelled' });
    // A late checkout completion does not reactivate it either.
    await apply(event('checkout.session.completed', { id: `cs_test_${rnd()}`, object: 'checkout.session', mode: 'subscription',
      payment_status: 'paid', customer: 'cus_ada1', subscription: sub, metadata: { kind: 'adoption', adoption_id: id } }, t0 + 40));
    expect(await listed(id)).toMatchObject({ billing_state: 'cancelled' });
  });

  test('a subscription, invoice or checkout that does not charge the tier\'s monthly price in usd is refused and logged: not active', async () => {
    const { id, begun, session } = await request('monthly', 'hive-guardian');
    const sub = `sub_${rnd()}`;
    const t0 = now();
    // Invoices of a subscription not recorded yet: found by the metadata Stripe copies from the subscription.
    const billed = (amount: number, currency = 'usd') => ({ ...invoice(sub, 'paid', amount), currency,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: { kind: 'adoption', adoption_id: id } } } });
    const refusals: [string, Record<string, unknown>][] = [
      ['invoice.paid', billed(1)], // one cent
      ['invoice.payment_succeeded', billed(begun.amount, 'eur')],
      ['customer.subscription.created', subscription(id, sub, 'active', 1)],
      ['customer.subscription.updated', { ...subscription(id, sub, 'active', begun.amount), items: { object: 'list', data: [] } }],
      ['customer.subscription.updated', (() => { // the month's price, but billed once a year
        const s = subscription(id, sub, 'active', begun.amount);
        s.items.data[0].price.recurring.interval = 'year';
        return s;
      })()],
      ['checkout.session.completed', { id: session, object: 'checkout.session', mode: 'subscription', status: 'complete',
        payment_status: 'paid', customer: 'cus_cent1', subscription: sub, amount_total: 1, currency: 'usd', metadata: { kind: 'adoption', adoption_id: id } }],
    ];
    for (const [i, [type, object]] of refusals.entries()) {
      await expect(apply(event(type, object, t0 + i))).resolves.toMatchObject({ outcome: 'rejected',
        detail: expect.stringMatching(/^Charged .* but the hive-guardian adoption of Ada Adopter is \d+ usd a month: not made active$/) });
    }
    expect(await listed(id)).toMatchObject({ billing_state: 'awaiting_payment', stripe_customer: null, stripe_subscription: null, invoices_paid: 0 });
    const log = (await rpcRows(t.db, staff, 'get_buzz_haven_activity')).filter((r) => r.record_id === id).map((r) => r.summary);
    expect(log).toContainEqual(expect.stringMatching(
      new RegExp(`^Card payment refused: Charged 1 usd every month, but the hive-guardian adoption of Ada Adopter is ${begun.amount} usd a month`)));
    expect(log.filter((l) => l.startsWith('Card payment refused'))).toHaveLength(refusals.length);
    // The tier's price, in usd, monthly: applied.
    await expect(apply(event('invoice.paid', billed(begun.amount), t0 + 10))).resolves.toMatchObject({ outcome: 'applied' });
    expect(await listed(id)).toMatchObject({ billing_state: 'active', invoices_paid: 1 });
  });

  test('a gift is one payment of N months with an end date; a wrong amount is refused and logged', async () => {
    const { id, begun, session } = await request('gift-6', 'apiary-insider');
    const price = await tierPrice('apiary-insider');
    expect(begun).toMatchObject({ mode: 'payment', months: 6, amount: price * 6 });
    const paid = { id: session, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid',
      amount_total: price * 6, currency: 'usd', payment_intent: `pi_${rnd()}`, customer: null, metadata: { kind: 'adoption', adoption_id: id } };
    await expect(apply(event('checkout.session.completed', { ...paid, amount_total: price }))).resolves.toMatchObject({ outcome: 'rejected' });
    expect(await listed(id)).toMatchObject({ billing_state: 'awaiting_payment', paid_until: null });
    await expect(apply(event('checkout.session.completed', paid))).resolves.toMatchObject({ outcome: 'applied' });
    const row = await listed(id);
    expect(row).toMatchObject({ billing_state: 'active', billing_mode: 'payment', billing_amount: price * 6 });
    const months = (Date.parse(row.paid_until) - Date.now()) / (86400_000 * 30.5);
    expect(months).toBeGreaterThan(5.8);
    expect(months).toBeLessThan(6.2);
    const pay = await t.db.query('select amount, adoption_id from buzz_haven.payments where payment_intent = $1', [paid.payment_intent]);
    expect(pay.rows).toEqual([{ amount: price * 6, adoption_id: id }]);
    await expect(rpcValue(t.db, service, 'begin_buzz_haven_adoption_checkout', { p_adoption_id: id, p_email: `adopter${n}@example.com` }))
      .rejects.toMatchObject({ code: 'PT409', message: 'This adoption is already paid' });
  });

  test('the success page and the manage link answer only to who holds the session id or the token', async () => {
    const { id, begun, session } = await request('monthly');
    const page = () => rpcValue<Record<string, unknown>>(t.db, anon, 'get_buzz_haven_adoption_payment', { p_adoption_id: id, p_session_id: session });
    expect(await page()).toMatchObject({ state: 'awaiting_payment', manage_token: null, plan: 'monthly' });
    await expect(rpcValue(t.db, anon, 'get_buzz_haven_adoption_payment', { p_adoption_id: id, p_session_id: 'cs_test_other' }))
      .rejects.toMatchObject({ code: 'PT404' });
    await apply(event('checkout.session.completed', { id: session, object: 'checkout.session', mode: 'subscription', payment_status: 'paid',
      customer: 'cus_page1', subscription: `sub_${rnd()}`, amount_total: begun.amount, currency: 'usd', metadata: { kind: 'adoption', adoption_id: id } }));
    const shown = await page();
    expect(shown).toMatchObject({ state: 'active', manage_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await expect(rpcValue(t.db, anon, 'get_buzz_haven_adoption_portal', { p_token: shown.manage_token })).rejects.toMatchObject({ code: '42501' });
    await expect(rpcValue(t.db, service, 'get_buzz_haven_adoption_portal', { p_token: shown.manage_token }))
      .resolves.toEqual({ adoption_id: id, customer: 'cus_page1', state: 'active' });
    await expect(rpcValue(t.db, service, 'get_buzz_haven_adoption_portal', { p_token: '0'.repeat(64) })).rejects.toMatchObject({ code: 'PT404' });
  });
});
