/**
 * The databases the SQL tests run against: in-memory PGlite always, and the throwaway PostgreSQL
 * cluster of tests/setup when it runs (BUZZ_TEST_PG_URL). Each test file opens its own database on
 * each target, migrated from scratch, so files never see each other's rows.
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
  db: Db;
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
    const db = await openDb({});
    await prepare(db);
    return { db, close: () => db.close() };
  }
  const name = `buzz_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  await prepare(db);
  return {
    db,
    url: url.toString(),
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
