/**
 * Server-side lists at 1,000 and 10,000 products: before (today's admin downloads the whole list)
 * and after (one page of 25 sorted by name with an exact count; getOne by `id=eq.`), sequential
 * latency and 20-connection throughput of the page. Prints; never fails on a miss.
 */
import autocannon from 'autocannon';

type Timed = (n: number, call: () => Promise<Response>) => Promise<{ p50: number; p99: number; min: number }>;

const PAGE_P50_MS = 5;
const GET_ONE_P50_MS = 3;
const TARGET_RPS = 500;

export async function benchLists(opts: {
  url: string;
  headers: Record<string, string>;
  timed: Timed;
  addProducts: (upTo: number) => Promise<void>;
  seconds: number;
}): Promise<void> {
  const { url, headers, timed } = opts;
  const rpc = (query: string, extra: Record<string, string> = {}) =>
    fetch(`${url}/rest/v1/rpc/get_buzz_haven_products${query}`, { method: 'POST', headers: { ...headers, ...extra }, body: '{}' });
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
  const pageQuery = '?order=name.asc&offset=0&limit=25';
  for (const rows of [1000, 10000]) {
    await opts.addProducts(rows);
    const first = (await (await rpc('?select=id&order=name&offset=500&limit=1')).json()) as Array<{ id: string }>;
    const one = `?id=eq.${first[0]!.id}`;
    await timed(10, () => rpc(pageQuery, { prefer: 'count=exact' }));
    const whole = await timed(rows > 1000 ? 20 : 50, () => rpc(''));
    const page = await timed(200, () => rpc(pageQuery, { prefer: 'count=exact' }));
    const getOne = await timed(200, () => rpc(one, { accept: 'application/vnd.pgrst.object+json' }));
    const label = rows.toLocaleString('en-US');
    console.log(`at ${label} products, before: whole list p50 ${ms(whole.p50)}, p99 ${ms(whole.p99)} (capped at max_rows)`);
    console.log(`at ${label} products, after: page of 25 by name + count=exact p50 ${ms(page.p50)}, p99 ${ms(page.p99)} (min ${ms(page.min)})   ` +
      `target p50 <= ${PAGE_P50_MS} ms: ${verdict(page.p50 <= PAGE_P50_MS)}`);
    console.log(`at ${label} products, after: getOne (id=eq.) p50 ${ms(getOne.p50)}, p99 ${ms(getOne.p99)} (min ${ms(getOne.min)})   ` +
      `target p50 <= ${GET_ONE_P50_MS} ms: ${verdict(getOne.p50 <= GET_ONE_P50_MS)}`);
    const load = await autocannon({
      url: `${url}/rest/v1/rpc/get_buzz_haven_products${pageQuery}`,
      connections: 20, duration: opts.seconds, method: 'POST', headers: { ...headers, prefer: 'count=exact' }, body: '{}',
    });
    if (load.non2xx || load.errors) throw new Error(`page load run had ${load.non2xx} non-2xx and ${load.errors} errors`);
    console.log(`at ${label} products, after: page of 25, 20 connections x ${opts.seconds} s: ${load.requests.average.toFixed(0)} req/s ` +
      `(latency p50 ${load.latency.p50} ms)   target >= ${TARGET_RPS} req/s: ${verdict(load.requests.average >= TARGET_RPS)}`);
  }
}
