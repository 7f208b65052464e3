/**
 * Without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (`npm start` on a fresh machine) card
 * payments are off: an order request is taken exactly as before (payment_state 'offline', paid at
 * pickup or by invoice), stripe-checkout answers 503 `payments: 'off'`, stripe-webhook and stripe-refund 503.
 */
import { ANON_KEY, OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201'; // $20.00

let backend: Backend;
beforeAll(async () => {
  const env = { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_URL: '' };
  backend = await startBackend({ env });
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

test('no keys: the order is taken as today, Checkout answers 503 payments off, the webhook 503', async () => {
  const email = uniqueEmail('offline');
  const { data, error } = await client(backend.url).rpc('submit_buzz_haven_order_request', {
    p_customer_name: 'Ada', p_customer_email: email, p_delivery: 'pickup', p_items: [{ product_id: WILDFLOWER, quantity: 1 }],
  });
  expect(error).toBeNull();
  const receipt = data as { number: string; total: number };
  expect(receipt).toMatchObject({ number: expect.stringMatching(/^BH-\d+$/), total: 2000 });

  const res = await fetch(`${backend.url}/functions/v1/stripe-checkout`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ number: receipt.number, email }),
  });
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ error: expect.stringContaining('pickup or by invoice'), payments: 'off' });
  // The cart's and back office's question (GET) is answered, not refused: off.
  const asked = await fetch(`${backend.url}/functions/v1/stripe-checkout`, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` } });
  expect(asked.status).toBe(200);
  expect(await asked.json()).toEqual({ payments: 'off' });

  const hook = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' }, body: '{}',
  });
  expect(hook.status).toBe(503);

  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data: rows } = await owner.rpc('get_buzz_haven_orders').eq('number', receipt.number);
  expect(rows).toEqual([expect.objectContaining({ status: 'new', payment_state: 'offline', payment_count: 0, total: 2000 })]);
  const refund = await owner.functions.invoke('stripe-refund', { body: { order_id: (rows as { id: string }[])[0].id } });
  expect((refund.error as { context: Response }).context.status).toBe(503);
});
