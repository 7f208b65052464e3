/**
 * Adopt-a-Hive paid by card over real HTTP against the Stripe stand-in: a
 * monthly plan is a subscription (Checkout mode=subscription with a monthly recurring price_data
 * from the tier's stored price); customer.subscription.* and invoice.* webhooks, signed with the
 * SDK's generateTestHeaderString and verified by stripe-webhook, move the adoption active ->
 * past_due -> active -> cancelled; the adopter cancels in the customer portal (billing_portal
 * session through the manage token); out of order and replayed events change nothing. A gift is
 * one payment of N months with an end date.
 */
import { OWNER, client, raiseVisitorLimits, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { startStripeStandIn, type StripeStandIn } from '../stripe/standIn';
import { event as stripeEvent } from '../stripe/objects';

const API_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_0123456789';

let backend: Backend;
let stripe: StripeStandIn;
let prices: Record<string, number>;
beforeAll(async () => {
  stripe = await startStripeStandIn({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
  backend = await startBackend({
    env: { STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, SITE_URL: 'http://shop.test' },
  });
  stripe.webhookUrl = `${backend.url}/functions/v1/stripe-webhook`;
  await raiseVisitorLimits(backend.url, ['adoption']);
  const tiers = await client(backend.url).rpc('get_buzz_haven_adopt_tiers');
  prices = Object.fromEntries((tiers.data as { slug: string; monthly_price: number }[]).map((t) => [t.slug, t.monthly_price]));
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
  await stripe?.close();
});

const invoke = (body: Record<string, unknown>) => client(backend.url).functions.invoke('stripe-checkout', { body });
async function adopt(tier: string, plan: string) {
  const email = uniqueEmail('adopter');
  const { data, error } = await client(backend.url).rpc('submit_buzz_haven_adoption_request', {
    p_tier: tier, p_plan: plan, p_name: 'Ada Adopter', p_email: email, ...(plan !== 'monthly' && { p_recipient_name: 'Grace' }),
  });
  if (error) throw new Error(error.message);
  const id = (data as { id: string }).id;
  const started = await invoke({ kind: 'adoption', adoption_id: id, email, amount: 1 });
  if (started.error) throw new Error(`stripe-checkout: ${await (started.error as { context: Response }).context.text()}`);
  return { id, email, session: stripe.sessions.get((started.data as { id: string }).id)! };
}
async function staffRow(id: string) {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_adoption_requests').eq('id', id);
  return (data as Record<string, unknown>[])[0];
}
const outcomes = (events: { id: string }[]) =>
  stripe.sent.filter((s) => events.some((e) => e.id === s.event.id)).map((s) => [s.event.type, s.delivery?.status, (s.delivery?.body as { outcome?: string })?.outcome]);

test('monthly: a subscription at the tier\'s price; renewal paid, renewal failed, paid again, cancelled in the portal; each state in the admin list', async () => {
  const { id, session } = await adopt('hive-guardian', 'monthly');
  expect(session).toMatchObject({ mode: 'subscription', amount_total: prices['hive-guardian'], metadata: { kind: 'adoption', adoption_id: id },
    success_url: `http://shop.test/contact/?adopt=paid&adoption=${id}&session_id={CHECKOUT_SESSION_ID}` });
  const form = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
  expect(form.line_items).toEqual([{ quantity: '1', price_data: { currency: 'usd', unit_amount: String(prices['hive-guardian']),
    recurring: { interval: 'month' }, product_data: { name: 'Adopt-a-Hive (hive-guardian), monthly' } } }]);
  expect(form.subscription_data).toEqual({ metadata: { kind: 'adoption', adoption_id: id, tier: 'hive-guardian', plan: 'monthly' } });
  expect(await staffRow(id)).toMatchObject({ billing_state: 'awaiting_payment', billing_mode: 'subscription' });

  const paid = await stripe.pay(session.id);
  expect(outcomes(paid)).toEqual([
    ['customer.subscription.created', 200, 'applied'], ['invoice.paid', 200, 'applied'], ['checkout.session.completed', 200, 'applied'],
  ]);
  const sub = String(stripe.sessions.get(session.id)!.subscription);
  expect(await staffRow(id)).toMatchObject({ billing_state: 'active', stripe_subscription: sub, invoices_paid: 1 });

  // The success page's view, for who holds the session id: the manage link's token.
  const shown = await client(backend.url).rpc('get_buzz_haven_adoption_payment', { p_adoption_id: id, p_session_id: session.id });
  expect(shown.data).toMatchObject({ state: 'active', plan: 'monthly', manage_token: expect.stringMatching(/^[0-9a-f]{64}$/) });

  await new Promise((r) => setTimeout(r, 1100)); // Stripe's `created` is in seconds: the next events come later
  expect(outcomes(await stripe.billing.renew(sub))).toEqual([['invoice.paid', 200, 'applied'], ['customer.subscription.updated', 200, 'applied']]);
  expect(await staffRow(id)).toMatchObject({ billing_state: 'active', invoices_paid: 2 });
  await new Promise((r) => setTimeout(r, 1100));
  const failed = await stripe.billing.failRenewal(sub);
  expect(outcomes(failed)).toEqual([['invoice.payment_failed', 200, 'applied'], ['customer.subscription.updated', 200, 'applied']]);
  expect(await staffRow(id)).toMatchObject({ billing_state: 'past_due' });
  await new Promise((r) => setTimeout(r, 1100));
  await stripe.billing.renew(sub);
  expect(await staffRow(id)).toMatchObject({ billing_state: 'active', invoices_paid: 3 });

  // The adopter opens the portal with the token and cancels there.
  const portal = await invoke({ kind: 'portal', token: (shown.data as { manage_token: string }).manage_token });
  expect(portal.error).toBeNull();
  const url = (portal.data as { url: string }).url;
  expect(url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`));
  expect(stripe.requests.at(-1)).toMatchObject({ path: '/v1/billing_portal/sessions',
    form: { customer: stripe.billing.subscriptions.get(sub)!.customer, return_url: 'http://shop.test/services/adopt-hive/' } });
  expect(await (await fetch(url)).text()).toContain('Status: active');
  await new Promise((r) => setTimeout(r, 1100));
  const cancel = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(cancel.headers.get('location')).toBe('http://shop.test/services/adopt-hive/');
  expect(stripe.sent.at(-1)).toMatchObject({ event: { type: 'customer.subscription.deleted' }, delivery: { status: 200, body: { outcome: 'applied' } } });
  expect(await staffRow(id)).toMatchObject({ billing_state: 'cancelled' });

  // Out of order: the 'active' update sent before the cancellation, delivered again, and a replay: nothing changes.
  const earlierUpdate = stripe.sent.filter((s) => s.event.type === 'customer.subscription.updated').at(-1)!.event;
  expect(await stripe.send(earlierUpdate)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
  const late = stripeEvent('customer.subscription.updated', { ...stripe.billing.subscriptions.get(sub)!, status: 'active' });
  expect(await stripe.send(late)).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  expect(await staffRow(id)).toMatchObject({ billing_state: 'cancelled' });
  // An unknown token opens nothing.
  const unknown = await invoke({ kind: 'portal', token: '0'.repeat(64) });
  expect((unknown.error as { context: Response }).context.status).toBe(404);
});

test('a gift of 3 months is one payment of 3 x the tier\'s price, active until its end date', async () => {
  const { id, session } = await adopt('apiary-insider', 'gift-3');
  expect(session).toMatchObject({ mode: 'payment', amount_total: 3 * prices['apiary-insider'], metadata: { kind: 'adoption', adoption_id: id } });
  const paid = await stripe.pay(session.id);
  expect(outcomes(paid)).toEqual([['payment_intent.succeeded', 200, 'ignored'], ['checkout.session.completed', 200, 'applied']]);
  const row = await staffRow(id);
  expect(row).toMatchObject({ billing_state: 'active', billing_mode: 'payment', billing_amount: 3 * prices['apiary-insider'], stripe_subscription: null });
  const days = (Date.parse(String(row.paid_until)) - Date.now()) / 86400_000;
  expect(days).toBeGreaterThan(88);
  expect(days).toBeLessThan(93);
});

test('a signed invoice or subscription of one cent for an adoption is refused and logged: the adoption is not made active', async () => {
  const { id } = await adopt('swarm-supporter', 'monthly');
  const sub = 'sub_onecent0001';
  const metadata = { kind: 'adoption', adoption_id: id, tier: 'swarm-supporter', plan: 'monthly' };
  const start = Math.floor(Date.now() / 1000);
  const cent = stripeEvent('invoice.paid', { id: 'in_onecent0001', object: 'invoice', amount_due: 1, amount_paid: 1, amount_remaining: 0,
    billing_reason: 'subscription_create', currency: 'usd', customer: 'cus_onecent0001', status: 'paid', total: 1,
    lines: { object: 'list', data: [{ amount: 1, currency: 'usd', period: { start, end: start + 30 * 86400 } }], has_more: false },
    parent: { type: 'subscription_details', subscription_details: { metadata, subscription: sub } } });
  const subscription = stripeEvent('customer.subscription.created', { id: sub, object: 'subscription', customer: 'cus_onecent0001',
    status: 'active', currency: 'usd', metadata, items: { object: 'list', data: [{ object: 'subscription_item', quantity: 1,
      current_period_end: start + 30 * 86400, price: { object: 'price', currency: 'usd', unit_amount: 1, recurring: { interval: 'month', interval_count: 1 } } }] } });
  for (const signed of [cent, subscription]) {
    expect(await stripe.send(signed)).toEqual({ status: 200, body: { received: true, outcome: 'rejected' } });
  }
  expect(await staffRow(id)).toMatchObject({ billing_state: 'awaiting_payment', stripe_subscription: null, invoices_paid: 0 });
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_activity').eq('record_id', id);
  expect((data as { summary: string }[]).map((r) => r.summary)).toContainEqual(expect.stringContaining(
    `Card payment refused: Charged 1 usd every month, but the swarm-supporter adoption of Ada Adopter is ${prices['swarm-supporter']} usd a month`));
});
