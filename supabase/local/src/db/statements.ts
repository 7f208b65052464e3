/**
 * Named prepared statements for the REST queries, one set per connection, as PostgREST prepares its
 * queries (`db-prepared-statements`, on by default): a query text is parsed, analysed and rewritten
 * once per connection, and PostgreSQL's plan cache (plancache.c) plans it again per execution (a
 * custom plan) or keeps a generic plan when that costs no more. The list pages bind LIMIT and
 * OFFSET, as PostgREST does, so they stay on custom plans (PostgreSQL 15: 10 custom, 0 generic in
 * 10 runs); writing the numbers in gave generic plans after five runs but slower pages in an A/B
 * through HTTP (PGlite 10,000 rows +25%, PostgreSQL 1,000 rows +80%), so they stay bound.
 * PostgreSQL itself re-checks a cached plan before each use:
 * re-planned after DDL on what it reads (a dropped and re-created view or function), for another
 * role when row security shaped it, for another search_path. A re-planned query whose result columns
 * changed fails with "cached plan must not change result type" (0A000): the caller drops the
 * statement and runs the query once more (`isStalePlan`).
 * Bounded: the least recently used statement past `STATEMENT_CACHE_SIZE` is deallocated.
 */

export const STATEMENT_CACHE_SIZE = 200;

export class StatementCache {
  private readonly names = new Map<string, string>();
  private next = 0;

  constructor(private readonly prefix: string, private readonly size = STATEMENT_CACHE_SIZE) {}

  /** The statement's name if it was prepared on this connection (then it is the most recent one). */
  get(sql: string): string | undefined {
    const name = this.names.get(sql);
    if (name !== undefined) {
      this.names.delete(sql);
      this.names.set(sql, name);
    }
    return name;
  }

  /** A name for a statement about to be prepared (`add` it once the server has parsed it). */
  newName(): string {
    return `${this.prefix}${this.next++}`;
  }

  /** Records a prepared statement; returns the names of the statements to deallocate now. */
  add(sql: string, name: string): string[] {
    this.names.set(sql, name);
    const evicted: string[] = [];
    for (const [oldSql, oldName] of this.names) {
      if (this.names.size <= this.size) break;
      this.names.delete(oldSql);
      evicted.push(oldName);
    }
    return evicted;
  }

  /** Forgets a statement (to deallocate by the caller); its name, if it was there. */
  delete(sql: string): string | undefined {
    const name = this.names.get(sql);
    this.names.delete(sql);
    return name;
  }

  get count(): number {
    return this.names.size;
  }
}

/**
 * PostgreSQL's error when a cached plan, re-planned after DDL, would return other columns (0A000), or
 * a statement this side thought prepared that the session no longer has (26000, e.g. after
 * DEALLOCATE ALL): either way the statement is dropped from the cache and prepared again.
 */
export const isStalePlan = (error: unknown): boolean => {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(String(message)));
};

/** Runs `task` once more when a prepared statement went stale (dropped by then). */
export async function retryStalePlan<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (isStalePlan(error)) return task();
    throw error;
  }
}
