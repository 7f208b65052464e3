/**
 * The admin dashboard's requests (admin/src/dashboard: useTableCounts' six count_table_rows cards,
 * useToday's get_buzz_haven_today, FailedMailAlert, HivesDueCard, SwarmReportsCard, RecentActivity,
 * useSwarmSeason's document and the takings card's question whether card payments are on: the
 * stripe-checkout function's GET), issued together as the browser does; one round is the time until the
 * last answer (target: p50 <= DASHBOARD_P50_MS at the ten-year data set). Prints; never fails on a miss.
 */

export const DASHBOARD_P50_MS = 300;

/** `[rpc, query string, count=exact]` as the admin's data provider sends them (supabase-js, POST {}). */
const REQUESTS: Array<[fn: string, query: string, count: boolean]> = [
  ...['products', 'orders', 'events', 'hives', 'content_documents', 'users'].map(
    (table): [string, string, boolean] => [`count_table_rows:${table}`, '', false]),
  ['get_buzz_haven_today', '', false],
  ['get_buzz_haven_outbox_messages', 'state=eq.dead&order=created_at.desc&offset=0&limit=1', true],
  ['get_buzz_haven_hives', 'inspection_due=eq.true&order=name.asc&offset=0&limit=1', true],
  ['get_buzz_haven_swarm_reports', 'status=in.(new,called_back)&order=created_at.desc&offset=0&limit=1', true],
  ['get_buzz_haven_activity', 'order=id.desc&offset=0&limit=10', false],
  ['get_buzz_haven_content_documents', 'key=eq.catalog%2Fswarm', false],
];

/** Edge Functions asked with GET (usePaymentsOn). */
const FUNCTIONS = ['stripe-checkout'];

/** How many requests one dashboard round sends together. */
export const DASHBOARD_REQUESTS = REQUESTS.length + FUNCTIONS.length;

/** p50 and max of `rounds` dashboard loads, after two warm-up rounds. */
export async function dashboardRounds(url: string, headers: Record<string, string>, rounds = 20): Promise<{ p50: number; max: number }> {
  const send = async ([fn, query, count]: [string, string, boolean]) => {
    const [name, table] = fn.split(':');
    const res = await fetch(`${url}/rest/v1/rpc/${name}${query ? `?${query}` : ''}`, {
      method: 'POST',
      headers: count ? { ...headers, prefer: 'count=exact' } : headers,
      body: JSON.stringify(table ? { table_name: table, schema_name: 'buzz_haven' } : {}),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`dashboard request ${fn}?${query} failed with ${res.status}`);
  };
  const ask = async (fn: string) => {
    const res = await fetch(`${url}/functions/v1/${fn}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`dashboard request GET ${fn} failed with ${res.status}`);
  };
  const times: number[] = [];
  for (let i = 0; i < rounds + 2; i++) {
    const start = performance.now();
    await Promise.all([...REQUESTS.map(send), ...FUNCTIONS.map(ask)]);
    if (i >= 2) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.ceil(times.length / 2) - 1]!, max: times[times.length - 1]! };
}
