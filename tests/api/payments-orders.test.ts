/**
 * The cart's card payment as the site makes it over real HTTP: the embedded
 * backend with the stand-in's keys. stripe-checkout's GET says payments are on (the cart then
 * offers Pay now); an order sent with p_payment 'card' starts unpaid, awaits payment once its
 * session is made and is paid by the signed webhook; an expired session leaves it unpaid in the
 * staff's list; with pay at pickup switched off (Payment Settings) an order that is not paid by card
 * is refused with the server's words; a refund shows on the Payments page and in its months.
 */
import { OWNER, client, raiseVisitorLimits, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { startStripeStandIn, type StripeStandIn } from '../stripe/standIn';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201'; // $20.00
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

const cardOrder = async (payment?: 'card' | 'later') => {
  const email = uniqueEmail('cart');
  const { data, error } = await client(backend.url).rpc('submit_buzz_haven_order_request', {
    p_customer_name: 'Ada Payer', p_customer_email: email, p_delivery: 'pickup',
    p_items: [{ product_id: WILDFLOWER, quantity: 1 }], ...(payment && { p_payment: payment }),
  });
  return { email, receipt: data as { number: string; total: number } | null, error };
};

async function staffRow(number: string) {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_orders').eq('number', number);
  return (data as Record<string, unknown>[])[0];
}

test('GET stripe-checkout says payments are on, with nothing else (no key, no price)', async () => {
  const { data, error } = await client(backend.url).functions.invoke('stripe-checkout', { method: 'GET' });
  expect(error).toBeNull();
  expect(data).toEqual({ payments: 'on' });
});

test('a card order starts unpaid, awaits payment while its Checkout is open, and is paid by the signed webhook', async () => {
  const { email, receipt, error } = await cardOrder('card');
  expect(error).toBeNull();
  expect(await staffRow(receipt!.number)).toMatchObject({ payment_state: 'unpaid' });
  const started = await client(backend.url).functions.invoke('stripe-checkout', { body: { number: receipt!.number, email } });
  expect(started.error).toBeNull();
  const { id } = started.data as { id: string; url: string };
  const paidPage = () => client(backend.url).rpc('get_buzz_haven_order_payment', { p_number: receipt!.number, p_session_id: id });
  expect((await paidPage()).data).toEqual({ number: receipt!.number, total: 2000, payment_state: 'awaiting_payment' });
  await stripe.pay(id);
  expect((await paidPage()).data).toEqual({ number: receipt!.number, total: 2000, payment_state: 'paid' });
  expect(await staffRow(receipt!.number)).toMatchObject({ payment_state: 'paid', amount_paid: 2000, payment_count: 1 });
});

test('an abandoned Checkout that expires leaves the order unpaid, listed for staff under Unpaid', async () => {
  const { email, receipt } = await cardOrder('card');
  const started = await client(backend.url).functions.invoke('stripe-checkout', { body: { number: receipt!.number, email } });
  const { id } = started.data as { id: string };
  expect(await staffRow(receipt!.number)).toMatchObject({ payment_state: 'awaiting_payment' });
  const expired = await fetch(`${stripe.url}/v1/checkout/sessions/${id}/expire`, { method: 'POST', headers: { Authorization: `Bearer ${API_KEY}` } });
  expect(expired.status).toBe(200);
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_orders').eq('payment_state', 'unpaid');
  expect((data as { number: string }[]).map((o) => o.number)).toContain(receipt!.number);
});

test('pay at pickup switched off: an order that is not paid by card is refused with the server\'s words; switched on again it is taken', async () => {
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data: rows } = await owner.rpc('get_buzz_haven_payment_settings');
  const settings = (rows as { id: string; pay_later: boolean }[])[0];
  expect(settings.pay_later).toBe(true);
  const off = await owner.rpc('update_buzz_haven_payment_settings', { p_id: settings.id, p_pay_later: false });
  expect(off.error).toBeNull();
  try {
    const { data: visible } = await client(backend.url).rpc('get_buzz_haven_payment_settings');
    expect((visible as { pay_later: boolean }[])[0].pay_later).toBe(false);
    for (const payment of [undefined, 'later'] as const) {
      const refused = await cardOrder(payment);
      expect(refused.receipt).toBeNull();
      expect(refused.error).toMatchObject({ code: '22023', message: 'The shop takes card payments only: please choose Pay now' });
    }
    expect((await cardOrder('card')).error).toBeNull();
  } finally {
    await owner.rpc('update_buzz_haven_payment_settings', { p_id: settings.id, p_pay_later: true });
  }
  const again = await cardOrder();
  expect(again.error).toBeNull();
  expect(await staffRow(again.receipt!.number)).toMatchObject({ payment_state: 'offline' });
});

test('a refund from the back office shows on the Payments page with its reason and Stripe link, and in the month\'s totals', async () => {
  const { email, receipt } = await cardOrder('card');
  const started = await client(backend.url).functions.invoke('stripe-checkout', { body: { number: receipt!.number, email } });
  await stripe.pay((started.data as { id: string }).id);
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const month = new Date().toISOString().slice(0, 7);
  const months = async () => ((await owner.rpc('get_buzz_haven_payment_months').eq('id', month)).data as Record<string, number>[])[0];
  const before = await months();
  const row = await staffRow(receipt!.number);
  const refund = await owner.functions.invoke('stripe-refund', {
    body: { order_id: row.id, amount: 750, reason: 'requested_by_customer', note: 'Lid cracked' },
  });
  expect(refund.error).toBeNull();
  const { data } = await owner.rpc('get_buzz_haven_payments').eq('order_number', receipt!.number).order('created_at');
  const ledger = data as Record<string, unknown>[];
  expect(ledger).toEqual([
    expect.objectContaining({ kind: 'payment', amount: 2000, amount_refunded: 750, status: 'partially_refunded',
      stripe_url: expect.stringMatching(/^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_/) }),
    expect.objectContaining({ kind: 'refund', amount: 750, reason: 'requested_by_customer', note: 'Lid cracked',
      requested_by_name: expect.any(String), stripe_url: ledger[0].stripe_url }),
  ]);
  const after = await months();
  expect(after.refunded - before.refunded).toBe(750);
  expect(after.net).toBe(after.received - after.refunded);
  const { error } = await client(backend.url).rpc('get_buzz_haven_payments');
  expect(error).toMatchObject({ code: '42501' });
});
