/**
 * Paid workshop places over real HTTP: the embedded backend with Stripe
 * keys, its SDK pointed at the local stand-in (tests/stripe), webhooks signed with the SDK's
 * generateTestHeaderString and verified by stripe-webhook, which routes them by the session's
 * metadata.kind to apply_buzz_haven_registration_stripe_event. The site's path: register with
 * p_pay (the place is held), start Checkout for it, pay; the place is confirmed. An unpaid hold
 * whose session expires frees the place and the waitlist moves up with its e-mail. Staff cancel a
 * paid place with a partial refund through stripe-refund. The server, not p_pay, decides what a
 * priced place without card payment is (confirmed owing its price, or refused when the payment
 * settings say card only), and one e-mail or one client holds only so many places at once.
 */
import { OWNER, client, raiseVisitorLimits, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { startStripeStandIn, type StripeStandIn } from '../stripe/standIn';

const API_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_0123456789';

let backend: Backend;
let stripe: StripeStandIn;
let price: number;
beforeAll(async () => {
  stripe = await startStripeStandIn({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
  backend = await startBackend({
    env: { STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, SITE_URL: 'http://shop.test' },
  });
  stripe.webhookUrl = `${backend.url}/functions/v1/stripe-webhook`;
  await raiseVisitorLimits(backend.url, ['registration']);
  const offerings = await client(backend.url).rpc('get_buzz_haven_workshop_offerings');
  price = (offerings.data as { slug: string; price: number }[]).find((o) => o.slug === 'beekeeping-basics')!.price;
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
  await stripe?.close();
});

let n = 0;
async function workshop(capacity: number): Promise<string> {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data, error } = await owner.rpc('create_buzz_haven_event', {
    p_title: `Beekeeping Basics, paid ${++n}`, p_start_time: new Date(Date.now() + 7 * 86400_000).toISOString(), p_kind: 'workshop',
    p_capacity: capacity, p_is_public: true, p_price: 1, p_offering: 'beekeeping-basics',
  });
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}
type Registered = { id: string; status: string; amount_due: number | null; amount_owed: number | null; hold_expires_at: string | null };
/** The registration as the site sends it, and PostgREST's answer (error: its code and message). */
async function attempt(eventId: string, args: Record<string, unknown> = {}) {
  const email = uniqueEmail('placer');
  const { data, error } = await client(backend.url).rpc('register_buzz_haven_workshop', {
    p_event_id: eventId, p_name: 'Bea Payer', p_email: email, p_places: 1, ...args,
  });
  return { data: data as Registered | null, error, email };
}
async function register(eventId: string, args: Record<string, unknown> = {}) {
  const { data, error, email } = await attempt(eventId, args);
  if (error) throw new Error(error.message);
  return { ...data!, email };
}
const invoke = (fn: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  client(backend.url).functions.invoke(fn, { body, headers });
async function staffRow(id: string) {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_event_registrations').eq('id', id);
  return (data as Record<string, unknown>[])[0];
}
async function outboxKinds(id: string) {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_outbox_messages');
  return (data as { related_id: string; kind: string }[]).filter((m) => m.related_id === id).map((m) => m.kind).sort();
}
async function startCheckout(reg: { id: string; email: string }) {
  const { data, error } = await invoke('stripe-checkout', { kind: 'registration', registration_id: reg.id, email: reg.email, amount: 1 });
  if (error) throw new Error(`stripe-checkout: ${await (error as { context: Response }).context.text()}\n${backend.output().slice(-2000)}`);
  return stripe.sessions.get((data as { id: string }).id)!;
}

test('a held place is paid through Checkout at the offering\'s price and confirmed by the signed webhook, once', async () => {
  const eventId = await workshop(5);
  const reg = await register(eventId, { p_places: 2, p_pay: true });
  expect(reg).toMatchObject({ status: 'held', amount_due: 2 * price });
  const session = await startCheckout(reg);
  // The price in the body is not read; the session is the places at the table's price.
  expect(session).toMatchObject({ amount_total: 2 * price, mode: 'payment', customer_email: reg.email,
    metadata: { kind: 'registration', registration_id: reg.id },
    success_url: `http://shop.test/contact/?workshop=paid&registration=${reg.id}&session_id={CHECKOUT_SESSION_ID}` });
  const form = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
  expect(form.line_items).toEqual([{ quantity: '2', price_data: { currency: 'usd', unit_amount: String(price),
    product_data: { name: expect.stringMatching(/^Beekeeping Basics, paid \d+, \d{4}-\d\d-\d\d$/) } } }]);
  // The hold lasts as long as the session (Stripe's shortest is 30 minutes from its creation).
  expect(Date.parse(String((await staffRow(reg.id)).hold_expires_at)) / 1000).toBe(session.expires_at);
  // A second click hands back the same open session.
  const again = await invoke('stripe-checkout', { kind: 'registration', registration_id: reg.id, email: reg.email });
  expect((again.data as { id: string }).id).toBe(session.id);

  const events = await stripe.pay(session.id);
  const deliveries = stripe.sent.filter((s) => events.includes(s.event)).map((s) => s.delivery);
  expect(deliveries).toEqual([
    { status: 200, body: { received: true, outcome: 'ignored' } }, // payment_intent.succeeded: the session's event decides
    { status: 200, body: { received: true, outcome: 'applied' } },
  ]);
  expect(await staffRow(reg.id)).toMatchObject({ status: 'confirmed', payment_state: 'paid', amount_paid: 2 * price });
  expect(await outboxKinds(reg.id)).toEqual(['registration_confirmed']);
  // The same event again (a replay) changes nothing.
  const replay = await stripe.send(events[1]);
  expect(replay).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
  const paid = await invoke('stripe-checkout', { kind: 'registration', registration_id: reg.id, email: reg.email });
  expect((paid.error as { context: Response }).context.status).toBe(409);
});

test('an unpaid hold whose session expires frees the place: the waitlist moves up with its e-mail', async () => {
  const eventId = await workshop(1);
  const held = await register(eventId, { p_pay: true });
  const waiting = await register(eventId, { p_join_waitlist: true });
  expect(waiting.status).toBe('waitlisted');
  const session = await startCheckout(held);
  const expired = await fetch(`${stripe.url}/v1/checkout/sessions/${session.id}/expire`, {
    method: 'POST', headers: { Authorization: `Bearer ${API_KEY}` },
  });
  expect(expired.status).toBe(200);
  expect(stripe.sent.at(-1)).toMatchObject({ event: { type: 'checkout.session.expired' }, delivery: { status: 200, body: { outcome: 'applied' } } });
  expect(await staffRow(held.id)).toMatchObject({ status: 'expired', payment_state: 'expired' });
  expect(await staffRow(waiting.id)).toMatchObject({ status: 'confirmed', position: null });
  expect(await outboxKinds(waiting.id)).toEqual(['registration_promoted', 'registration_waitlisted']);
  const late = await invoke('stripe-checkout', { kind: 'registration', registration_id: held.id, email: held.email });
  expect((late.error as { context: Response }).context.status).toBe(409);
});

test('staff cancel a paid place with a partial refund: Stripe refunds it, the place is cancelled, the waitlist moves up', async () => {
  const eventId = await workshop(1);
  const reg = await register(eventId, { p_pay: true });
  await stripe.pay((await startCheckout(reg)).id);
  const waiting = await register(eventId, { p_join_waitlist: true });
  const anon = await invoke('stripe-refund', { registration_id: reg.id, amount: 1000 });
  expect((anon.error as { context: Response }).context.status).toBe(401); // not signed in
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const token = (await owner.auth.getSession()).data.session!.access_token;
  const refunded = await invoke('stripe-refund', { registration_id: reg.id, amount: 1000, reason: 'requested_by_customer', note: 'Sick' },
    { Authorization: `Bearer ${token}` });
  expect(refunded.error).toBeNull();
  expect(refunded.data).toMatchObject({ amount: 1000, currency: 'usd', status: 'succeeded' });
  expect(stripe.sent.at(-1)).toMatchObject({ event: { type: 'charge.refunded' }, delivery: { status: 200 } });
  expect(await staffRow(reg.id)).toMatchObject({ status: 'cancelled', payment_state: 'partially_refunded', amount_refunded: 1000 });
  expect(await staffRow(waiting.id)).toMatchObject({ status: 'confirmed' });
  expect(await outboxKinds(reg.id)).toEqual(['registration_cancelled', 'registration_confirmed']);
});

test('without p_pay, registering is as before: confirmed, nothing to pay', async () => {
  const reg = await register(await workshop(3));
  expect(reg).toMatchObject({ status: 'confirmed', amount_due: null, hold_expires_at: null });
});

async function setPaymentSettings(args: Record<string, unknown>) {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_payment_settings');
  const { error } = await owner.rpc('update_buzz_haven_payment_settings', { p_id: (data as { id: string }[])[0].id, ...args });
  if (error) throw new Error(error.message);
}

test('a priced place without p_pay is confirmed only as unpaid for staff; with pay at the workshop off it is refused', async () => {
  const eventId = await workshop(3);
  const later = await register(eventId, { p_pay: false });
  expect(later).toMatchObject({ status: 'confirmed', amount_due: null, amount_owed: price });
  expect(await staffRow(later.id)).toMatchObject({ status: 'confirmed', payment_state: 'unpaid', amount_owed: price, amount_paid: 0 });
  await setPaymentSettings({ p_workshop_pay_later: false });
  try {
    for (const args of [{}, { p_pay: false }]) {
      const refused = await attempt(eventId, args);
      expect(refused.error).toMatchObject({ code: '22023',
        message: 'Workshop places are paid by card when you register: please reload the page and register again' });
    }
  } finally {
    await setPaymentSettings({ p_workshop_pay_later: true });
  }
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_event_registrations').eq('event_id', eventId);
  expect((data as unknown[]).length).toBe(1);
});

test('one visitor cannot hold every place: bounded per e-mail and per client until a hold is paid', async () => {
  const eventId = await workshop(10);
  const whole = await attempt(eventId, { p_places: 10, p_pay: true });
  expect(whole.error).toMatchObject({ code: 'PT409',
    message: 'One e-mail address can hold at most 4 places at a time while paying. Finish paying for the places you hold, or register fewer places' });
  // This test's client (127.0.0.1) holds 6 places with two e-mails; a third e-mail gets no more.
  await register(eventId, { p_places: 4, p_pay: true });
  const second = await register(eventId, { p_places: 2, p_pay: true });
  const third = await attempt(eventId, { p_places: 1, p_pay: true });
  expect(third.error).toMatchObject({ code: 'PT409',
    message: 'At most 6 places can be held at a time from one connection while paying. Please finish the payments you started, or try again in a few minutes' });
  const { data: open } = await client(backend.url).rpc('get_buzz_haven_workshop_availability');
  expect((open as { id: string; spots_left: number }[]).find((e) => e.id === eventId)!.spots_left).toBe(4);
  // A paid hold is a confirmed place: it no longer counts against the client.
  await stripe.pay((await startCheckout(second)).id);
  expect(await staffRow(second.id)).toMatchObject({ status: 'confirmed', payment_state: 'paid' });
  await expect(register(eventId, { p_places: 1, p_pay: true })).resolves.toMatchObject({ status: 'held' });
});
