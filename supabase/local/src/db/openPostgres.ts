/**
 * A database on a PostgreSQL server (`openDb({ databaseUrl })`): a pool whose clients each keep
 * their own prepared statements, int8 read as numbers and dates as Date, as PGlite gives them.
 */
import pg from 'pg';
import { isStalePlan, retryStalePlan, StatementCache } from './statements.js';
import { inTransaction } from './transaction.js';
import type { Db, Queryable, QueryResult } from './types.js';

export async function openPostgres(databaseUrl: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: { getTypeParser } });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  // Each pooled connection's prepared statements (node-postgres prepares a named query once per
  // connection, `parsedStatements`), and those to deallocate once its transaction is healthy again.
  const caches = new Map<pg.PoolClient, { statements: StatementCache; dropped: string[] }>();
  pool.on('remove', (client) => caches.delete(client));
  const cacheOf = (client: pg.PoolClient) => {
    let cache = caches.get(client);
    if (!cache) caches.set(client, (cache = { statements: new StatementCache('buzz_rest_'), dropped: [] }));
    return cache;
  };
  const toResult = <T>(result: pg.QueryResult): QueryResult<T> => ({
    rows: result.rows as T[],
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  });
  const prepared = async <T>(client: pg.PoolClient, sql: string, params: (string | null)[]): Promise<QueryResult<T>> => {
    const cache = cacheOf(client);
    const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
    for (const name of cache.dropped.splice(0)) await client.query(`deallocate ${name}`);
    const known = cache.statements.get(sql);
    const name = known ?? cache.statements.newName();
    try {
      const result = await client.query({ name, text: sql, values: params });
      if (known === undefined) {
        for (const old of cache.statements.add(sql, name)) {
          delete parsed[old];
          await client.query(`deallocate ${old}`);
        }
      }
      return toResult<T>(result);
    } catch (error) {
      if (known === undefined && parsed[name] !== undefined) cache.statements.add(sql, name);
      if (isStalePlan(error)) {
        // Prepared again next time, under a new name; the old one is deallocated once this
        // (now aborted) transaction has ended.
        const stale = cache.statements.delete(sql);
        if (stale !== undefined) {
          delete parsed[stale];
          if ((error as { code?: string }).code !== '26000') cache.dropped.push(stale); // 26000: already gone
        }
      }
      throw error;
    }
  };
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      return toResult<T>(await client.query(sql, params as any[] | undefined));
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql); // no parameters: simple protocol, several statements allowed
    },
    async prepared<T>(sql: string, params: (string | null)[]): Promise<QueryResult<T>> {
      if (client instanceof pg.Pool) {
        const one = await pool.connect();
        try {
          return await prepared<T>(one, sql, params);
        } finally {
          one.release();
        }
      }
      return prepared<T>(client, sql, params);
    },
  });
  await pool.query('select 1'); // fail fast on a bad URL
  const root = asQueryable(pool);
  let closed = false;
  const transaction = async <T>(fn: (tx: Queryable) => Promise<T>, begin?: string): Promise<T> => {
    const client = await pool.connect();
    try {
      return await inTransaction(asQueryable(client), fn, begin);
    } finally {
      client.release();
    }
  };
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    prepared: root.prepared,
    transaction,
    readOnly: <T>(begin: string, sql: string, params: (string | null)[]) =>
      retryStalePlan(() => transaction((tx) => tx.prepared<T>(sql, params), begin)),
    preparedCount: () => [...caches.values()].reduce((n, c) => n + c.statements.count, 0),
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
