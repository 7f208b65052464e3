/**
 * Function metadata from pg_proc, cached per process like PostgREST's schema cache. Only functions
 * that exist are cached (the cache is bounded by the database's own functions): a lookup that finds
 * nothing is not remembered and asks the catalog again next time (a migration or test may have
 * created the function since), and `forget` drops an entry when a call reports the function gone.
 */
import type { Queryable } from '../db/types.js';

export interface FunctionArg {
  name: string;
  /** format_type() output: catalog-derived, safe to put in SQL text. */
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  returnsVoid: boolean;
  /** provolatile: 'i' immutable, 's' stable, 'v' volatile. */
  volatility: 'i' | 's' | 'v';
}

interface ProcRow {
  schema: string;
  name: string;
  argnames: string[] | null;
  argmodes: string[] | null;
  argtypes: string[];
  ndefaults: number;
  retset: boolean;
  retvoid: boolean;
  volatility: 'i' | 's' | 'v';
}

const PROC_SQL = `
  select n.nspname as schema, p.proname as name, p.proargnames as argnames,
         p.proargmodes::text[] as argmodes,
         array(select format_type(t.oid, null)
                 from unnest(p.proargtypes::oid[]) with ordinality as a(oid, i)
                 join pg_type t on t.oid = a.oid order by a.i) as argtypes,
         p.pronargdefaults as ndefaults, p.proretset as retset,
         p.prorettype = 'pg_catalog.void'::regtype as retvoid, p.provolatile as volatility
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'
   order by p.oid`;

function toInfo(row: ProcRow): FunctionInfo {
  // proargnames/proargmodes cover OUT and TABLE columns too; proargtypes only the inputs.
  const modes = row.argmodes ?? row.argtypes.map(() => 'i');
  const names = row.argnames ?? [];
  const inputNames = modes.flatMap((mode, i) => (mode === 'i' || mode === 'b' || mode === 'v' ? [names[i] ?? ''] : []));
  const firstDefault = row.argtypes.length - row.ndefaults;
  return {
    schema: row.schema,
    name: row.name,
    args: row.argtypes.map((type, i) => ({ name: inputNames[i] ?? '', type, hasDefault: i >= firstDefault })),
    returnsSet: row.retset,
    returnsVoid: row.retvoid,
    volatility: row.volatility,
  };
}

/**
 * PostgREST's schema cache holds only the functions it can call (SchemaCache.hs funcsSqlQuery
 * `callable`): every parameter named, or exactly one unnamed one of type bytea, json, jsonb, text
 * or xml. Others are invisible: calling them is PGRST202, as on hosted.
 */
const UNNAMED_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);
export function callable(fn: FunctionInfo): boolean {
  const unnamed = fn.args.filter((a) => a.name === '');
  return unnamed.length === 0 || (unnamed.length === 1 && UNNAMED_TYPES.has(fn.args[0]!.type));
}

export const MAX_IDENTIFIER_BYTES = 63;

export class FunctionCatalog {
  private readonly cache = new Map<string, FunctionInfo[]>();

  constructor(private readonly db: Queryable) {}

  async lookup(schema: string, name: string): Promise<FunctionInfo[]> {
    // PostgreSQL truncates identifiers to 63 bytes (NAMEDATALEN - 1): no function has a longer name.
    if (Buffer.byteLength(name, 'utf8') > MAX_IDENTIFIER_BYTES) return [];
    const key = `${schema}.${name}`;
    const cached = this.cache.get(key);
    if (cached && cached.length > 0) return cached;
    const { rows } = await this.db.query<ProcRow>(PROC_SQL, [schema, name]);
    const infos = rows.map(toInfo).filter(callable);
    if (infos.length > 0) this.cache.set(key, infos);
    else this.cache.delete(key);
    return infos;
  }

  /** How many functions are cached (for tests: misses never grow it). */
  get size(): number {
    return this.cache.size;
  }

  forget(schema: string, name: string): void {
    this.cache.delete(`${schema}.${name}`);
  }

  /** Function names of a schema, for PostgREST's "Perhaps you meant" hint. */
  async names(schema: string): Promise<string[]> {
    const { rows } = await this.db.query<ProcRow>(PROC_SQL.replace('and p.proname = $2', ''), [schema]);
    return [...new Set(rows.map(toInfo).filter(callable).map((f) => f.name))];
  }
}
