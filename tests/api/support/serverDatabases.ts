/**
 * The engines an API test runs on: PGlite always, and the real PostgreSQL server that
 * tests/setup/global-setup.ts starts (its URL in BUZZ_TEST_PG_URL) when there is one. A test on
 * PostgreSQL gets a database of its own, created here and dropped afterwards.
 */
import pg from 'pg';

export const PG_URL = process.env.BUZZ_TEST_PG_URL ?? '';
export const targets = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs `sql` as the server's superuser, on its default database. */
export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates the database `name` on the server; its URL. */
export async function createDatabase(name: string): Promise<string> {
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export const dropDatabase = (name: string) => adminQuery(`drop database if exists ${name} with (force)`);
