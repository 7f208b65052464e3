/**
 * `Prefer: tx=rollback` (PostgREST docs references/api/preferences.rst "Transaction End
 * Preference"; honoured when db-tx-end allows it, as `commit-allow-override` in supabase-js's own
 * test set-up): the request runs and answers as usual, then its transaction is rolled back.
 */
import type { Db, Queryable } from '../db/types.js';

class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rollback requested');
  }
}

export const wantsRollback = (prefer: string | undefined): boolean => /(^|[,\s])tx=rollback\b/.test(prefer ?? '');

/** `db.transaction(fn)`, rolled back after `fn` succeeds when `rollback` is true. */
export async function transaction<T>(db: Db, rollback: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  if (!rollback) return db.transaction(fn);
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (err) {
    if (err instanceof Rollback) return err.result as T;
    throw err;
  }
  throw new Error('unreachable');
}
