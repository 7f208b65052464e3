/**
 * Card payments for orders over real HTTP: the embedded backend with STRIPE_SECRET_KEY
 * and STRIPE_WEBHOOK_SECRET, its SDK pointed at the local Stripe stand-in (tests/stripe), events
 * signed with the SDK's generateTestHeaderString and verified by the stripe-webhook function with
 * constructEventAsync over the raw body. The cart's path: send the order, start Checkout for its
 * number and e-mail, pay, the webhook marks it paid.
 */
import Stripe from 'stripe';
import { OWNER, client, raiseVisitorLimits, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { startStripeStandIn, type StripeStandIn } from '../stripe/standIn';
import { event as stripeEvent } from '../stripe/objects';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201'; // $20.00
const CANDLE = 'b0220000-0000-4000-8000-000000000205'; // $22.00
const ADDRESS = { line1: '1 Comb St', city: 'Berkeley', state: 'CA', zip: '94704' };
const API_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_0123456789';

let backend: Backend;
let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
  backend = await startBackend({
    env: { STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, SITE_URL: 'http://shop.test' },
  });
  stripe.webhookUrl = `${backend.url}/functions/v1/stripe-webhook`;
  await raiseVisitorLimits(backend.url, ['order']);
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
  await stripe?.close();
});

type Receipt = { number: string; subtotal: number; shipping: number; total: number };

async function sendOrder(items: object[], delivery = 'standard') {
  const email = uniqueEmail('payer');
  const { data, error } = await client(backend.url).rpc('submit_buzz_haven_order_request', {
    p_customer_name: 'Ada Payer', p_customer_email: email, p_delivery: delivery, p_address: ADDRESS, p_items: items,
  });
  if (error) throw new Error(error.message);
  return { receipt: data as Receipt, email };
}

const checkout = (body: unknown) => client(backend.url).functions.invoke('stripe-checkout', { body: body as Record<string, unknown> });

async function orderRow(number: string) {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_orders').eq('number', number);
  return (data as Record<string, unknown>[])[0];
}

/** The order's payment state and how many payment rows it has, as staff see them in the orders list. */
async function paymentState(number: string): Promise<{ state: string; payments: number }> {
  const row = await orderRow(number);
  return { state: String(row.payment_state), payments: Number(row.payment_count) };
}

/** A session created through the function for a new order; the order's number and e-mail. */
async function startedOrder(items: object[] = [{ product_id: WILDFLOWER, quantity: 1 }], delivery = 'standard') {
  const { receipt, email } = await sendOrder(items, delivery);
  const { data, error } = await checkout({ number: receipt.number, email });
  if (error) throw new Error(`stripe-checkout: ${await (error as { context: Response }).context.text()}\n${backend.output().slice(-2000)}`);
  const { id, url } = data as { id: string; url: string };
  return { receipt, email, id, url, session: stripe.sessions.get(id)! };
}

test('Checkout is created from the server-computed order: its lines, shipping and total, whatever the browser sends', async () => {
  const { receipt, email } = await sendOrder([{ product_id: WILDFLOWER, quantity: 1 }, { product_id: CANDLE, quantity: 1 }]);
  expect(receipt).toMatchObject({ subtotal: 4200, shipping: 595, total: 4795 });
  // A price in the body is not read: the function sends only what the order RPC stored.
  const { data, error } = await checkout({ number: receipt.number, email, amount: 1, total: 1, items: [{ unit_price: 1 }] });
  expect(error).toBeNull();
  const { id, url } = data as { id: string; url: string };
  expect(id).toMatch(/^cs_test_/);
  expect(url).toBe(`${stripe.url}/c/pay/${id}`);
  const session = stripe.sessions.get(id)!;
  expect(session).toMatchObject({
    amount_subtotal: 4200, amount_total: 4795, currency: 'usd', customer_email: email, mode: 'payment', status: 'open',
    total_details: { amount_shipping: 595 }, metadata: { kind: 'order', order_number: receipt.number },
    success_url: `http://shop.test/cart/paid/?order=${receipt.number}&session_id={CHECKOUT_SESSION_ID}`,
  });
  const form = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!.form;
  // What the SDK sent, as the stand-in parsed the form body: the stored lines and shipping.
  expect(form.line_items).toEqual([
    { quantity: '1', price_data: { currency: 'usd', unit_amount: '2000', product_data: { name: 'East Hills Wildflower Honey' } } },
    { quantity: '1', price_data: { currency: 'usd', unit_amount: '2200', product_data: { name: 'Hand-Poured Beeswax Candle' } } },
  ]);
  expect(form.shipping_options).toEqual([
    { shipping_rate_data: { type: 'fixed_amount', fixed_amount: { amount: '595', currency: 'usd' }, display_name: 'Shipping (standard)' } },
  ]);
  expect(form).not.toHaveProperty('amount');
  expect((await orderRow(receipt.number)).payment_state).toBe('awaiting_payment');

  // A second click hands back the same open session.
  const again = await checkout({ number: receipt.number, email });
  expect((again.data as { id: string }).id).toBe(id);
});

