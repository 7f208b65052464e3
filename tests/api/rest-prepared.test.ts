/**
 * REST queries run as named prepared statements, one per SQL text and connection, as PostgREST's
 * `db-prepared-statements` (supabase/local/src/db/statements.ts): the same page asked twice is
 * prepared once; the cached plan still answers each role and user with its own rows (row security
 * is re-checked by PostgreSQL for each caller); DDL between two calls is seen by the next one,
 * also when it changes the result's columns ("cached plan must not change result type": the
 * statement is dropped and the request run again). In-process server, on PGlite and, when the
 * test cluster runs, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../supabase/local/src/config';
import { STATEMENT_CACHE_SIZE } from '../../supabase/local/src/db/statements';
import { createServer, type RunningServer } from '../../supabase/local/src/server';
import { ANON_KEY, client, uniqueEmail } from './support/clients';
import { createDatabase, dropDatabase, targets } from './support/serverDatabases';

const FIXTURE_SQL = `
create table public.pp_notes (
  id int generated always as identity primary key,
  owner uuid not null default auth.uid(),
  note text not null);
alter table public.pp_notes enable row level security;
create policy pp_own on public.pp_notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
grant select, insert on public.pp_notes to authenticated;
create function public.pp_shape() returns table (a int, b text) language sql stable as $$ select 1, 'one' $$;
grant execute on function public.pp_shape() to anon;
create table public.pp_wide (a int);
insert into public.pp_wide values (1);
`;

describe.each(targets)('prepared REST statements on %s', (target) => {
  let server: RunningServer;
  const database = `buzz_pp_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const config = loadConfig();
    let databaseUrl: string | undefined;
    if (target === 'postgres') {
      databaseUrl = await createDatabase(database);
    }
    server = await createServer({
      port: 0, seed: false, databaseUrl,
      config: { ...config, auth: { ...config.auth, rateLimit: { ...config.auth.rateLimit, signInSignUps: 1000 } } },
    });
    await server.db.exec(FIXTURE_SQL);
  }, 200_000);

  afterAll(async () => {
    await server?.close();
    if (target === 'postgres') await dropDatabase(database);
  });

  const anonGet = (path: string) => fetch(`${server.url}/rest/v1/${path}`, { headers: { apikey: ANON_KEY } });

  test('the same page asked twice is prepared once, then reused', async () => {
    const page = 'rpc/pp_shape?select=a&order=a.desc&limit=25';
    expect((await anonGet(page)).status).toBe(200);
    const after1 = server.db.preparedCount();
    expect(after1).toBeGreaterThan(0);
    expect(await (await anonGet(page)).json()).toEqual([{ a: 1 }]);
    expect(server.db.preparedCount()).toBe(after1);
    if (target === 'pglite') {
      // One connection: the session's own list of prepared statements holds the query once.
      const { rows } = await server.db.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where statement like '%pp_shape%' and statement like '%limit%'");
      expect(rows[0]!.n).toBe(1);
    }
    // Another page is another statement.
    expect((await anonGet('rpc/pp_shape?select=a&limit=24')).status).toBe(200);
    expect(server.db.preparedCount()).toBe(after1 + 1);
  });

  test('two users asking the same query each see only their own rows', async () => {
    const users = await Promise.all(['one', 'two'].map(async (tag) => {
      const supabase = client(server.url);
      const { error } = await supabase.auth.signUp({ email: uniqueEmail(`pp-${tag}`), password: 'prepared-pass' });
      expect(error).toBeNull();
      return { tag, supabase };
    }));
    for (const { tag, supabase } of users) {
      expect((await supabase.from('pp_notes').insert({ note: `note of ${tag}` })).error).toBeNull();
    }
    for (let round = 0; round < 7; round++) { // past PostgreSQL's five custom plans, to a generic one
      for (const { tag, supabase } of users) {
        const { data, error } = await supabase.from('pp_notes').select('note').order('id');
        expect(error).toBeNull();
        expect(data).toEqual([{ note: `note of ${tag}` }]);
      }
    }
    // anon (no policy of its own): the same query text answers no row, not the last caller's.
    const anon = await anonGet('pp_notes?select=note&order=id.asc');
    expect(await anon.json()).toEqual([]);
  });

  test('DDL between two calls: a function returning other columns is answered with them', async () => {
    expect(await (await anonGet('rpc/pp_shape')).json()).toEqual([{ a: 1, b: 'one' }]);
    await server.db.exec(`drop function public.pp_shape();
      create function public.pp_shape() returns table (a int, b text, c int) language sql stable as $$ select 1, 'one', 3 $$;
      grant execute on function public.pp_shape() to anon;`);
    expect(await (await anonGet('rpc/pp_shape')).json()).toEqual([{ a: 1, b: 'one', c: 3 }]);
  });

  test('a statement whose result columns changed is prepared again ("cached plan must not change result type")', async () => {
    const read = () => server.db.readOnly<Record<string, unknown>>("select set_config('role', 'postgres', true)", 'select * from public.pp_wide', []);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    const before = server.db.preparedCount();
    await server.db.exec("alter table public.pp_wide add column b text default 'new'");
    expect((await read()).rows).toEqual([{ a: 1, b: 'new' }]);
    expect(server.db.preparedCount()).toBe(before);
  });

  test('a connection keeps at most STATEMENT_CACHE_SIZE statements: the least recently used is deallocated', async () => {
    // One transaction: one connection on both engines, whose own pg_prepared_statements is read.
    const { count, oldest, kept } = await server.db.transaction(async (tx) => {
      for (let i = 0; i <= STATEMENT_CACHE_SIZE + 5; i++) await tx.prepared(`select ${i}::int as pp_lru`, []);
      const { rows } = await tx.query<{ count: number; oldest: number; kept: number }>(
        `select count(*)::int as count,
           count(*) filter (where statement = 'select 0::int as pp_lru')::int as oldest,
           count(*) filter (where statement = 'select ${STATEMENT_CACHE_SIZE + 5}::int as pp_lru')::int as kept
         from pg_prepared_statements where name like 'buzz_rest_%'`);
      return rows[0]!;
    });
    expect(count).toBe(STATEMENT_CACHE_SIZE);
    expect(oldest).toBe(0);
    expect(kept).toBe(1);
  });
});
