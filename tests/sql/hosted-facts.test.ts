/**
 * The local catalog against the facts of a hosted project's (supabase/local/hosted-facts.txt):
 * roles and their attributes and settings, memberships, owners of auth and storage objects, grants,
 * RLS, the auth/storage columns the product and supabase-js use, enums and triggers, on PGlite
 * and PostgreSQL after the bootstrap and every migration. Facts after "[differs]" are hosted facts
 * the local database does not reproduce yet; they must still be absent (move a line up when it holds).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate, openDb, PATHS, PGLITE_SUBDIR, type Db } from '../../supabase/local/src/db/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const FACTS_FILE = join(__dirname, '../../supabase/local/hosted-facts.txt');

export function readFacts(text: string): { holds: string[]; differs: string[] } {
  const holds: string[] = [];
  const differs: string[] = [];
  let section = holds;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line === '[differs]') section = differs;
    else section.push(line);
  }
  return { holds, differs };
}

const b = (v: boolean) => (v ? 't' : 'f');

/** Every catalog fact of the kinds the list uses, in the list's words. */
async function catalogFacts(db: Db): Promise<Set<string>> {
  const facts = new Set<string>();
  const q = async <T>(sql: string) => (await db.query<T>(sql)).rows;
  for (const r of await q<any>(`select rolname, rolsuper, rolinherit, rolcanlogin, rolcreaterole, rolbypassrls from pg_roles`)) {
    facts.add(`role ${r.rolname} super=${b(r.rolsuper)} inherit=${b(r.rolinherit)} login=${b(r.rolcanlogin)} createrole=${b(r.rolcreaterole)} bypassrls=${b(r.rolbypassrls)}`);
  }
  for (const r of await q<any>(`select r.rolname, unnest(s.setconfig) as setting from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where s.setdatabase = 0`)) {
    facts.add(`setting ${r.rolname} ${r.setting}`);
  }
  for (const r of await q<any>(`select m.rolname as member, g.rolname as role, a.admin_option from pg_auth_members a join pg_roles m on m.oid = a.member join pg_roles g on g.oid = a.roleid`)) {
    facts.add(`member ${r.member} of ${r.role} admin=${b(r.admin_option)}`);
  }
  for (const r of await q<any>(`select nspname, pg_get_userbyid(nspowner) as owner from pg_namespace`)) facts.add(`owner schema ${r.nspname} ${r.owner}`);
  for (const r of await q<any>(`
    select n.nspname || '.' || c.relname as name, pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v')`)) {
    facts.add(`owner table ${r.name} ${r.owner}`);
    facts.add(`rls ${r.name} ${b(r.rls)}`);
  }
  for (const r of await q<any>(`select n.nspname || '.' || p.proname as name, pg_get_userbyid(p.proowner) as owner from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('auth', 'storage')`)) {
    facts.add(`owner function ${r.name} ${r.owner}`);
  }
  for (const r of await q<any>(`
    select n.nspname || '.' || t.typname as name, pg_get_userbyid(t.typowner) as owner,
      (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels
    from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.typtype = 'e'`)) {
    facts.add(`owner type ${r.name} ${r.owner}`);
    facts.add(`enum ${r.name} ${r.labels}`);
  }
  for (const r of await q<any>(`
    select table_schema || '.' || table_name as name, grantee, string_agg(privilege_type, ',' order by privilege_type) as privileges
    from information_schema.role_table_grants where table_schema in ('auth', 'storage') group by 1, 2`)) {
    facts.add(`grant ${r.name} ${r.grantee} ${r.privileges}`);
  }
  for (const r of await q<any>(`
    select table_schema || '.' || table_name || '.' || column_name as name, data_type, is_nullable
    from information_schema.columns where table_schema in ('auth', 'storage')`)) {
    facts.add(`column ${r.name} ${r.data_type} null=${r.is_nullable}`);
  }
  for (const r of await q<any>(`
    select n.nspname || '.' || c.relname as name, t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where not t.tgisinternal and n.nspname in ('auth', 'storage')`)) {
    facts.add(`trigger ${r.name} ${r.tgname}`);
  }
  return facts;
}

test('the facts file parses into held and differing facts of the known kinds', () => {
  const { holds, differs } = readFacts(readFileSync(FACTS_FILE, 'utf8'));
  expect(holds.length).toBeGreaterThan(50);
  expect(differs.length).toBeGreaterThan(0);
  for (const fact of [...holds, ...differs]) expect(fact).toMatch(/^(role|setting|member|owner|grant|column|enum|trigger|rls) /);
});

