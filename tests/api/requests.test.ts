/**
 * The visitor request RPCs over HTTP through supabase-js, as the site calls them: the statuses and
 * messages the site shows (409 for a cart out of date, 429 for a flood, 400 with the server's own
 * message), and the staff side seeing the result. Seeded products and events (supabase/seed.sql).
 */
import { ANON_KEY, OWNER, client, signedIn } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201'; // $20.00
const CANDLE = 'b0220000-0000-4000-8000-000000000205'; // $22.00
const BASICS = 'b0220000-0000-4000-8000-000000000301'; // capacity 6
const ADDRESS = { line1: '1 Comb St', city: 'Berkeley', state: 'CA', zip: '94704' };

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const order = (email: string, items: object[]) => client(backend.url).rpc('submit_buzz_haven_order_request', {
  p_customer_name: 'Ada', p_customer_email: email, p_customer_phone: null, p_delivery: 'standard', p_address: ADDRESS,
  p_items: items, p_website: '',
});

test('two jars and a candle: the receipt; staff see it in the list with its lines, confirm and ship it', async () => {
  const { data, error, status } = await order('ada@example.com', [
    { product_id: WILDFLOWER, quantity: 2, unit_price: 2000 }, { product_id: CANDLE, quantity: 1, unit_price: 2200 },
  ]);
  expect(error).toBeNull();
  expect(status).toBe(200);
  expect(data).toEqual({ number: 'BH-1001', subtotal: 6200, shipping: 0, total: 6200 });
  const staff = await signedIn(backend.url, OWNER.email, OWNER.password);
  const list = await staff.rpc('get_buzz_haven_orders');
  expect(list.data).toEqual([expect.objectContaining({ number: 'BH-1001', customer_name: 'Ada', item_count: 3, total: 6200, status: 'new' })]);
  const id = list.data![0].id as string;
  expect((await staff.rpc('update_buzz_haven_order', { p_id: id, p_status: 'confirmed' })).data).toMatchObject({ status: 'confirmed' });
  expect((await staff.rpc('update_buzz_haven_order', { p_id: id, p_status: 'shipped' })).data).toMatchObject({ status: 'shipped' });
  // Newest first, as the admin asks (the list RPCs leave the order to the client).
  const activity = await staff.rpc('get_buzz_haven_activity').order('id', { ascending: false });
  expect(activity.data!.slice(0, 3).map((a: { summary: string; actor_name: string }) => [a.actor_name, a.summary])).toEqual([
    ['Demo Owner', 'Updated order BH-1001: status confirmed → shipped'],
    ['Demo Owner', 'Updated order BH-1001: status new → confirmed'],
    ['Visitor', 'Created order BH-1001'],
  ]);
});

test('a tampered price and a product nobody sells are refused with 409 and a clear message', async () => {
  const tampered = await order('tamper@example.com', [{ product_id: WILDFLOWER, quantity: 1, unit_price: 1 }]);
  expect(tampered.status).toBe(409);
  expect(tampered.error).toMatchObject({ code: 'PT409', message: 'Prices have changed; please review your cart', details: WILDFLOWER });
  const unknown = await order('unknown@example.com', [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }]);
  expect(unknown.status).toBe(409);
  expect(unknown.error!.message).toBe('A product in your cart is no longer available; please review your cart');
});

test('a cart line of 51 jars: 400 with the cart\'s words, from order_items\' CHECK (23514, naming the field)', async () => {
  const many = await order('many@example.com', [{ product_id: WILDFLOWER, quantity: 51, unit_price: 2000 }]);
  expect([many.status, many.error?.code, many.error?.message]).toEqual([400, '23514', 'Quantity must be between 1 and 50']);
  expect(JSON.parse(many.error!.details)).toEqual({ field: 'quantity', constraint: 'order_items_quantity_range' });
});

test('the contact form gets the server\'s own messages: 5,001 characters, and a@b', async () => {
  const send = (args: object) => client(backend.url).rpc('submit_buzz_haven_contact_message', {
    p_name: 'Vi', p_email: 'vi@example.com', p_subject: 'Hello', p_message: 'Hi', ...args,
  });
  const long = await send({ p_message: 'x'.repeat(5001) });
  expect([long.status, long.error?.code, long.error?.message]).toEqual([400, '22023', 'Message is too long (5000 characters at most)']);
  const email = await send({ p_email: 'a@b' });
  expect([email.status, email.error?.message]).toEqual([400, 'A valid email is required']);
});

test('workshop registration: live spots left, then full (409), then the waitlist', async () => {
  const site = client(backend.url);
  const spots = async () => ((await site.rpc('get_buzz_haven_workshop_availability')).data as { id: string; spots_left: number }[])
    .find((e) => e.id === BASICS)!.spots_left;
  expect(await spots()).toBe(6);
  const register = (email: string, places: number, wait = false) => site.rpc('register_buzz_haven_workshop', {
    p_event_id: BASICS, p_name: 'Bea', p_email: email, p_places: places, p_child_ages: null, p_join_waitlist: wait, p_website: '',
  });
  expect((await register('bea1@example.com', 6)).data).toMatchObject({ status: 'confirmed', spots_left: 0 });
  expect(await spots()).toBe(0);
  const full = await register('bea2@example.com', 1);
  expect([full.status, full.error?.message]).toEqual([409, 'This workshop is full']);
  expect((await register('bea2@example.com', 1, true)).data).toMatchObject({ status: 'waitlisted', position: 1 });
});

test('a flood from one client gets 429 with a clear message; a varied X-Forwarded-For or a forged X-Real-IP does not escape it', async () => {
  const report = (i: number) => fetch(`${backend.url}/rest/v1/rpc/submit_buzz_haven_swarm_report`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': '192.0.2.1' },
    body: JSON.stringify({ p_location: 'Park', p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground', p_in_structure: false, p_phone: `510555${1000 + i}`, p_name: 'Sam' }),
  });
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await report(i)).status);
  expect(statuses).toEqual([...Array(10).fill(200), 429]);
  const refused = await report(99);
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ code: 'PT429', message: 'Too many requests; please try again later' });
});

test('newsletter sign-ups of 40 strangers from one visitor: 10 confirmations queued, then 429 and no more e-mail', async () => {
  const visitor = client(backend.url);
  const statuses: number[] = [];
  let refused: unknown;
  for (let i = 0; i < 40; i++) {
    const res = await visitor.rpc('subscribe_buzz_haven_newsletter', { p_email: `stranger${i}@example.com` });
    statuses.push(res.status);
    refused = res.error ?? refused;
  }
  expect(statuses).toEqual([...Array(10).fill(200), ...Array(30).fill(429)]);
  expect(refused).toMatchObject({ code: 'PT429', message: 'Too many requests; please try again later' });
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const queued = await owner.rpc('get_buzz_haven_outbox_messages', {}, { count: 'exact', head: true })
    .eq('kind', 'newsletter_confirm').like('recipient', 'stranger%');
  expect(queued.count).toBe(10);
});
