/**
 * `Prefer: count=planned|estimated` through supabase-js with db-max-rows = 10, as PostgREST
 * answers them (references/api/pagination_count.rst "Planned Count", "Estimated Count";
 * `Query/Statements.hs` mainRead/mainCall, `MainTx.hs`):
 * - on a table, count=estimated counts exactly up to max-rows + 1 rows; past max-rows the total is
 *   the larger of max-rows + 1 and the planner's estimate, never the whole table counted;
 * - on a function's rows (RPC), count=estimated is the exact count and count=planned gives no total.
 * Fixture: support/restFixture.ts plus the tables below and the plan setting (to read the estimate).
 */
import { ANON_KEY, client } from './support/clients';
import { startFixtureBackend } from './support/restFixture';
import { removeDataDir, type Backend } from './support/server';

const MAX_ROWS = 10;
// c_stale: ANALYZEd at 5 rows, then 95 more inserted into the same page: the planner still
// estimates 5 rows (reltuples per page x pages) where there are 100.
// c_fresh: 100 rows never analyzed: the planner guesses from the page count (far more than 100).
const EXTRA_SQL = `
  alter role authenticator set pgrst.db_plan_enabled to 'true';
  create table public.c_stale (id integer primary key, kind text not null);
  insert into public.c_stale select i, case when i % 2 = 0 then 'even' else 'odd' end from generate_series(1, 5) i;
  analyze public.c_stale;
  insert into public.c_stale select i, case when i % 2 = 0 then 'even' else 'odd' end from generate_series(6, 100) i;
  create table public.c_fresh (id integer primary key);
  insert into public.c_fresh select generate_series(1, 100);
  create function public.c_rows() returns setof public.c_stale language sql stable as $$ select * from public.c_stale $$;
  grant select on public.c_stale, public.c_fresh to anon;
  grant execute on function public.c_rows() to anon;
`;

let backend: Backend;
let db: ReturnType<typeof client>;

beforeAll(async () => {
  backend = await startFixtureBackend({ SUPABASE_API_MAX_ROWS: String(MAX_ROWS) }, EXTRA_SQL);
  db = client(backend.url);
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

interface PlanNode { 'Relation Name'?: string; 'Plan Rows': number; Plans?: PlanNode[] }

function scanRows(node: PlanNode, relation: string): number | null {
  if (node['Relation Name'] === relation) return node['Plan Rows'];
  for (const child of node.Plans ?? []) {
    const found = scanRows(child, relation);
    if (found !== null) return found;
  }
  return null;
}

/** The planner's row estimate of the table's rows (the scan of EXPLAIN (FORMAT JSON) of the read). */
async function plannedRows(table: string): Promise<number> {
  const { data, error } = await db.from(table).select('*').explain({ format: 'json' });
  expect(error).toBeNull();
  return scanRows((data as unknown as Array<{ Plan: PlanNode }>)[0]!.Plan, table)!;
}

describe('count=estimated on a table', () => {
  test('past max-rows it is the planner estimate when that is larger than max-rows + 1', async () => {
    const planned = await plannedRows('c_fresh');
    expect(planned).toBeGreaterThan(100); // the planner is off: the count must come from it
    const { count, status, data } = await db.from('c_fresh').select('id', { count: 'estimated' }).order('id').range(0, 4);
    expect(count).toBe(planned);
    expect(data).toHaveLength(5);
    expect(status).toBe(206);
  });

  test('past max-rows with a smaller estimate it is max-rows + 1, not the exact count', async () => {
    expect(await plannedRows('c_stale')).toBeLessThan(MAX_ROWS);
    const { count, status } = await db.from('c_stale').select('id', { count: 'estimated' }).range(0, 4);
    expect(count).toBe(MAX_ROWS + 1);
    expect(status).toBe(206);
    const exact = await db.from('c_stale').select('id', { count: 'exact' }).range(0, 4);
    expect(exact.count).toBe(100);
  });

  test('at most max-rows rows (after the filters) it is exact', async () => {
    const { count, status, data } = await db.from('c_fresh').select('id', { count: 'estimated' }).lte('id', 7);
    expect(count).toBe(7);
    expect(data).toHaveLength(7);
    expect(status).toBe(200);
  });

  test('count=planned is the estimate whatever the size', async () => {
    const { count } = await db.from('c_stale').select('id', { count: 'planned', head: true }).eq('kind', 'odd');
    expect(count).toBeLessThan(MAX_ROWS); // 50 rows are odd; the stale statistics say fewer than 5
  });
});

describe('counts on a function\'s rows (RPC)', () => {
  test('count=estimated is the exact count of the filtered rows, past max-rows too', async () => {
    const all = await db.rpc('c_rows', {}, { count: 'estimated' }).order('id').range(0, 24);
    expect(all.error).toBeNull();
    expect(all.count).toBe(100);
    expect(all.data).toHaveLength(MAX_ROWS); // the page is capped at max-rows, the count is not
    const odd = await db.rpc('c_rows', {}, { count: 'estimated' }).eq('kind', 'odd').range(0, 4);
    expect(odd.count).toBe(50);
    expect(odd.status).toBe(206);
  });

  test('count=planned gives no total (Content-Range n-m/*)', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/c_rows?order=id&offset=0&limit=5`, {
      method: 'POST', headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, prefer: 'count=planned', 'content-type': 'application/json' }, body: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-4/*');
    const planned = await db.rpc('c_rows', {}, { count: 'planned' }).range(0, 4);
    expect(planned.error).toBeNull();
    expect(planned.count).toBeNaN(); // supabase-js reads the '*' of Content-Range as parseInt('*'), as on hosted
    expect(planned.data).toHaveLength(5);
  });
});
