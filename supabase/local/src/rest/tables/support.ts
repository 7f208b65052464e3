/**
 * What a table request checks before any SQL is built: the table (PGRST205 with PostgREST's
 * "Perhaps you meant" hint, `Error.hs` tableNotFoundHint), the body's columns (PGRST102 for a
 * body that is not an object or an array of objects with the same keys, PGRST204 for a key that
 * is not a column: `Error.hs` InvalidBody, ColumnNotFound), the types of `::casts` (resolved by
 * the catalog, so only format_type() text reaches SQL), and the `Location` of an insert.
 */
import type { Queryable } from '../../db/types.js';
import { RestError } from '../errors.js';
import { levenshtein } from '../levenshtein.js';
import type { SchemaCache, Table, TableCatalog } from './catalog.js';
import type { SelectNode } from './select.js';

export async function findTable(tables: TableCatalog, schema: string, name: string): Promise<{ cache: SchemaCache; table: Table }> {
  let cache = await tables.schema(schema);
  let table = cache.tables.get(name);
  if (!table) {
    cache = await tables.schema(schema, true);
    table = cache.tables.get(name);
  }
  if (table) return { cache, table };
  const close = [...cache.tables.keys()]
    .map((n) => ({ n, d: levenshtein(n, name) }))
    .filter(({ d }) => d <= Math.max(1, Math.floor(name.length / 4)))
    .sort((a, b) => a.d - b.d)[0];
  throw new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null,
    close ? `Perhaps you meant the table '${schema}.${close.n}'` : null);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function bodyColumns(table: Table, body: unknown, columns: string[] | null, insert: boolean): string[] {
  const rows = Array.isArray(body) && insert ? body : [body];
  if (!rows.every(isObject)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  let keys = columns;
  if (keys === null) {
    keys = rows.length ? Object.keys(rows[0] as object) : [];
    const sorted = [...keys].sort().join('\0');
    if (rows.some((r) => Object.keys(r as object).sort().join('\0') !== sorted)) {
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    }
  }
  for (const k of keys) {
    if (!table.columns.has(k)) throw new RestError(400, 'PGRST204', `Could not find the '${k}' column of '${table.name}' in the schema cache`);
  }
  return keys;
}

function castsOf(nodes: SelectNode[], out: Set<string>): Set<string> {
  for (const n of nodes) {
    if (n.kind === 'column') {
      if (n.cast) out.add(n.cast);
      if (n.aggCast) out.add(n.aggCast);
    } else if (n.kind === 'count' && n.cast) out.add(n.cast);
    else if (n.kind === 'embed') castsOf(n.children, out);
  }
  return out;
}

export async function resolveCasts(db: Queryable, select: SelectNode[]): Promise<Map<string, string>> {
  const names = [...castsOf(select, new Set())];
  if (names.length === 0) return new Map();
  const { rows } = await db.query<{ name: string; type: string | null }>(
    `select n as name, format_type(to_regtype(n), null) as type from unnest($1::text[]) as n`, [names]);
  return new Map(rows.filter((r) => r.type !== null).map((r) => [r.name, r.type!]));
}

/** `/table?pk=eq.value` of the one inserted row, as PostgREST's Location header. */
export function locationOf(table: Table, body: string): string | null {
  const rows = JSON.parse(body) as Array<Record<string, unknown>>;
  if (rows.length !== 1 || table.pk.length === 0) return null;
  const query = table.pk.map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(rows[0]![c]))}`).join('&');
  return `/${table.name}?${query}`;
}
