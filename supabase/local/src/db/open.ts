/**
 * Opens the database of the embedded backend: PGlite (in memory, or in a locked data directory)
 * or, when a URL is given, a real PostgreSQL server through a `pg` pool.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { lockDataDir } from './lock.js';
import { openPostgres } from './openPostgres.js';
import { SerialQueue } from './queue.js';
import { preparedExchange } from './pgliteExchange.js';
import { pgliteStartParams } from './startParams.js';
import { StatementCache } from './statements.js';
import { inTransaction } from './transaction.js';
import type { Db, Queryable, QueryResult } from './types.js';

export interface OpenOptions {
  /** PGlite data directory (created if missing); undefined = in-memory PGlite. */
  dataDir?: string;
  /** postgres://… of a real server; takes precedence over dataDir. */
  databaseUrl?: string;
  /**
   * Start from an empty PGlite database (--fresh): the old one is deleted, but only once the lock
   * is held, so a backend still running on the directory is never pulled from under its feet.
   */
  fresh?: boolean;
  /** An in-memory PGlite started from this dump of another's data directory (`dumpDataDir`). */
  loadDataDir?: Blob;
}

/** PGlite keeps its cluster in this sub-directory of the data directory, beside the lock file. */
export const PGLITE_SUBDIR = 'pgdata';

export async function openDb(options: OpenOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.fresh ?? false, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, fresh: boolean, loadDataDir?: Blob): Promise<Db> {
  const lock = dataDir === undefined ? null : lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    if (dataDir !== undefined && fresh) rmSync(join(dataDir, PGLITE_SUBDIR), { recursive: true, force: true });
    // The contrib extensions must be passed on every open, or crypt()/uuid functions fail.
    pglite = await PGlite.create({
      dataDir: dataDir === undefined ? undefined : join(dataDir, PGLITE_SUBDIR),
      loadDataDir,
      extensions: { pgcrypto, uuid_ossp },
      startParams: pgliteStartParams(),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  try {
    await superuserAsHosted(pglite);
  } catch (error) {
    await pglite.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  const queue = new SerialQueue();
  const statements = new StatementCache('buzz_rest_');
  const direct: Queryable = {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await pglite.query<T>(sql, params as any[] | undefined);
      return { rows: result.rows, fields: result.fields };
    },
    async exec(sql: string): Promise<void> {
      await pglite.exec(sql);
    },
    prepared: <T>(sql: string, params: (string | null)[]) => preparedExchange<T>(pglite, statements, null, sql, params),
  };
  // statement_timeout inside transactions (the API roles' 3 s / 8 s), applied when the statement
  // ends: PGlite runs in WebAssembly without timer signals, so PostgreSQL's timer never interrupts
  // it. A statement that ran longer than the timeout fails as it would have on PostgreSQL
  // (57014), and its transaction is rolled back; the answer just comes later.
  const timed: Queryable = {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const started = performance.now();
      const result = await direct.query<T>(sql, params);
      await enforceStatementTimeout(pglite, performance.now() - started);
      return result;
    },
    async exec(sql: string): Promise<void> {
      const started = performance.now();
      await direct.exec(sql);
      await enforceStatementTimeout(pglite, performance.now() - started);
    },
    async prepared<T>(sql: string, params: (string | null)[]): Promise<QueryResult<T>> {
      const started = performance.now();
      const result = await direct.prepared<T>(sql, params);
      await enforceStatementTimeout(pglite, performance.now() - started);
      return result;
    },
  };
  let closed = false;
  // The session's user for the task at hand: null = the superuser itself (see Db.as).
  let sessionRole: string | null = null;
  const runAs = <T>(role: string | null, task: () => Promise<T>): Promise<T> =>
    queue.run(async () => {
      if (sessionRole !== role) {
        await pglite.query(`set session authorization ${role === null ? 'supabase_admin' : ident(role)}`);
        await pglite.query(SESSION_SETTINGS_SQL, [role ?? 'supabase_admin']);
        sessionRole = role;
      }
      return task();
    });
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await queue.run(() => pglite.close());
    } finally {
      lock?.release();
    }
  };
  const view = (role: string | null): Db => ({
    kind: 'pglite',
    query: (sql, params) => runAs(role, () => direct.query(sql, params)),
    exec: (sql) => runAs(role, () => direct.exec(sql)),
    prepared: (sql, params) => runAs(role, () => direct.prepared(sql, params)),
    transaction: (fn, begin) => runAs(role, () => inTransaction(timed, fn, begin)),
    readOnly: <T>(begin: string, sql: string, params: (string | null)[]) => runAs(role, async () => {
      const started = performance.now();
      const result = await preparedExchange<T>(pglite, statements, begin, sql, params);
      const elapsed = performance.now() - started;
      // The request's statement_timeout (its role's, set by `begin`) is gone with its transaction:
      // read it again in one of its own, only for a request slow enough to have passed one.
      if (elapsed >= TIMEOUT_CHECK_FROM_MS) {
        await pglite.exec(`begin; ${begin}`);
        try {
          await enforceStatementTimeout(pglite, elapsed);
        } finally {
          await pglite.exec('rollback');
        }
      }
      return result;
    }),
    preparedCount: () => statements.count,
    close,
    as: (other) => view(other),
    dumpDataDir: () => queue.run(async () => (await pglite.dumpDataDir('none')) as Blob),
  });
  return view(null);
}

