/**
 * EXPLAIN's settings block as PostgREST answers it (`Accept: application/vnd.pgrst.plan; options=settings`,
 * supabase-js `.explain({ settings: true })`): PostgreSQL lists only the planner settings that differ
 * from its defaults, so PGlite's own start parameters (no parallel workers) must not show there,
 * and a large scan still plans without parallel workers. In-process server, on PGlite and, when
 * the test cluster runs, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../supabase/local/src/config';
import { createServer, type RunningServer } from '../../supabase/local/src/server';
import { ANON_KEY, client } from './support/clients';
import { createDatabase, dropDatabase, targets } from './support/serverDatabases';

const FIXTURE_SQL = `
create table public.ex_rows (id int primary key, label text not null);
insert into public.ex_rows select g, 'row ' || g from generate_series(1, 50000) g;
analyze public.ex_rows;
grant select on public.ex_rows to anon;
alter role authenticator set pgrst.db_plan_enabled to 'true';
`;

interface PlanDoc { Plan: Record<string, unknown>; Settings: Record<string, string> }

describe.each(targets)('EXPLAIN settings on %s', (target) => {
  let server: RunningServer;
  const database = `buzz_ex_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const databaseUrl = target === 'postgres' ? await createDatabase(database) : undefined;
    server = await createServer({ port: 0, seed: false, databaseUrl, config: loadConfig() });
    await server.db.exec(FIXTURE_SQL);
  }, 200_000);

  afterAll(async () => {
    await server?.close();
    if (target === 'postgres') await dropDatabase(database);
  });

  test('the settings block lists no parallel-worker setting the engine sets for itself', async () => {
    const { data, error } = await client(server.url).from('ex_rows').select('id').explain({ settings: true, format: 'json' });
    expect(error).toBeNull();
    const settings = (data as unknown as PlanDoc[])[0]!.Settings;
    expect(Object.keys(settings).filter((k) => k.startsWith('max_parallel'))).toEqual([]);
    expect(settings.search_path).toBe('"public", "public", "extensions"');
    // supabase/postgres's effective_cache_size and the search_path PostgREST sets, nothing else.
    if (target === 'pglite') expect(settings).toEqual({ effective_cache_size: '128MB', search_path: '"public", "public", "extensions"' });
  });

  test('the text format\'s Settings line says the same, and a large scan plans no Gather', async () => {
    const res = await fetch(`${server.url}/rest/v1/ex_rows?select=label&label=like.*9*`, {
      headers: { apikey: ANON_KEY, Accept: 'application/vnd.pgrst.plan+text; options=settings' },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^Settings: .*search_path/m);
    expect(text).not.toContain('max_parallel');
    if (target === 'pglite') expect(text).not.toContain('Gather');
  });
});
