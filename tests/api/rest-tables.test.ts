/**
 * PostgREST on tables and views (`/rest/v1/<table>`), reads, through supabase-js: each test one
 * behaviour of PostgREST's documentation (references/api/tables_views.rst, resource_embedding.rst,
 * aggregate_functions.rst, computed_fields.rst, errors.rst), on the fixture schema of
 * support/restFixture.ts (authors, books with two foreign keys to authors, labels through a join
 * table, reviews, a view, a computed field).
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

const raw = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${backend.url}/rest/v1/${path}`, { headers: { apikey: ANON_KEY, ...headers } });

describe('horizontal and vertical filtering', () => {
  test('select names columns, renames them and casts them', async () => {
    const { data, error } = await db.from('fx_books').select('id, name:title, year::text').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, name: 'Hive Life', year: '2001' }]);
  });

  test('JSON paths select with -> and ->> and are named by their last key', async () => {
    const { data } = await db.from('fx_authors').select('id, meta->>city, first:meta->langs->0').eq('id', 1);
    expect(data).toEqual([{ id: 1, city: 'London', first: 'en' }]);
  });

  test('a JSON path filters', async () => {
    const { data } = await db.from('fx_authors').select('name').eq('meta->>city', 'Paris');
    expect(data).toEqual([{ name: 'Bee' }]);
  });

  test('comparison, pattern, list, null and array operators', async () => {
    const ids = async (q: PromiseLike<{ data: Array<{ id: number }> | null }>) => (await q).data?.map((r) => r.id);
    const books = () => db.from('fx_books').select('id').order('id');
    expect(await ids(books().gte('year', 2010))).toEqual([2, 3]);
    expect(await ids(books().neq('title', 'Hive Life').lt('id', 4))).toEqual([2, 3]);
    expect(await ids(books().ilike('title', '%bee%'))).toEqual([3]);
    expect(await ids(books().in('id', [1, 4]))).toEqual([1, 4]);
    expect(await ids(books().is('year', null))).toEqual([4]);
    expect(await ids(books().contains('tags', ['bees']))).toEqual([1, 3]);
    expect(await ids(books().overlaps('tags', ['honey', 'queen']))).toEqual([2, 3]);
    expect(await ids(books().not('author_id', 'is', null).or('year.lt.2005,year.gt.2012'))).toEqual([1, 3]);
  });

  test('full-text search on a text column', async () => {
    const { data } = await db.from('fx_books').select('id').textSearch('title', 'honey');
    expect(data).toEqual([{ id: 2 }]);
  });

  test('order, limit and offset; count=exact gives Content-Range and 206 for a partial page', async () => {
    const res = await db.from('fx_books').select('id', { count: 'exact' }).order('year', { ascending: false, nullsFirst: false }).range(1, 2);
    expect(res.status).toBe(206);
    expect(res.count).toBe(4);
    expect(res.data).toEqual([{ id: 2 }, { id: 1 }]);
  });

  test('head=true answers the count without rows', async () => {
    const res = await db.from('fx_books').select('*', { count: 'exact', head: true }).gt('id', 1);
    expect(res.count).toBe(3);
    expect(res.data).toBeNull();
  });

  test('a view reads like a table', async () => {
    const { data } = await db.from('fx_titles').select('title').eq('id', 3);
    expect(data).toEqual([{ title: 'Queen Bee' }]);
  });

  test('a computed field (a function taking the row) is selected by name', async () => {
    const { data } = await db.from('fx_books').select('id, fx_shout').eq('id', 2);
    expect(data).toEqual([{ id: 2, fx_shout: 'HONEY NOTES' }]);
  });

  test('aggregates: count() and col.sum() grouped by the other columns', async () => {
    const { data } = await db.from('fx_reviews').select('book_id, count(), stars.sum()').order('book_id');
    expect(data).toEqual([{ book_id: 1, count: 2, sum: 8 }, { book_id: 3, count: 1, sum: 4 }]);
  });
});

describe('resource embedding', () => {
  test('many-to-one through a foreign-key column, renamed', async () => {
    const { data } = await db.from('fx_books').select('id, author:author_id(name)').in('id', [3, 4]).order('id');
    expect(data).toEqual([{ id: 3, author: { name: 'Bee' } }, { id: 4, author: null }]);
  });

  test('one-to-many with a hint naming the foreign key', async () => {
    const { data } = await db.from('fx_authors').select('name, fx_books!fx_books_editor_id_fkey(title)').eq('id', 1);
    expect(data).toEqual([{ name: 'Ada', fx_books: [{ title: 'Queen Bee' }] }]);
  });

  test('many-to-many through a join table', async () => {
    const { data } = await db.from('fx_books').select('id, fx_labels(name)').eq('id', 1).order('id', { referencedTable: 'fx_labels' });
    expect(data).toEqual([{ id: 1, fx_labels: [{ name: 'classic' }, { name: 'new' }] }]);
  });

  test('filters, order and limit on an embedded resource shape only that resource', async () => {
    const { data } = await db.from('fx_books').select('id, fx_reviews(stars)').lt('id', 3).order('id')
      .order('stars', { referencedTable: 'fx_reviews', ascending: false }).limit(1, { referencedTable: 'fx_reviews' });
    expect(data).toEqual([{ id: 1, fx_reviews: [{ stars: 5 }] }, { id: 2, fx_reviews: [] }]);
    const filtered = await db.from('fx_books').select('id, fx_reviews(stars)').eq('id', 1).lt('fx_reviews.stars', 4);
    expect(filtered.data).toEqual([{ id: 1, fx_reviews: [{ stars: 3 }] }]);
  });

  test('!inner drops the parents whose embedded resource is empty after its filters', async () => {
    const { data } = await db.from('fx_books').select('id, fx_reviews!inner(stars)').gte('fx_reviews.stars', 4).order('id');
    expect(data).toEqual([{ id: 1, fx_reviews: [{ stars: 5 }] }, { id: 3, fx_reviews: [{ stars: 4 }] }]);
  });

  test('a null filter on an embedded resource keeps the parents that have (or lack) one', async () => {
    const { data } = await db.from('fx_books').select('id, fx_reviews(id)').not('fx_reviews', 'is', null).order('id');
    expect(data?.map((r) => r.id)).toEqual([1, 3]);
  });

  test('spread (...) lifts a to-one resource\'s columns into the parent', async () => {
    const { data } = await db.from('fx_books').select('id, ...fx_authors!author_id(author:name)').eq('id', 3);
    expect(data).toEqual([{ id: 3, author: 'Bee' }]);
  });

  test('spread on a to-many resource gives an array of each of its columns', async () => {
    const { data } = await db.from('fx_books').select('id, ...fx_reviews(stars)').in('id', [1, 2]).order('id');
    expect(data).toEqual([{ id: 1, stars: [5, 3] }, { id: 2, stars: [] }]);
  });

  test('aggregates group by the columns a spread lifts into the parent', async () => {
    const { data } = await db.from('fx_books').select('...fx_authors!author_id(name), count()');
    expect(data?.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([{ name: 'Ada', count: 2 }, { name: 'Bee', count: 1 }, { name: null, count: 1 }]);
  });

  test('ordering by a to-one embedded resource\'s column', async () => {
    const { data } = await db.from('fx_books').select('id, a:author_id(name)').not('author_id', 'is', null)
      .order('a(name)', { ascending: false }).order('id');
    expect(data?.map((r) => r.id)).toEqual([3, 1, 2]);
  });

  test('an embed with no columns only filters (!inner) and adds no key', async () => {
    const { data } = await db.from('fx_books').select('title, fx_reviews!inner()').order('id');
    expect(data).toEqual([{ title: 'Hive Life' }, { title: 'Queen Bee' }]);
  });

  test('a table embedding itself by name gets its children (self-referencing foreign key)', async () => {
    const { data } = await db.from('fx_topics').select('id, fx_topics(id)').eq('id', 1);
    expect(data).toEqual([{ id: 1, fx_topics: [{ id: 2 }, { id: 3 }] }]);
  });

  test('a view showing a table\'s key columns is embeddable through that table\'s foreign keys', async () => {
    const { data } = await db.from('fx_reviews').select('id, fx_titles(title)').eq('id', 3);
    expect(data).toEqual([{ id: 3, fx_titles: { title: 'Queen Bee' } }]);
  });

  test('computed relationships: a function of the row returning rows embeds them (rows 1: one object)', async () => {
    const { data } = await db.from('fx_books').select('id, fx_top_review(stars), fx_book_reviews(stars)').eq('id', 1)
      .order('stars', { referencedTable: 'fx_book_reviews' });
    expect(data).toEqual([{ id: 1, fx_top_review: { stars: 5 }, fx_book_reviews: [{ stars: 3 }, { stars: 5 }] }]);
  });

  test('an ambiguous embed is 300 PGRST201 listing both relationships', async () => {
    const { error, status } = await db.from('fx_books').select('id, fx_authors(name)');
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'fx_books' and 'fx_authors'",
      hint: "Try changing 'fx_authors' to one of the following: 'fx_authors!fx_books_author_id_fkey', 'fx_authors!fx_books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  test('an embed without a relationship is 400 PGRST200', async () => {
    const { error, status } = await db.from('fx_labels').select('id, fx_authors(name)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'fx_labels' and 'fx_authors' in the schema cache",
      details: "Searched for a foreign key relationship between 'fx_labels' and 'fx_authors' in the schema 'public', but no matches were found.",
    });
  });
});

describe('response formats and errors', () => {
  test('single() is one object; more rows are 406 PGRST116', async () => {
    expect((await db.from('fx_books').select('title').eq('id', 2).single()).data).toEqual({ title: 'Honey Notes' });
    const { error, status } = await db.from('fx_books').select('title').single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
  });

  test('maybeSingle() is null for no row', async () => {
    const res = await db.from('fx_books').select('title').eq('id', 99).maybeSingle();
    expect(res.error).toBeNull();
    expect(res.data).toBeNull();
  });

  test('stripNulls() leaves out null fields (Accept: ...;nulls=stripped)', async () => {
    const { data } = await db.from('fx_books').select('id, year, author_id').eq('id', 4).stripNulls();
    expect(data).toEqual([{ id: 4 }]);
  });

  test('Accept: text/csv answers a header line and the rows', async () => {
    const { data } = await db.from('fx_authors').select('id, name').order('id').csv();
    expect(data).toBe('id,name\n1,Ada\n2,Bee\n3,Cy');
  });

  test('an unknown table is 404 PGRST205 with a close name as hint', async () => {
    const { error, status } = await db.from('fx_book').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.fx_book' in the schema cache", hint: "Perhaps you meant the table 'public.fx_books'" });
  });

  test('an unknown column is PostgreSQL\'s 42703 with status 400', async () => {
    const { error, status } = await db.from('fx_books').select('titel');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column fx_books.titel does not exist' });
  });

  test('a table the role has no grant on is 42501: 401 for anon', async () => {
    const { error, status } = await db.from('fx_hidden').select();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table fx_hidden' });
  });

  test('an unexposed schema in Accept-Profile is 406 PGRST106', async () => {
    const res = await raw('fx_books', { 'Accept-Profile': 'buzz_haven' });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: buzz_haven' });
  });

  test('a malformed filter is 400 PGRST100', async () => {
    const res = await raw('fx_books?id=eqq.1');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST100', message: '"failed to parse filter (eqq.1)" (line 1, column 3)' });
  });
});

test('the execution plan media type is not offered unless pgrst.db_plan_enabled is on: 406 PGRST107', async () => {
  const res = await raw('fx_books?select=id', { Accept: 'application/vnd.pgrst.plan+json; for="application/json"' });
  expect(res.status).toBe(406);
  expect(await res.json()).toMatchObject({
    code: 'PGRST107', message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"',
  });
});