test('a wrong e-mail is 404, bad input 400; no session is created', async () => {
  const { receipt } = await sendOrder([{ product_id: WILDFLOWER, quantity: 1 }]);
  const before = stripe.sessions.size;
  const wrong = await checkout({ number: receipt.number, email: 'someone.else@example.com' });
  expect((wrong.error as { context: Response }).context.status).toBe(404);
  const bad = await checkout({ number: 42 });
  expect((bad.error as { context: Response }).context.status).toBe(400);
  expect(stripe.sessions.size).toBe(before);
});

test('paying sends payment_intent.succeeded and checkout.session.completed: the order is paid, one payment', async () => {
  const { receipt, session } = await startedOrder([{ product_id: WILDFLOWER, quantity: 2 }]);
  const events = await stripe.pay(session.id);
  expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
  const deliveries = stripe.sent.filter((s) => events.includes(s.event)).map((s) => s.delivery);
  expect(deliveries).toEqual([
    { status: 200, body: { received: true, outcome: 'applied' } },
    { status: 200, body: { received: true, outcome: 'applied' } },
  ]);
  const row = await orderRow(receipt.number);
  expect(row).toMatchObject({ payment_state: 'paid', status: 'new' });
  expect(await paymentState(receipt.number)).toEqual({ state: 'paid', payments: 1 });
  // Paid: no second Checkout for it.
  const { email } = { email: session.customer_email as string };
  const again = await checkout({ number: receipt.number, email });
  expect((again.error as { context: Response }).context.status).toBe(409);
});

test("the stand-in's hosted page: Pay sends the webhooks and returns the browser to the success URL with the session id", async () => {
  const { receipt, url, id } = await startedOrder();
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Pay $25.95');
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`http://shop.test/cart/paid/?order=${receipt.number}&session_id=${id}`);
  expect(await paymentState(receipt.number)).toEqual({ state: 'paid', payments: 1 });
  expect((await fetch(url)).status).toBe(404); // no longer open
});

test('a forged signature is 400 and changes nothing; so is a missing one and a body changed after signing', async () => {
  const { receipt, session } = await startedOrder();
  const paid = { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged0001' };
  const forged = stripeEvent('checkout.session.completed', paid);
  expect(await stripe.send(forged, { secret: 'whsec_not_the_endpoint_secret' })).toMatchObject({ status: 400 });
  const text = JSON.stringify(forged);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: text, secret: WEBHOOK_SECRET });
  const res = await fetch(stripe.webhookUrl!, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
  expect(res.status).toBe(400);
  const altered = await fetch(stripe.webhookUrl!, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: text.replace(`"amount_total":${session.amount_total}`, `"amount_total":${session.amount_total + 1}`),
  });
  expect(altered.status).toBe(400);
  // The same bytes as signed, re-indented by no one: accepted.
  const exact = await fetch(stripe.webhookUrl!, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: text });
  expect(exact.status).toBe(200);
  expect((await orderRow(receipt.number)).payment_state).toBe('paid');
});

