/**
 * The databases the SQL tests run against: in-memory PGlite always, and the throwaway PostgreSQL
 * cluster of tests/setup when it runs (BUZZ_TEST_PG_URL, its superuser supabase_admin). Each test
 * file opens its own database on each target, so files never see each other's rows: a copy of
 * the run's migrated (or seeded) template (tests/setup/templates.ts), the same as migrating from
 * scratch but once per run. Tests connect as `postgres`, no superuser, as a hosted project's SQL does; `admin`
 * (the superuser) is for the few that stand in for a server of their own (say why where used).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { migrate, openDb, type Db } from '../../../supabase/local/src/db/index';
import { pgliteDump } from '../../setup/pgliteTemplate';
import { template } from '../../setup/templates';

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
  const migrated = options.migrate ?? true;
  const seed = options.seed ?? false;
  const templateName = `${target}-${seed ? 'seeded' : 'migrated'}`;
  if (target === 'pglite') {
    const dump = migrated ? await pgliteDump(seed) : null;
    const admin = await openDb(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {});
    if (migrated && !dump) await migrate(admin, { seed });
    return { db: admin.as!('postgres'), admin, close: () => admin.close() };
  }
  const templateDb = migrated ? await template(templateName, async () => {
    await adminQuery(`create database ${databaseName(templateName)}`);
    const built = await openDb({ databaseUrl: databaseUrl(databaseName(templateName)) });
    try {
      await migrate(built, { seed });
    } finally {
      await built.close();
    }
  }) : null;
  const name = `buzz_test_${randomBytes(6).toString('hex')}`;
  // A copy keeps what the bootstrap made of the database except its owner, which it sets again.
  await adminQuery(templateDb ? `create database ${name} template ${databaseName(templateName)} owner postgres` : `create database ${name}`);
  const adminUrl = databaseUrl(name);
  const admin = await openDb({ databaseUrl: adminUrl });
  if (migrated && !templateDb) await migrate(admin, { seed });
  // A login as postgres (trust authentication in the test cluster): its own role settings apply.
  // Opened on first use: without `migrate`, the role exists only once the test ran the bootstrap.
  const url = new URL(adminUrl);
  url.username = 'postgres';
  const login = url.toString() === adminUrl ? null : lazyDb(() => openDb({ databaseUrl: url.toString() }));
  return {
    db: login?.db ?? admin,
    admin,
    url: url.toString(),
    async close() {
      await login?.close();
      await admin.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A pool of `max` connections to a test database, for tests that race connections. pg's
 * Pool.end() resolves before its connections have closed, so the database's drop (with force)
 * can still end one: that error is expected then and must not fail the test as unhandled.
 */
export function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}

/** The template database's name on the cluster, e.g. buzz_template_postgres_seeded. */
const databaseName = (templateName: string) => `buzz_template_${templateName.replace('-', '_')}`;

/** The URL of database `name` on the test cluster, as its superuser. */
function databaseUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the cluster's `postgres` database, as its superuser (create and drop database). */
async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
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
