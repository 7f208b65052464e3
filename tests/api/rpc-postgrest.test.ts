/**
 * RPC as PostgREST resolves it (docs references/api/functions.rst "Functions with a single unnamed
 * parameter", "Overloaded functions"; SchemaCache.hs funcsSqlQuery `callable`; Plan.hs findProc),
 * and the preferences it honours on calls (preferences.rst "Transaction End", "Max Affected"),
 * through supabase-js on the fixture functions of support/restFixture.ts.
 */
import { ANON_KEY, client } from './support/clients';
import { startFixtureBackend } from './support/restFixture';
import { removeDataDir, type Backend } from './support/server';

let backend: Backend;
let db: ReturnType<typeof client>;

beforeAll(async () => {
  backend = await startFixtureBackend();
  db = client(backend.url);
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const labels = async () => (await db.from('fx_labels').select('name').order('id')).data;

test('{"": value} calls the function with a single unnamed text parameter', async () => {
  const { data, error } = await db.rpc('fx_echo', { '': 'hi' });
  expect(error).toBeNull();
  expect(data).toBe('text:hi');
});

test('a single unnamed json/jsonb parameter takes the whole body', async () => {
  const { data } = await db.rpc('fx_body', { a: 1, b: [true] });
  expect(data).toEqual({ a: 1, b: [true] });
});

test('a function whose unnamed parameter is not bytea/json/jsonb/text/xml is not callable: 404 PGRST202', async () => {
  const { error, status } = await db.rpc('fx_only_int', { '': 1 });
  expect(status).toBe(404);
  expect(error).toMatchObject({
    code: 'PGRST202',
    message: 'Could not find the function public.fx_only_int() in the schema cache',
    details: 'Searched for the function public.fx_only_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
  });
});

test('overloads that both accept the arguments are 300 PGRST203, listed by their parameters', async () => {
  const { error, status } = await db.rpc('fx_pick');
  expect(status).toBe(300);
  expect(error).toMatchObject({
    code: 'PGRST203',
    message: 'Could not choose the best candidate function between: public.fx_pick(), public.fx_pick(t => text)',
  });
  expect((await db.rpc('fx_pick', { t: 'y' })).data).toBe(2);
  const byType = await db.rpc('fx_twin', { a: 1 });
  expect(byType.error?.message).toBe(
    'Could not choose the best candidate function between: public.fx_twin(a => integer), public.fx_twin(a => text)');
});

test('Prefer: tx=rollback answers the call and keeps nothing', async () => {
  const before = await labels();
  const { data } = await db.rpc('fx_relabel', { p_prefix: 'z-' }).select('name').rollback();
  expect((data as Array<{ name: string }>)[0]).toEqual({ name: 'z-classic' });
  expect(await labels()).toEqual(before);
});

test('max-affected with handling=strict refuses a call returning more rows (400 PGRST124), rolled back', async () => {
  const before = await labels();
  const res = await fetch(`${backend.url}/rest/v1/rpc/fx_relabel`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json', Prefer: 'handling=strict,max-affected=1' },
    body: JSON.stringify({ p_prefix: 'y-' }),
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: 'PGRST124', details: 'The query affects 3 rows' });
  expect(await labels()).toEqual(before);
});

test('rows of a table returned by a function embed over its foreign keys', async () => {
  const { data, error } = await db.rpc('fx_books_by', { p_author: 1 }).select('title, author:author_id(name)');
  expect(error).toBeNull();
  expect(data).toEqual([{ title: 'Hive Life', author: { name: 'Ada' } }, { title: 'Honey Notes', author: { name: 'Ada' } }]);
});

test('casts and computed fields on a function\'s rows', async () => {
  const { data } = await db.rpc('fx_books_by', { p_author: 2 }).select('id::text, fx_shout');
  expect(data).toEqual([{ id: '3', fx_shout: 'QUEEN BEE' }]);
});

test('casts and aggregates on the rows of a function returning a table of its own', async () => {
  const { data } = await db.rpc('fx_review_counts').select('n::text, book_id');
  expect(data).toEqual([{ n: '2', book_id: 1 }, { n: '1', book_id: 3 }]);
  const total = await db.rpc('fx_review_counts').select('n.sum()');
  expect(total.data).toEqual([{ sum: 3 }]);
});
