/**
 * `Prefer: tx=rollback` (PostgREST docs references/api/preferences.rst "Transaction End
 * Preference"; honoured when db-tx-end allows it, as `commit-allow-override` in supabase-js's own
 * test set-up): the request runs and answers as usual, then its transaction is rolled back.
 * Also the `max-affected` preference, which the RPC path checks inside its transaction.
 */
import { retryStalePlan } from '../db/statements.js';
import type { Db, Queryable } from '../db/types.js';

class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rollback requested');
  }
}

export const wantsRollback = (prefer: string | undefined): boolean => /(^|[,\s])tx=rollback\b/.test(prefer ?? '');

/** `Prefer: handling=strict, max-affected=n` (preferences.rst "Max Affected"): n, else null. */
export function maxAffected(prefer: string | undefined): number | null {
  const p = prefer ?? '';
  const m = /(^|[,\s])max-affected=(\d+)/.exec(p);
  return m && /(^|[,\s])handling=strict\b/.test(p) ? Number(m[2]) : null;
}

/**
 * `db.transaction(fn, begin)`, rolled back after `fn` succeeds when `rollback` is true; run once
 * more when a prepared statement's plan went stale (../db/statements.ts).
 */
export function transaction<T>(db: Db, rollback: boolean, fn: (tx: Queryable) => Promise<T>, begin?: string): Promise<T> {
  return retryStalePlan(() => once(db, rollback, fn, begin));
}

async function once<T>(db: Db, rollback: boolean, fn: (tx: Queryable) => Promise<T>, begin?: string): Promise<T> {
  if (!rollback) return db.transaction(fn, begin);
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    }, begin);
  } catch (err) {
    if (err instanceof Rollback) return err.result as T;
    throw err;
  }
  throw new Error('unreachable');
}
