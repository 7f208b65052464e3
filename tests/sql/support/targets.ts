/**
 * The databases the SQL tests run against: in-memory PGlite always, and the throwaway PostgreSQL
 * cluster of tests/setup when it runs (BUZZ_TEST_PG_URL, its superuser supabase_admin). Each test
 * file opens its own database on each target, migrated from scratch, so files never see each
 * other's rows. Tests connect as `postgres`, no superuser, as a hosted project's SQL does; `admin`
 * (the superuser) is for the few that stand in for a server of their own (say why where used).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDb, type Db } from '../../../supabase/local/src/db/index';

export type TargetName = 'pglite' | 'postgres';

/** For beforeAll/afterAll: opening and migrating a database is slow on a busy 2-core machine. */
export const SETUP_TIMEOUT = 180_000;

export const PG_URL = process.env.BUZZ_TEST_PG_URL ?? '';

/** For describe.each: `describe.each(targets)('%s', (target) => ...)`. */
export const targets: TargetName[] = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDb {
  /** As `postgres` (NOSUPERUSER BYPASSRLS CREATEROLE, member of the API roles), as on hosted. */
  db: Db;
  /** The same database as the superuser supabase_admin. */
  admin: Db;
  /** The database's connection URL on postgres (for tests that open connections of their own). */
  url?: string;
  close(): Promise<void>;
}

export interface TargetOptions {
  /** Apply the bootstrap and migrations (default true). */
  migrate?: boolean;
  /** Also apply seed.sql (default false: tests make their own data). */
  seed?: boolean;
}

/** A new database on `target`, migrated (and seeded) as asked. */
export async function openTarget(target: TargetName, options: TargetOptions = {}): Promise<TestDb> {
  const prepare = async (db: Db) => {
    if (options.migrate ?? true) await migrate(db, { seed: options.seed ?? false });
  };
  if (target === 'pglite') {
    const admin = await openDb({});
    await prepare(admin);
    return { db: admin.as!('postgres'), admin, close: () => admin.close() };
  }
  const name = `buzz_test_${randomBytes(6).toString('hex')}`;
  const creator = new pg.Client({ connectionString: PG_URL });
  await creator.connect();
  await creator.query(`create database ${name}`);
  await creator.end();
  const adminUrl = new URL(PG_URL);
  adminUrl.pathname = `/${name}`;
  const admin = await openDb({ databaseUrl: adminUrl.toString() });
  await prepare(admin);
  // A login as postgres (trust authentication in the test cluster): its own role settings apply.
  // Opened on first use: without `migrate`, the role exists only once the test ran the bootstrap.
  const url = new URL(adminUrl);
  url.username = 'postgres';
  const login = url.toString() === adminUrl.toString() ? null : lazyDb(() => openDb({ databaseUrl: url.toString() }));
  return {
    db: login?.db ?? admin,
    admin,
    url: url.toString(),
    async close() {
      await login?.close();
      await admin.close();
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A Db that connects on its first query. */
function lazyDb(open: () => Promise<Db>): { db: Db; close(): Promise<void> } {
  let opened: Promise<Db> | null = null;
  let ready: Db | null = null;
  const get = () => (opened ??= open().then((d) => (ready = d)));
  const db: Db = {
    kind: 'postgres',
    query: async (sql, params) => (await get()).query(sql, params),
    exec: async (sql) => (await get()).exec(sql),
    prepared: async (sql, params) => (await get()).prepared(sql, params),
    transaction: async (fn, begin) => (await get()).transaction(fn, begin),
    readOnly: async (begin, sql, params) => (await get()).readOnly(begin, sql, params),
    preparedCount: () => ready?.preparedCount() ?? 0,
    close: async () => { await (await opened?.catch(() => null))?.close(); },
  };
  return { db, close: db.close };
}
