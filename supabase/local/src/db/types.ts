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
  /**
   * As `query`, through a named prepared statement of this connection, keyed by the SQL text and
   * kept (at most ./statements.ts STATEMENT_CACHE_SIZE, least recently used deallocated), so its
   * parse, analysis and plan are reused (the REST queries: PostgREST's db-prepared-statements).
   * Parameters are text (or NULL), their types inferred by the server.
   */
  prepared<T = any>(sql: string, params: (string | null)[]): Promise<QueryResult<T>>;
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
  /**
   * A read-only request: BEGIN with the `begin` statements, `prepared(sql, params)`, COMMIT; the
   * query's rows, or its error (the transaction ended either way). On PGlite one protocol exchange
   * (one buffer of messages into the engine); on PostgreSQL three round trips, as `transaction`.
   */
  readOnly<T = any>(begin: string, sql: string, params: (string | null)[]): Promise<QueryResult<T>>;
  /** How many prepared statements `prepared` keeps (PGlite: its one connection; PostgreSQL: all pooled ones). */
  preparedCount(): number;
  /** Closes the connection(s) and releases the data directory lock. */
  close(): Promise<void>;
  /**
   * PGlite only (one connection, its superuser `supabase_admin`): the same database with every
   * query and transaction run as `role` (SET SESSION AUTHORIZATION, plus the role's own settings,
   * as a login as that role would have them), e.g. the SQL tests as `postgres`. Closing either closes both.
   */
  as?(role: string): Db;
  /** PGlite only: a copy of its data directory, to open again with `openDb({ loadDataDir })`. */
  dumpDataDir?(): Promise<Blob>;
}
