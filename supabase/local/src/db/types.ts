/**
 * The database seam of the embedded backend: the HTTP server, the migrator and the tests talk to
 * PGlite and to a real PostgreSQL server through these two interfaces only.
 */

export interface QueryResult<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
}

export interface Queryable {
  /** One statement, optionally with $1..$n parameters. */
  query<T = any>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Any number of statements, no parameters (a migration file, a bootstrap script). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /**
   * BEGIN .. COMMIT on one connection; ROLLBACK when `fn` throws, then the error is rethrown.
   * On PGlite, transactions and single queries are queued behind each other (one connection).
   * `begin`: statements without parameters sent with BEGIN, in the same round trip (the REST
   * request context, ../rest/call.ts contextStatements); an error in them rolls back and throws.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, begin?: string): Promise<T>;
  /** Closes the connection(s) and releases the data directory lock. */
  close(): Promise<void>;
  /**
   * PGlite only (one connection, its superuser `supabase_admin`): the same database with every
   * query and transaction run as `role` (SET SESSION AUTHORIZATION, plus the role's own settings,
   * as a login as that role would have them), e.g. the SQL tests as `postgres`. Closing either closes both.
   */
  as?(role: string): Db;
}
