/**
 * `npm run bench -w supabase`: the embedded backend on this machine. Prints sign-in latency,
 * list-RPC latency at 10 and 1,000 products, and sustained requests/s of the list RPC with 20
 * concurrent connections (autocannon), each beside its target, then the server-side list figures
 * (lists.ts), Storage upload and list latency (storage.ts), and the list pages, their throughput
 * and the dashboard at up to the ten-year data set on PGlite and PostgreSQL (listsAtScale.ts).
 * Reports; never fails on a miss.
 */
import autocannon from 'autocannon';
import { availableParallelism, loadavg } from 'node:os';
import { startBackend } from './backend.js';
import { benchLists } from './lists.js';
import { benchListsAtScale } from './listsAtScale.js';
import { benchStorage } from './storage.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const OWNER = { email: 'owner@example.com', password: 'buzzhaven-owner' };
const SIGN_INS = 50;
const LIST_CALLS = 200;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P50_MS = 5;
const TARGET_RPS = 500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50/p99 are the targets' measures; min shows the cost without contention from other processes. */
async function timed(n: number, call: () => Promise<Response>): Promise<{ p50: number; p99: number; min: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`request failed with ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), min: times[0]! };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');

const backend = await startBackend({
  SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
});
try {
  const json = { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
  const signIn = () =>
    fetch(`${backend.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: json, body: JSON.stringify(OWNER) });
  const session = (await (await signIn()).json()) as { access_token: string };
  const authed = { ...json, authorization: `Bearer ${session.access_token}` };
  const rpc = (fn: string, args: object = {}) =>
    fetch(`${backend.url}/rest/v1/rpc/${fn}`, { method: 'POST', headers: authed, body: JSON.stringify(args) });
  const productCount = async () => (await (await rpc('count_table_rows', { table_name: 'products' })).json()) as number;
  const addProducts = async (upTo: number) => {
    // Ten at a time: the 10,000-row figures need 9,000 more products.
    for (let i = await productCount(); i < upTo; i += 10) {
      await Promise.all(Array.from({ length: Math.min(10, upTo - i) }, async (_, k) => {
        const res = await rpc('create_buzz_haven_product', {
          p_name: `Bench product ${i + k}`, p_description: 'A jar for the bench', p_price: 1000 + i + k, p_category: 'Honey', p_image_url: null,
        });
        if (!res.ok) throw new Error(`creating a product failed: ${res.status} ${await res.text()}`);
      }));
    }
  };
  const load = async () => {
    const result = await autocannon({
      url: `${backend.url}/rest/v1/rpc/get_buzz_haven_products`,
      connections: 20,
      duration: LOAD_SECONDS,
      method: 'POST',
      headers: authed,
      body: '{}',
    });
    if (result.non2xx || result.errors) throw new Error(`load run had ${result.non2xx} non-2xx and ${result.errors} errors`);
    return result;
  };

  // The numbers depend on what else runs: print the machine's load beside them.
  const load1 = () => loadavg()[0]!.toFixed(1);
  console.log(
    `Embedded backend bench (${backend.url}, Node ${process.version}, ${availableParallelism()} cores, load average ${load1()})`,
  );
  const signIns = await timed(SIGN_INS, signIn);
  console.log(`sign-in (password grant, bcrypt cost 10), ${SIGN_INS} sequential: p50 ${ms(signIns.p50)}, p99 ${ms(signIns.p99)} (min ${ms(signIns.min)})`);

  await addProducts(10);
  await timed(20, () => rpc('get_buzz_haven_products')); // warm-up: caches, JIT
  const at10 = await timed(LIST_CALLS, () => rpc('get_buzz_haven_products'));
  console.log(`list RPC at ${await productCount()} products, ${LIST_CALLS} sequential: p50 ${ms(at10.p50)}, p99 ${ms(at10.p99)} (min ${ms(at10.min)})`);
  const load10 = await load();
  console.log(
    `list RPC at 10 products, 20 connections x ${LOAD_SECONDS} s: ${load10.requests.average.toFixed(0)} req/s ` +
      `(latency p50 ${load10.latency.p50} ms, p99 ${load10.latency.p99} ms)   target >= ${TARGET_RPS} req/s: ${verdict(load10.requests.average >= TARGET_RPS)}`,
  );

  await addProducts(1000);
  await timed(20, () => rpc('get_buzz_haven_products'));
  const at1000 = await timed(LIST_CALLS, () => rpc('get_buzz_haven_products'));
  console.log(
    `list RPC at ${await productCount()} products, ${LIST_CALLS} sequential: p50 ${ms(at1000.p50)}, p99 ${ms(at1000.p99)} (min ${ms(at1000.min)})   ` +
      `target p50 <= ${TARGET_P50_MS} ms: ${verdict(at1000.p50 <= TARGET_P50_MS)}`,
  );
  const load1000 = await load();
  console.log(
    `list RPC at 1,000 products, 20 connections x ${LOAD_SECONDS} s: ${load1000.requests.average.toFixed(0)} req/s ` +
      `(latency p50 ${load1000.latency.p50} ms, p99 ${load1000.latency.p99} ms)   target >= ${TARGET_RPS} req/s: ${verdict(load1000.requests.average >= TARGET_RPS)}`,
  );
  await benchLists({ url: backend.url, headers: authed, timed, addProducts, seconds: LOAD_SECONDS });
  await benchStorage(backend, authed);
  await benchListsAtScale(timed, ANON_KEY);
  console.log(`load average at the end: ${load1()}`);
} finally {
  await backend.stop();
}