test('a replayed event is applied once', async () => {
  const { receipt, session } = await startedOrder();
  const [, completed] = await stripe.pay(session.id);
  for (let i = 0; i < 3; i++) {
    expect(await stripe.send(completed)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
  }
  expect(await paymentState(receipt.number)).toEqual({ state: 'paid', payments: 1 });
});

test('a session total that is not the order total leaves the order unpaid and is logged', async () => {
  const { receipt, session } = await startedOrder();
  const tampered = stripeEvent('checkout.session.completed',
    { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_tampered0001', amount_total: 100 });
  expect(await stripe.send(tampered)).toEqual({ status: 200, body: { received: true, outcome: 'rejected' } });
  expect(await paymentState(receipt.number)).toEqual({ state: 'awaiting_payment', payments: 0 });
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_activity').eq('actor_name', 'Stripe');
  expect((data as { summary: string }[]).map((r) => r.summary)).toContainEqual(
    expect.stringContaining(`Card payment refused for order ${receipt.number}: Paid 100 usd, but order ${receipt.number} totals 2595 usd`));
});

test('50 concurrent webhooks for one order leave one payment row', async () => {
  const { receipt, session } = await startedOrder();
  const paid = { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_concurrent0001' };
  const same = stripeEvent('checkout.session.completed', paid);
  const results = await Promise.all([
    ...Array.from({ length: 25 }, () => stripe.send(same)),
    ...Array.from({ length: 25 }, () => stripe.send(stripeEvent('checkout.session.completed', paid))),
  ]);
  expect(results.every((r) => r.status === 200)).toBe(true);
  const outcomes = results.map((r) => (r.body as { outcome: string }).outcome);
  expect(outcomes.filter((o) => o === 'applied')).toHaveLength(26);
  expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(24);
  expect(await paymentState(receipt.number)).toEqual({ state: 'paid', payments: 1 });
}, 60_000);

test('an expired session leaves the order unpaid; unknown event types are acknowledged', async () => {
  const { receipt, session } = await startedOrder();
  const res = await fetch(`${stripe.url}/v1/checkout/sessions/${session.id}/expire`, { method: 'POST', headers: { Authorization: `Bearer ${API_KEY}` } });
  expect(res.status).toBe(200);
  expect(stripe.sent.at(-1)).toMatchObject({ event: { type: 'checkout.session.expired' }, delivery: { status: 200 } });
  expect((await orderRow(receipt.number)).payment_state).toBe('unpaid');
  expect(await stripe.send(stripeEvent('customer.created', { id: 'cus_1', object: 'customer' })))
    .toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
});

test('an event the database cannot store is answered 500 (Stripe retries it) and nothing of it is kept', async () => {
  const { receipt, session } = await startedOrder();
  const paid = { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_failing0001' };
  const unstorable = { ...stripeEvent('checkout.session.completed', paid), id: 'evt_not a valid id' };
  expect(await stripe.send(unstorable)).toEqual({ status: 500, body: { error: 'The event could not be stored; Stripe will send it again' } });
  expect(await paymentState(receipt.number)).toEqual({ state: 'awaiting_payment', payments: 0 });
});

test('an owner refunds part, then the rest, from the back office; the webhook moves the order; a double click refunds once', async () => {
  const { receipt, session } = await startedOrder([{ product_id: WILDFLOWER, quantity: 2 }]);
  await stripe.pay(session.id);
  const row = await orderRow(receipt.number);
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const refund = (body: Record<string, unknown>) => owner.functions.invoke('stripe-refund', { body });

  const [first, twice] = await Promise.all([
    refund({ order_id: row.id, amount: 1000, reason: 'requested_by_customer', note: 'One jar arrived broken' }),
    refund({ order_id: row.id, amount: 1000, reason: 'requested_by_customer', note: 'One jar arrived broken' }),
  ]);
  expect(first.error).toBeNull();
  expect(first.data).toMatchObject({ id: expect.stringMatching(/^re_/), amount: 1000, currency: 'usd', status: 'succeeded' });
  // The second click carries the same idempotency key: Stripe answers the same refund.
  expect(twice.error).toBeNull();
  expect((twice.data as { id: string }).id).toBe((first.data as { id: string }).id);
  expect(stripe.sent.filter((s) => s.event.type === 'charge.refunded' && (s.event.data.object as { payment_intent: string }).payment_intent
    === stripe.sessions.get(session.id)!.payment_intent)).toHaveLength(1);
  expect(stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.form)).toContainEqual(expect.objectContaining({
    payment_intent: stripe.sessions.get(session.id)!.payment_intent, amount: '1000', reason: 'requested_by_customer',
  }));
  expect(await orderRow(receipt.number)).toMatchObject({ payment_state: 'partially_refunded', amount_paid: 4595, amount_refunded: 1000 });

  const rest = await refund({ order_id: row.id });
  expect(rest.data).toMatchObject({ amount: 3595, status: 'succeeded' });
  expect(await orderRow(receipt.number)).toMatchObject({ payment_state: 'refunded', amount_refunded: 4595 });
  const none = await refund({ order_id: row.id });
  expect((none.error as { context: Response }).context.status).toBe(409);

  const { data } = await owner.rpc('get_buzz_haven_activity').eq('record_id', row.id);
  expect((data as { summary: string }[]).map((r) => r.summary)).toContainEqual(
    `Refund of $10.00 succeeded for order ${receipt.number}, requested by customer: One jar arrived broken (${(first.data as { id: string }).id})`);
  // A visitor (anon key) may not refund.
  const anon = await client(backend.url).functions.invoke('stripe-refund', { body: { order_id: row.id, amount: 1 } });
  expect((anon.error as { context: Response }).context.status).toBe(401);
});
