/**
 * The databases the SQL tests run against: in-memory PGlite always, and the throwaway PostgreSQL
 * cluster of tests/setup when it runs (BUZZ_TEST_PG_URL). Each test file opens its own database on
 * each target, migrated from scratch, so files never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDb, type Db } from '../../../supabase/local/src/db/index';

export type TargetName = 'pglite' | 'postgres';

export const PG_URL = process.env.BUZZ_TEST_PG_URL ?? '';

/** For describe.each: `describe.each(targets)('%s', (target) => ...)`. */
export const targets: TargetName[] = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDb {
  db: Db;
  close(): Promise<void>;
}

/** A new, migrated database on `target` (seeded only when asked). */
export async function openTarget(target: TargetName, options: { seed?: boolean } = {}): Promise<TestDb> {
  if (target === 'pglite') {
    const db = await openDb({});
    await migrate(db, { seed: options.seed ?? false });
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
  await migrate(db, { seed: options.seed ?? false });
  return {
    db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
