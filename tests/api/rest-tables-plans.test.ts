/**
 * PostgREST's planner-facing behaviours on tables, through supabase-js and plain HTTP:
 * the execution plan media type (PostgREST docs references/observability.rst "Execution plan",
 * enabled by the in-database setting `pgrst.db_plan_enabled` of the authenticator role),
 * `Prefer: count=planned|estimated` (references/api/pagination_count.rst "Planned Count",
 * "Estimated Count"), `missing=default` evaluating each default for every row of a bulk insert
 * (PostgREST builds each row as `jsonb_build_object(<defaults>) || <row>`), and the same
 * resource embedded twice at one level without aliases (PostgreSQL's 42712, as PostgREST answers).
 * Fixture: support/restFixture.ts, plus the plan setting.
 */
import { ANON_KEY, client } from './support/clients';
import { startFixtureBackend } from './support/restFixture';
import { removeDataDir, type Backend } from './support/server';

let backend: Backend;
let db: ReturnType<typeof client>;

beforeAll(async () => {
  backend = await startFixtureBackend({}, `alter role authenticator set pgrst.db_plan_enabled to 'true';`);
  db = client(backend.url);
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Plan Rows': number; Output?: string[]; Plans?: PlanNode[] }

function findScan(node: PlanNode, relation: string): PlanNode | null {
  if (node['Relation Name'] === relation) return node;
  for (const child of node.Plans ?? []) {
    const found = findScan(child, relation);
    if (found) return found;
  }
  return null;
}

describe('the execution plan media type', () => {
  test('explain({ format: "json" }) answers EXPLAIN (FORMAT JSON) of the request, not its rows', async () => {
    const { data, error, status } = await db.from('fx_books').select('title').eq('author_id', 1).explain({ format: 'json' });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const plan = (data as unknown as Array<{ Plan: PlanNode }>)[0]!.Plan;
    expect(plan['Node Type']).toBe('Aggregate');
    expect(findScan(plan, 'fx_books')).not.toBeNull();
  });

  test('the text format is EXPLAIN\'s lines, the for= media type and options are honoured', async () => {
    const res = await fetch(`${backend.url}/rest/v1/fx_books?select=title`, {
      headers: { apikey: ANON_KEY, Accept: 'application/vnd.pgrst.plan+text; for="application/json"; options=verbose' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; options=verbose; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^Aggregate {2}\(cost=/);
    expect(text).toContain('Output:'); // VERBOSE
  });

  test('settings shows the search_path PostgREST sets: the schema, then extra_search_path, each quoted', async () => {
    const { data } = await db.from('fx_books').select('id').explain({ settings: true, format: 'json' });
    const settings = (data as unknown as Array<{ Settings: Record<string, string> }>)[0]!.Settings;
    expect(settings.search_path).toBe('"public", "public", "extensions"');
  });

  test('the database is configured as supabase/postgres: its effective_cache_size, and a Query Identifier under verbose', async () => {
    // supabase/postgres ansible/files/postgresql_config/postgresql.conf.j2: effective_cache_size = 128MB,
    // pg_stat_statements in shared_preload_libraries (so compute_query_id = auto computes query ids).
    const { data, error } = await db.from('fx_books').select('id').explain({ verbose: true, settings: true, format: 'json' });
    expect(error).toBeNull();
    const doc = (data as unknown as Array<{ Settings: Record<string, string>; 'Query Identifier'?: unknown }>)[0]!;
    expect(doc.Settings.effective_cache_size).toBe('128MB');
    expect(typeof doc['Query Identifier']).toBe('number');
    const { data: plain } = await db.from('fx_books').select('id').explain({ format: 'json' });
    expect((plain as unknown as Array<Record<string, unknown>>)[0]!).not.toHaveProperty('Query Identifier'); // only with verbose, as in PostgreSQL
  });

  test('explain of a write runs as EXPLAIN of the insert (with analyze and tx=rollback nothing is kept)', async () => {
    const { data, error } = await db.from('fx_labels').insert({ id: 500, name: 'planned' }).select().rollback().explain({ analyze: true, format: 'json' });
    expect(error).toBeNull();
    expect(JSON.stringify(data)).toContain('"Operation":"Insert"');
    const { data: rows } = await db.from('fx_labels').select().eq('id', 500);
    expect(rows).toEqual([]);
  });
});

describe('planned and estimated counts', () => {
  test('count=planned is the planner\'s row estimate of the counted rows (206 when it exceeds the page)', async () => {
    const { count, status, data } = await db.from('fx_books').select('*', { head: true, count: 'planned' });
    expect(data).toBeNull();
    const { data: explained } = await db.from('fx_books').select('*').explain({ format: 'json' });
    const scan = findScan((explained as unknown as Array<{ Plan: PlanNode }>)[0]!.Plan, 'fx_books')!;
    expect(count).toBe(scan['Plan Rows']);
    // The fixture's 4 books were never analyzed: the planner guesses far more rows than there are.
    expect(count).toBeGreaterThan(4);
    expect(status).toBe(206);
  });

  test('count=estimated is exact while it stays under max-rows', async () => {
    const { count, status } = await db.from('fx_books').select('*', { head: true, count: 'estimated' });
    expect(count).toBe(4);
    expect(status).toBe(200);
  });
});

test('missing=default evaluates a default for every row of a bulk insert, the given value winning', async () => {
  // The fixture set fx_books' identity to 100: the first row's default (101) is drawn but unused.
  const { data, error } = await db.from('fx_books').insert([{ id: 300, title: 'Given' }, { title: 'Drawn' }], { defaultToNull: false })
    .select('id, title, price').rollback();
  expect(error).toBeNull();
  expect(data).toEqual([{ id: 300, title: 'Given', price: 9.5 }, { id: 102, title: 'Drawn', price: 9.5 }]);
});

test('the same resource embedded twice at one level without aliases is 400 42712', async () => {
  const { error, status } = await db.from('fx_books').select('fx_authors!author_id(name), fx_authors!editor_id(name)');
  expect(status).toBe(400);
  expect(error).toMatchObject({ code: '42712', message: 'table name "fx_books_fx_authors_1" specified more than once' });
  const aliased = await db.from('fx_books').select('author:fx_authors!author_id(name), editor:fx_authors!editor_id(name)').eq('id', 1);
  expect(aliased.data).toEqual([{ author: { name: 'Ada' }, editor: { name: 'Bee' } }]);
});