/** Statements shorter than this are not checked (one catalog read more per slow statement only). */
const TIMEOUT_CHECK_FROM_MS = 20;

async function enforceStatementTimeout(pglite: PGlite, elapsedMs: number): Promise<void> {
  if (elapsedMs < TIMEOUT_CHECK_FROM_MS) return;
  const { rows } = await pglite.query<{ ms: number }>(
    "select setting::int as ms from pg_catalog.pg_settings where name = 'statement_timeout'");
  const limit = rows[0]?.ms ?? 0;
  if (limit > 0 && elapsedMs > limit) {
    throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', severity: 'ERROR' });
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * After SET SESSION AUTHORIZATION: the settings a login as $1 would have (ALTER ROLE ... SET), and
 * the defaults again for those the previous user had (the only roles switched to are postgres and
 * supabase_admin, so their keys are the ones to reset).
 */
const SESSION_SETTINGS_SQL = `select count(set_config(s.name, coalesce(mine.value, s.reset_val), false))
  from pg_catalog.pg_settings s
  left join (select split_part(c, '=', 1) as name, substr(c, strpos(c, '=') + 1) as value
    from pg_catalog.pg_roles r, unnest(r.rolconfig) c where r.rolname = $1) mine on mine.name = s.name
  where s.name in (select split_part(c, '=', 1) from pg_catalog.pg_roles r, unnest(r.rolconfig) c
    where r.rolname in ($1, 'postgres', 'supabase_admin'))`;

/**
 * As on hosted Supabase, the superuser is `supabase_admin` and `postgres` is an ordinary role
 * (sql/00_bootstrap.sql creates it). PGlite's built-in superuser, the one it always connects as, is
 * named `postgres`: it is renamed once, from a temporary superuser's session (a session cannot
 * rename its own user). A data directory from before this step also has a `supabase_admin` made
 * by an older bootstrap (owning the auth and storage schemas): its objects go back to the built-in
 * superuser first; sql/90_hosted_roles.sql gives everything its hosted owner again.
 */
async function superuserAsHosted(pglite: PGlite): Promise<void> {
  const { rows } = await pglite.query<{ name: string; super: boolean }>(
    'select current_user as name, rolsuper as super from pg_catalog.pg_roles where rolname = current_user');
  if (rows[0]?.name !== 'postgres' || !rows[0].super) return;
  const older = await pglite.query("select 1 from pg_catalog.pg_roles where rolname = 'supabase_admin'");
  if (older.rows.length > 0) {
    await pglite.exec('reassign owned by supabase_admin to postgres; drop owned by supabase_admin; drop role supabase_admin;');
  }
  await pglite.exec(`
    create role buzz_rename_superuser superuser;
    set session authorization buzz_rename_superuser;
    alter role postgres rename to supabase_admin;
    set session authorization supabase_admin;
    drop role buzz_rename_superuser;`);
}
