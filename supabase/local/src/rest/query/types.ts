/**
 * The parsed form of PostgREST's query grammar on RPC results (PostgREST
 * `src/library/PostgREST/ApiRequest/Types.hs`): select items, filters, logic trees, order terms.
 * Nothing here is SQL yet; `sql.ts` validates every name against the function's result columns.
 */

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  /** `=`, `<>`, `like`, `@>`, ... with one bound value; `quant` gives `= ANY($n)` / `= ALL($n)`. */
  | { kind: 'op'; sql: string; value: string; quant?: 'any' | 'all'; star?: boolean }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; fn: string; lang: string | null; value: string };

export interface Filter {
  type: 'filter';
  column: string;
  negate: boolean;
  op: Operation;
}

export interface LogicTree {
  type: 'logic';
  negate: boolean;
  operator: 'and' | 'or';
  children: Array<LogicTree | Filter>;
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface SelectItem {
  /** `*` or a column name. */
  column: string;
  alias: string | null;
}

export interface ReadRequest {
  /** null = `*` (no select parameter, or `select=*`). */
  select: SelectItem[] | null;
  where: Array<Filter | LogicTree>;
  order: OrderTerm[];
  /** Rows to skip and at most how many to return (null = all), from limit/offset or Range. */
  offset: number;
  limit: number | null;
}

/** A parse failure, reported as PostgREST's PGRST100 (Error.hs `QueryParamError`). */
export class QueryParamError extends Error {
  constructor(message: string, readonly details: string) {
    super(message);
  }
}
