/**
 * A REST query on PGlite as one exchange with its engine (see preparedExchange), the statement
 * prepared once per database and kept in a StatementCache (./statements.ts).
 */
import { type PGlite, parse as pgliteParse, protocol } from '@electric-sql/pglite';
import { isStalePlan, type StatementCache } from './statements.js';
import type { QueryResult } from './types.js';

const { serialize } = protocol;

type Message = { name: string };

/**
 * A prepared statement's run as one buffer of protocol messages into PGlite (pglite.query sends
 * six: Parse, Describe, Bind, Describe, Execute, Sync, each a call into the engine): Parse (only the
 * first time this connection sees `sql`), Bind, Describe, Execute, Sync. With `begin` (a read-only
 * request, `Db.readOnly`), the same buffer opens with the simple query `begin; <begin>` and closes
 * with `commit`, which ends the transaction as ROLLBACK when anything in it failed: the whole request
 * is one exchange. The first error met is thrown. A statement whose plan went stale after DDL
 * (0A000, ./statements.ts) is dropped, and a whole request run once more.
 */
export async function preparedExchange<T>(pglite: PGlite, statements: StatementCache, begin: string | null, sql: string,
  params: (string | null)[], retried = false): Promise<QueryResult<T>> {
  const known = statements.get(sql);
  const name = known ?? statements.newName();
  const parts: Uint8Array[] = [];
  if (begin !== null) parts.push(serialize.query(`begin; ${begin}`));
  if (known === undefined) parts.push(serialize.parse({ name, text: sql }));
  parts.push(serialize.bind({ statement: name, values: params }), serialize.describe({ type: 'P' }),
    serialize.execute({}), serialize.sync());
  if (begin !== null) parts.push(serialize.query('commit'));
  const messages = await pglite.runExclusive(() =>
    pglite.execProtocolStream(concatBytes(parts), { syncToFs: false, throwOnError: false })) as Message[];
  // Split at ReadyForQuery: [begin's,] the statement's[, commit's].
  const segments: Message[][] = [[]];
  for (const m of messages) {
    if (m.name === 'readyForQuery') segments.push([]);
    else segments[segments.length - 1]!.push(m);
  }
  const mine = segments[begin === null ? 0 : 1] ?? [];
  const evicted = known === undefined && mine.some((m) => m.name === 'parseComplete') ? statements.add(sql, name) : [];
  if (evicted.length) await closeStatements(pglite, evicted);
  const error = messages.find((m) => m.name === 'error');
  if (error) {
    if (isStalePlan(error)) {
      const stale = statements.delete(sql);
      if (stale !== undefined) await closeStatements(pglite, [stale]);
      if (begin !== null && !retried) return preparedExchange(pglite, statements, begin, sql, params, true);
    }
    throw error;
  }
  const result = pgliteParse.parseResults(mine as never[], pglite.parsers)[0]!;
  return { rows: result.rows as T[], fields: result.fields };
}

async function closeStatements(pglite: PGlite, names: string[]): Promise<void> {
  const parts = [...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()];
  await pglite.runExclusive(() => pglite.execProtocolStream(concatBytes(parts), { syncToFs: false, throwOnError: false }));
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

