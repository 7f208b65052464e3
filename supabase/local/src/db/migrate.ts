/**
 * Brings a database up to date, the way `supabase start` / `supabase db push` would:
 *  1. the local bootstrap (`supabase/local/sql/*.sql`, by name): what hosted Supabase already has
 *     (roles, auth schema, ...); each file runs again only when its content changed, so they are
 *     written to be idempotent;
 *  2. every `supabase/migrations/<version>_<name>.sql` not yet recorded in
 *     supabase_migrations.schema_migrations, in version order, each in one transaction;
 *  3. `supabase/seed.sql`, only on a database that had no migration before this call.
 * The bootstrap runs as the superuser `supabase_admin`; migrations and seed run as `postgres`, no
 * superuser, as `supabase db push` / `db reset` run them on hosted Supabase (see `asPostgres`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './types.js';

const SUPABASE_DIR = fileURLToPath(new URL('../../../', import.meta.url));
export const PATHS = {
  bootstrapDir: `${SUPABASE_DIR}local/sql/`,
  migrationsDir: `${SUPABASE_DIR}migrations/`,
  seedFile: `${SUPABASE_DIR}seed.sql`,
};

const MIGRATION_NAME = /^([0-9]+)_(.*)\.sql$/;

export interface MigrateOptions {
  seed: boolean;
}

export interface MigrateResult {
  /** What ran, e.g. ['local/sql/00_bootstrap.sql', 'migrations/<version>_<name>.sql', 'seed.sql'] */
  applied: string[];
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The CLI's own tracking tables plus ours for the bootstrap; they must exist before step 1. */
const TRACKING_SQL = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key, statements text[], name text);
create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
create table if not exists supabase_migrations.local_bootstrap (
  name text primary key, hash text not null, applied_at timestamptz not null default now());
