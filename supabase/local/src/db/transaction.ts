import type { Queryable } from './types.js';

/** Runs fn in one transaction on conn: BEGIN (with the statements that open it), then COMMIT, or ROLLBACK on an error. */
export async function inTransaction<T>(conn: Queryable, fn: (tx: Queryable) => Promise<T>, begin?: string): Promise<T> {
  let result: T;
  try {
    // One round trip for BEGIN and the statements that open every request (simple protocol); when
    // those fail, the block BEGIN opened is rolled back below.
    await conn.exec(begin ? `begin; ${begin}` : 'begin');
    result = await fn(conn);
  } catch (error) {
    // The caller's error is the one worth seeing, even if the rollback fails too.
    await conn.exec('rollback').catch(() => undefined);
    throw error;
  }
  await conn.exec('commit');
  return result;
}