describe.each(targets)('hosted catalog facts on %s', (target) => {
  let t: TestDb;
  let local: Set<string>;
  beforeAll(async () => {
    t = await openTarget(target);
    local = await catalogFacts(t.db);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close(), SETUP_TIMEOUT);

  test('every hosted fact the list says holds is true locally', () => {
    const { holds } = readFacts(readFileSync(FACTS_FILE, 'utf8'));
    expect(holds.filter((fact) => !local.has(fact))).toEqual([]);
  });

  test('the differences the list names are still differences', () => {
    const { differs } = readFacts(readFileSync(FACTS_FILE, 'utf8'));
    expect(differs.filter((fact) => local.has(fact))).toEqual([]);
  });

  test('the tests connect as postgres, no superuser, as SQL on a hosted project does; superuser-only statements are refused', async () => {
    const { rows } = await t.db.query<{ name: string; super: boolean; path: string }>(
      "select current_user as name, rolsuper as super, current_setting('search_path') as path from pg_roles where rolname = current_user");
    expect(rows).toEqual([{ name: 'postgres', super: false, path: '"$user", public, extensions' }]);
    await expect(t.db.query('create role facts_root superuser')).rejects.toMatchObject({ code: '42501' });
    await expect(t.db.query("alter system set work_mem = '8MB'")).rejects.toMatchObject({ code: '42501' });
    await expect(t.db.exec(`create function public.facts_ddl() returns event_trigger language plpgsql as $$ begin end $$;
      create event trigger facts_ddl on ddl_command_end execute function public.facts_ddl()`)).rejects.toMatchObject({ code: '42501' });
    // A real login as postgres on PostgreSQL cannot become the superuser (PGlite's postgres is a
    // session switch from it: see docs/embedded-backend.md "Database roles").
    if (target === 'postgres') {
      await expect(t.db.query('set session authorization supabase_admin')).rejects.toMatchObject({ code: '42501' });
    }
    // What postgres may do as hosted: create roles, bypass RLS, act as the API roles.
    await t.db.transaction(async (tx) => {
      await tx.query('create role facts_reader nologin');
      await tx.query('set local role anon');
      const { rows: who } = await tx.query<{ role: string }>('select current_user as role');
      expect(who).toEqual([{ role: 'anon' }]);
      await tx.query('reset role');
      await tx.query('drop role facts_reader');
    });
    const admin = await t.admin.query<{ name: string; super: boolean }>(
      'select current_user as name, rolsuper as super from pg_roles where rolname = current_user');
    expect(admin.rows).toEqual([{ name: 'supabase_admin', super: true }]);
  });

  test('Storage stamps updated_at on update and refuses a bucket name over 100 characters, as hosted', async () => {
    await t.db.transaction(async (tx) => {
      await tx.query("insert into storage.buckets (id, name) values ('facts-b', 'facts-b')");
      await tx.query("insert into storage.objects (bucket_id, name, updated_at) values ('facts-b', 'a.txt', '2000-01-01')");
      await tx.query("update storage.objects set metadata = '{}' where bucket_id = 'facts-b'");
      const { rows } = await tx.query<{ fresh: boolean; type: string }>(
        "select o.updated_at > now() - interval '1 hour' as fresh, b.type::text as type from storage.objects o join storage.buckets b on b.id = o.bucket_id where o.bucket_id = 'facts-b'");
      expect(rows).toEqual([{ fresh: true, type: 'STANDARD' }]);
      await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
      await tx.query("delete from storage.objects where bucket_id = 'facts-b'");
      await tx.query("delete from storage.buckets where id = 'facts-b'");
    });
    const long = 'b'.repeat(101);
    await expect(t.db.query('insert into storage.buckets (id, name) values ($1, $1)', [long])).rejects.toThrow(/too long/);
    await expect(t.db.query("insert into storage.buckets (id, name, type) values ('facts-x', 'facts-x', 'OTHER')")).rejects.toThrow(/buckettype/);
  });
});

describe('a PGlite data directory made before supabase_admin existed', () => {
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('its superuser becomes supabase_admin; postgres, no superuser, owns the project objects, which keep their rows', async () => {
    dir = mkdtempSync(join(tmpdir(), 'buzz-legacy-'));
    // As the earlier bootstrap left it: PGlite's built-in superuser `postgres` had made everything,
    // and 90_hosted_roles had created a role supabase_admin owning the auth schema.
    const legacy = await PGlite.create({ dataDir: join(dir, PGLITE_SUBDIR) });
    await legacy.exec(`
      create role supabase_admin superuser createrole createdb replication bypassrls login;
      create schema auth; alter schema auth owner to supabase_admin;
      create schema legacy_app;
      create table legacy_app.kept (id int primary key, note text);
      insert into legacy_app.kept values (1, 'from before');
      create function legacy_app.kept_count() returns bigint language sql as $$ select count(*) from legacy_app.kept $$;`);
    await legacy.close();

    const db = await openDb({ dataDir: dir });
    try {
      await migrate(db, { seed: false });
      const { rows } = await db.query<Record<string, unknown>>(`
        select current_user as me,
          (select rolsuper from pg_roles where rolname = 'supabase_admin') as admin_super,
          (select rolsuper from pg_roles where rolname = 'postgres') as postgres_super,
          (select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'legacy_app') as schema_owner,
          (select pg_get_userbyid(relowner) from pg_class where oid = 'legacy_app.kept'::regclass) as table_owner,
          (select pg_get_userbyid(proowner) from pg_proc where oid = 'legacy_app.kept_count'::regproc) as function_owner,
          (select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'auth') as auth_owner,
          (select count(*) from supabase_migrations.schema_migrations)::int = $1 as migrated`,
        [readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).length]);
      expect(rows).toEqual([{
        me: 'supabase_admin', admin_super: true, postgres_super: false, schema_owner: 'postgres',
        table_owner: 'postgres', function_owner: 'postgres', auth_owner: 'supabase_admin', migrated: true,
      }]);
      const asPostgres = db.as!('postgres');
      await asPostgres.exec('alter table legacy_app.kept add column added text');
      expect((await asPostgres.query('select id, note, added from legacy_app.kept')).rows).toEqual([{ id: 1, note: 'from before', added: null }]);
    } finally {
      await db.close();
    }
  }, SETUP_TIMEOUT);
});
