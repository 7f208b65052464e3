/**
 * Opens the database of the embedded backend: PGlite (in memory, or in a locked data directory)
 * or, when a URL is given, a real PostgreSQL server through a `pg` pool.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';
import { lockDataDir } from './lock.js';
import { SerialQueue } from './queue.js';
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
}

/** PGlite keeps its cluster in this sub-directory of the data directory, beside the lock file. */
export const PGLITE_SUBDIR = 'pgdata';

export async function openDb(options: OpenOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.fresh ?? false);
}

async function openPglite(dataDir: string | undefined, fresh: boolean): Promise<Db> {
  const lock = dataDir === undefined ? null : lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    if (dataDir !== undefined && fresh) rmSync(join(dataDir, PGLITE_SUBDIR), { recursive: true, force: true });
    // The contrib extensions must be passed on every open, or crypt()/uuid functions fail.
    pglite = await PGlite.create({
      dataDir: dataDir === undefined ? undefined : join(dataDir, PGLITE_SUBDIR),
      extensions: { pgcrypto, uuid_ossp },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const queue = new SerialQueue();
  const direct: Queryable = {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await pglite.query<T>(sql, params as any[] | undefined);
      return { rows: result.rows, fields: result.fields };
    },
    async exec(sql: string): Promise<void> {
      await pglite.exec(sql);
    },
  };
  let closed = false;
  return {
    kind: 'pglite',
    query: (sql, params) => queue.run(() => direct.query(sql, params)),
    exec: (sql) => queue.run(() => direct.exec(sql)),
    transaction: (fn) => queue.run(() => inTransaction(direct, fn)),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await queue.run(() => pglite.close());
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: { getTypeParser } });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await client.query(sql, params as any[] | undefined);
      return {
        rows: result.rows as T[],
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql); // no parameters: simple protocol, several statements allowed
    },
  });
  await pool.query('select 1'); // fail fast on a bad URL
  const root = asQueryable(pool);
  let closed = false;
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await inTransaction(asQueryable(client), fn);
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

// Parse values as PGlite does, so the two kinds return the same JavaScript values:
// bigint -> number (count(*)), date -> Date at UTC midnight (pg would use local midnight).
const PG_INT8 = 20;
const PG_DATE = 1082;
function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === PG_INT8) return (value) => Number(value);
  if (oid === PG_DATE) return (value) => new Date(value);
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
}

async function inTransaction<T>(conn: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await conn.exec('begin');
  let result: T;
  try {
    result = await fn(conn);
  } catch (error) {
    // The caller's error is the one worth seeing, even if the rollback fails too.
    await conn.exec('rollback').catch(() => undefined);
    throw error;
  }
  await conn.exec('commit');
  return result;
}
