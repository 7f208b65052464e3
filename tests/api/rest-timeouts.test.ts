/**
 * Hosted Supabase's per-role statement timeouts on the REST API (supabase/postgres
 * migrations/db/init-scripts/00000000000000-initial-schema.sql: anon 3 s, authenticated 8 s), which
 * PostgREST applies on every request with the impersonated role's settings (Query/PreQuery.hs
 * `roleSettingsSql`; SET ROLE alone would not): a call running past its role's timeout is
 * cancelled, answered as PostgREST answers SQLSTATE 57014 (500, its error shape), and nothing it
 * wrote is kept. Once on PGlite (which applies the timeout when the statement ends: no timer
 * signals in WebAssembly) and once on PostgreSQL through DATABASE_URL (a real cancel).
 */
import { randomBytes } from 'node:crypto';
import { migrate, openDb, type Db } from '../../supabase/local/src/db/index';
import { client, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, tempDataDir, type Backend } from './support/server';
import { createDatabase, dropDatabase, targets } from './support/serverDatabases';

/** Written as a project's migration would be, run as postgres (the tests' own fixture). */
const FIXTURE_SQL = `
create table public.tm_log (id int generated always as identity primary key, note text not null);
grant select, insert on public.tm_log to anon, authenticated;
create function public.tm_sleep(seconds float8) returns int language sql volatile
  as $$ select 1 from pg_sleep(seconds) $$;
create function public.tm_write_then_sleep(seconds float8) returns int language plpgsql volatile as $$
begin
  insert into public.tm_log (note) values ('written before sleeping ' || seconds);
  perform pg_sleep(seconds);
  return 1;
end $$;
create view public.tm_slow_rows as select 1 as id from pg_sleep(3.5);
grant select on public.tm_slow_rows to anon;
`;

/** The migrations (the backend's migrator), then the fixture as postgres, on a new database. */
async function prepare(dataDir: string, databaseUrl?: string): Promise<void> {
  const admin = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  let login: Db | null = null;
  try {
    await migrate(admin, { seed: false });
    if (databaseUrl) {
      const url = new URL(databaseUrl);
      url.username = 'postgres'; // trust authentication in the test cluster
      login = await openDb({ databaseUrl: url.toString() });
    }
    await (login ?? admin.as!('postgres')).exec(FIXTURE_SQL);
  } finally {
    await login?.close();
    await admin.close();
  }
}

const TIMEOUT_ERROR = { code: '57014', details: null, hint: null, message: 'canceling statement due to statement timeout' };

describe.each(targets)('statement timeouts per role on %s', (target) => {
  let backend: Backend;
  let dataDir: string;
  const database = `buzz_tm_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    dataDir = tempDataDir();
    const env: Record<string, string> = { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' };
    if (target === 'postgres') {
      env.DATABASE_URL = await createDatabase(database);
      await prepare(dataDir, env.DATABASE_URL);
    } else {
      await prepare(dataDir);
    }
    backend = await startBackend({ dataDir, fresh: false, env });
  }, 200_000);

  afterAll(async () => {
    await backend?.stop();
    removeDataDir(dataDir);
    if (target === 'postgres') await dropDatabase(database);
  });

  test('anon: a call longer than 3 s is cancelled with 57014 (500), one of 1 s is answered', async () => {
    const anon = client(backend.url);
    const quick = await anon.rpc('tm_sleep', { seconds: 1 });
    expect(quick.error).toBeNull();
    expect(quick.data).toBe(1);
    const started = Date.now();
    const slow = await anon.rpc('tm_sleep', { seconds: 4 });
    expect(slow.status).toBe(500);
    expect(slow.error).toEqual(TIMEOUT_ERROR);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  }, 30_000);

  test('anon: what a cancelled call wrote is rolled back', async () => {
    const anon = client(backend.url);
    const { error } = await anon.rpc('tm_write_then_sleep', { seconds: 3.5 });
    expect(error).toEqual(TIMEOUT_ERROR);
    const { data } = await anon.from('tm_log').select('note');
    expect(data).toEqual([]);
  }, 30_000);

  test('anon: a table read past 3 s is cancelled the same way', async () => {
    const { status, error } = await client(backend.url).from('tm_slow_rows').select('id');
    expect(status).toBe(500);
    expect(error).toEqual(TIMEOUT_ERROR);
  }, 30_000);

  test('authenticated: 8 s, so a 4 s call is answered and its write kept', async () => {
    const user = client(backend.url);
    const { error: signUpError } = await user.auth.signUp({ email: uniqueEmail(`tm-${target}`), password: 'timeout-pass' });
    expect(signUpError).toBeNull();
    const { data, error } = await user.rpc('tm_write_then_sleep', { seconds: 4 });
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect((await user.from('tm_log').select('note')).data).toEqual([{ note: 'written before sleeping 4' }]);
  }, 30_000);
});
