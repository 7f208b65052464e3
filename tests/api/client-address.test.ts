/**
 * The client address over HTTP (supabase/local/src/rest/clientAddress.ts and
 * buzz_haven.client_address()): a client rotating CF-Connecting-IP,
 * X-Real-IP or X-Forwarded-For stays one client for the visitor forms' per-client limit; behind a
 * proxy listed in BUZZ_TRUSTED_PROXIES, the visitor that proxy reports is the client. Two
 * in-process backends on in-memory PGlite, so the test can add a function echoing request.headers.
 */
import { loadConfig } from '../../supabase/local/src/config';
import { trustedProxies } from '../../supabase/local/src/rest/clientAddress';
import { createServer, type RunningServer } from '../../supabase/local/src/server';
import { ANON_KEY, OWNER, signedIn } from './support/clients';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201'; // $20.00 (supabase/seed.sql)
const ECHO = `create function public.t_request_headers() returns jsonb language sql stable
  as $$ select current_setting('request.headers', true)::jsonb $$`;

let direct: RunningServer; // clients connect to it themselves
let proxied: RunningServer; // 127.0.0.1 is a trusted proxy in front of it
beforeAll(async () => {
  const config = loadConfig();
  [direct, proxied] = await Promise.all([
    createServer({ port: 0, seed: true, config }),
    createServer({ port: 0, seed: false, config: { ...config, api: { ...config.api, trustedProxies: ['127.0.0.1', '::1'] } } }),
  ]);
  await Promise.all([direct.db.exec(ECHO), proxied.db.exec(ECHO)]);
}, 200_000);
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

const rpc = (server: RunningServer, fn: string, headers: Record<string, string>, body: object = {}) =>
  fetch(`${server.url}/rest/v1/rpc/${fn}`, {
    method: 'POST', headers: { apikey: ANON_KEY, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  });
const order = (i: number) => ({
  p_customer_name: 'Ada', p_customer_email: `ada${i}@example.com`, p_delivery: 'pickup',
  p_items: [{ product_id: WILDFLOWER, quantity: 1, unit_price: 2000 }], p_website: '',
});
const swarm = (i: number) => ({
  p_location: 'Park', p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground', p_in_structure: false,
  p_phone: `510555${1000 + i}`, p_name: 'Sam',
});
const forged = (i: number) => ({
  'cf-connecting-ip': `198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}`, 'x-forwarded-for': `203.0.113.${i}, 192.0.2.${i}`,
  'true-client-ip': `198.51.100.${i}`, forwarded: `for=198.51.100.${i}`,
});

test('orders with a new CF-Connecting-IP, X-Real-IP and X-Forwarded-For each time: the 11th gets 429', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await rpc(direct, 'submit_buzz_haven_order_request', forged(i), order(i))).status);
  expect(statuses).toEqual([...Array(10).fill(200), 429]);
  const refused = await rpc(direct, 'submit_buzz_haven_order_request', forged(99), order(99));
  expect([refused.status, await refused.json()]).toEqual([429, expect.objectContaining({
    code: 'PT429', message: 'Too many requests; please try again later',
  })]);
});

test('header values with quotes and backslashes reach request.headers as sent (the context is written as literals, rest/call.ts)', async () => {
  const tricky = {
    'x-quote': "it's \\' E'\\x41' $$ $1 \\\\",
    'x-inject': "'), set_config('role', 'service_role', true), ('",
  };
  const res = await rpc(direct, 't_request_headers', tricky);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject(tricky);
});

test('the SQL sees the socket address, never an address header the client sent', async () => {
  const headers = await (await rpc(direct, 't_request_headers', { ...forged(1), 'x-client-ip': '6.6.6.6' })).json();
  expect(headers).toMatchObject({ 'x-real-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1, 127.0.0.1' });
  for (const name of ['cf-connecting-ip', 'true-client-ip', 'forwarded', 'x-client-ip']) expect(headers).not.toHaveProperty(name);
  const owner = await signedIn(direct.url, OWNER.email, OWNER.password);
  const { data } = await owner.rpc('get_buzz_haven_client_address');
  expect(data).toMatchObject({ address: '127.0.0.1', header: 'x-forwarded-for', forwarded_for_hops: 1, cf_connecting_ip: null });
});

test('behind a trusted proxy the visitor it reports is the client: forged entries to its left do not escape', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const headers = { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.5`, 'cf-connecting-ip': `198.51.100.${i}` };
    statuses.push((await rpc(proxied, 'submit_buzz_haven_swarm_report', headers, swarm(i))).status);
  }
  expect(statuses).toEqual([...Array(10).fill(200), 429]);
  expect((await rpc(proxied, 'submit_buzz_haven_swarm_report', { 'x-forwarded-for': '203.0.113.6' }, swarm(50))).status).toBe(200);
  const seen = async (headers: Record<string, string>) => {
    const h = await (await rpc(proxied, 't_request_headers', headers)).json();
    return [h['x-real-ip'], h['x-forwarded-for']];
  };
  expect(await seen({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 127.0.0.1' })).toEqual(['203.0.113.5', '203.0.113.5, 127.0.0.1']);
  expect(await seen({ 'x-real-ip': '203.0.113.9' })).toEqual(['203.0.113.9', '203.0.113.9, 127.0.0.1']);
  expect(await seen({ 'x-forwarded-for': 'junk, 127.0.0.1' })).toEqual(['127.0.0.1', '127.0.0.1, 127.0.0.1']);
});

test('BUZZ_TRUSTED_PROXIES: addresses and CIDR blocks, comma separated; a bad entry stops the start', () => {
  const saved = process.env.BUZZ_TRUSTED_PROXIES;
  process.env.BUZZ_TRUSTED_PROXIES = ' 10.0.0.0/8, ::1 ,';
  try {
    expect(loadConfig().api.trustedProxies).toEqual(['10.0.0.0/8', '::1']);
  } finally {
    if (saved === undefined) delete process.env.BUZZ_TRUSTED_PROXIES;
    else process.env.BUZZ_TRUSTED_PROXIES = saved;
  }
  expect(trustedProxies(['10.0.0.0/8', '::1']).check('10.1.2.3')).toBe(true);
  for (const bad of ['proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', '::1/abc']) {
    expect(() => trustedProxies([bad])).toThrow(`BUZZ_TRUSTED_PROXIES: "${bad}" is not an IP address or CIDR block`);
  }
});