`;

/**
 * Every step runs in a transaction that first takes this advisory lock and re-checks its record,
 * so two processes migrating one PostgreSQL server at once apply each file exactly once.
 */
const LOCK_SQL = "select pg_advisory_xact_lock(hashtext('buzz_haven.migrate'))";

export async function migrate(db: Db, options: MigrateOptions): Promise<MigrateResult> {
  const applied = await bootstrap(db);

  const becomePostgres = await asPostgres(db);
  const done = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const known = new Set(done.rows.map((r) => r.version));
  const wasNew = known.size === 0;
  const files = readdirSync(PATHS.migrationsDir)
    .map((file) => ({ file, match: MIGRATION_NAME.exec(file) }))
    .filter((f): f is { file: string; match: RegExpExecArray } => f.match !== null)
    .sort((a, b) => compareVersions(a.match[1], b.match[1]));
  refuseSquashed(known, files.map((f) => f.match[1]));
  for (const { file, match } of files) {
    const [, version, name] = match;
    if (known.has(version)) continue;
    const sql = readFileSync(PATHS.migrationsDir + file, 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query(LOCK_SQL);
      const { rows } = await tx.query(
        'select 1 from supabase_migrations.schema_migrations where version = $1',
        [version],
      );
      if (rows.length > 0) return false; // applied meanwhile by another process
      await becomePostgres(tx);
      // Each file in the session settings it would start with (`supabase db push` runs it in a
      // session of its own): an earlier file's SET must not carry over and hide a fault.
      await tx.query('reset check_function_bodies');
      await tx.exec(sql);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
        [version, [sql], name],
      );
      return true;
    });
    if (ran) applied.push(`migrations/${file}`);
  }

  if (wasNew && options.seed) {
    const sql = readFileSync(PATHS.seedFile, 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query(LOCK_SQL);
      const { rows } = await tx.query('select 1 from supabase_migrations.seed_files');
      if (rows.length > 0) return false;
      await becomePostgres(tx);
      await tx.exec(sql);
      await tx.query(
        "insert into supabase_migrations.seed_files (path, hash) values ('supabase/seed.sql', $1)",
        [sha256(sql)],
      );
      return true;
    });
    if (ran) applied.push('seed.sql');
  }
  return { applied };
}

/** Step 1: the tracking tables and the local bootstrap; answers the bootstrap files that ran. */
export async function bootstrap(db: Db): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query(LOCK_SQL);
    await tx.exec(TRACKING_SQL);
  });

  for (const file of readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort()) {
    const sql = readFileSync(PATHS.bootstrapDir + file, 'utf8');
    const hash = sha256(sql);
    const ran = await db.transaction(async (tx) => {
      await tx.query(LOCK_SQL);
      const { rows } = await tx.query<{ hash: string }>(
        'select hash from supabase_migrations.local_bootstrap where name = $1',
        [file],
      );
      // 9x files (90_hosted_roles.sql: owners of what the others made) also run after any other
      // ran since they last did. Asked of the record, not of this call's own list, so that of two
      // processes migrating at once only the first runs them (the other finds them newer).
      if (rows[0]?.hash === hash && !(file.startsWith('9') && (await ranSince(tx, file)))) return false;
      await tx.exec(sql);
      await tx.query(
        `insert into supabase_migrations.local_bootstrap (name, hash) values ($1, $2)
         on conflict (name) do update set hash = excluded.hash, applied_at = now()`,
        [file, hash],
      );
      return true;
    });
    if (ran) applied.push(`local/sql/${file}`);
  }
  return applied;
}

/**
 * What makes the rest of a transaction run as `postgres`: nothing when the connection already is
 * `postgres` (no superuser, as on hosted); from the superuser `supabase_admin` (PGlite, or a
 * DATABASE_URL naming it) `SET LOCAL SESSION AUTHORIZATION postgres` plus the role's own settings
 * (its search_path), which a login would apply and a session switch does not. A superuser named
 * `postgres` (a cluster made with `initdb -U postgres`) is refused: hosted has no such thing.
 */
export async function asPostgres(db: Db): Promise<(tx: Queryable) => Promise<void>> {
  const { rows } = await db.query<{ name: string; super: boolean }>(
    'select current_user as name, rolsuper as super from pg_catalog.pg_roles where rolname = current_user');
  const me = rows[0];
  if (!me?.super) return async () => undefined;
  if (me.name === 'postgres') {
    throw new Error('postgres is a superuser on this server; on hosted Supabase it is not. Use a cluster whose '
      + 'superuser is supabase_admin (initdb -U supabase_admin) and connect as supabase_admin.');
  }
  return async (tx) => {
    await tx.exec('set local session authorization postgres');
    await tx.query(ROLE_SETTINGS_SQL, ['postgres']);
  };
}

/**
 * A role's own settings (ALTER ROLE ... SET, for every database), applied to the transaction as
 * a login as that role would apply them to its session.
 */
export const ROLE_SETTINGS_SQL = `select count(set_config(split_part(c, '=', 1), substr(c, strpos(c, '=') + 1), true))
  from pg_catalog.pg_roles r, unnest(r.rolconfig) c where r.rolname = $1`;

/** Whether a bootstrap file other than a 9x one was (re)applied after `file` last was. */
async function ranSince(tx: Queryable, file: string): Promise<boolean> {
  const { rows } = await tx.query<{ later: boolean }>(
    `select exists (
       select 1 from supabase_migrations.local_bootstrap as other, supabase_migrations.local_bootstrap as this
        where this.name = $1 and other.name not like '9%' and other.applied_at > this.applied_at) as later`,
    [file],
  );
  return rows[0]?.later === true;
}

/**
 * A database that applied migrations which were later squashed into the baseline (versions older
 * than the first file that no file has any more) would get the baseline on top of what it
 * already holds: refused, with how to start again from an empty database.
 */
function refuseSquashed(known: Set<string>, versions: string[]): void {
  const first = versions[0];
  if (first === undefined) return;
  const gone = [...known].filter((v) => !versions.includes(v) && compareVersions(v, first) < 0)
    .sort(compareVersions);
  if (gone.length === 0) return;
  throw new Error(`This database applied ${gone.length} migration(s) that are now squashed into the baseline `
    + `(${gone[0]} to ${gone[gone.length - 1]}; supabase/migrations starts at ${first}). Its data cannot be `
    + 'upgraded in place: start from a new database (`npm start -- --fresh`, or delete the data directory, '
    + 'e.g. .data/).');
}

/** Versions are digit strings; compare numerically without overflowing (14-digit timestamps). */
function compareVersions(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}
