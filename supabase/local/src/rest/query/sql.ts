/**
 * The SQL of an RPC call with PostgREST's query grammar applied to its result, in the shape
 * PostgREST builds (`Query/QueryBuilder.hs` callPlanToQuery/readPlanToQuery,
 * `Query/SqlFragment.hs` pgFmtFilter/orderF/limitOffsetF/countF): the function in FROM under
 * PostgREST's alias, WHERE/ORDER BY/LIMIT/OFFSET on it, the count in the same statement.
 * Every column name is checked against the function's result columns and quoted; every value
 * (filter operands, limit, offset) is a bound parameter of unknown type, so PostgreSQL coerces it
 * to the column's type exactly as it does for PostgREST (`id=eq.x` on a uuid gives 22P02).
 */
import type { FunctionInfo } from '../catalog.js';
import type { ResultShape } from './columns.js';
import { missingColumn } from './missing.js';
import type { Filter, LogicTree, Operation, ReadRequest } from './types.js';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** PostgREST's pgBuildArrayLiteral: `{"a","b \\"c\\""}` for `= ANY($n)`. */
function arrayLiteral(values: string[]): string {
  const quote = (v: string) => `"${v.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `{${values.map(quote).join(',')}}`;
}

export interface GrammarSql {
  sql: string;
  params: string[];
}

export interface GrammarInput {
  fn: FunctionInfo;
  shape: ResultShape;
  call: string;
  /** `json_to_record($1) as _a(...)` or ''. */
  from: string;
  /** How many $n the call itself uses (0 or 1). */
  paramOffset: number;
  request: ReadRequest;
  single: boolean;
  count: boolean;
}

export function grammarSql(input: GrammarInput): GrammarSql {
  const { shape, request } = input;
  const params: string[] = [];
  const bind = (value: string) => {
    params.push(value);
    return `$${input.paramOffset + params.length}`;
  };
  const alias = ident(shape.alias);
  const explicitSelect = request.select !== null && request.select.some((s) => s.column !== '*');
  const column = (name: string, where: 'select' | 'filter' | 'order') => {
    if (!shape.columns.has(name)) {
      const shown = where === 'select' || (where === 'filter' && explicitSelect) ? 'pgrst_call' : shape.alias;
      throw missingColumn(shown, name, shape.columns.keys());
    }
    return `${alias}.${ident(name)}`;
  };
  const operation = (field: string, op: Operation): string => {
    switch (op.kind) {
      case 'op': {
        const value = bind(op.star ? op.value.replace(/\*/g, '%') : op.value);
        return `${field} ${op.sql} ${op.quant ? `${op.quant.toUpperCase()}(${value})` : value}`;
      }
      case 'in':
        return op.values.length === 1 && op.values[0] === '' ? `${field} = ANY('{}')` : `${field} = ANY(${bind(arrayLiteral(op.values))})`;
      case 'is':
        return `${field} IS ${op.value === 'not_null' ? 'NOT NULL' : op.value.toUpperCase()}`;
      case 'isdistinct':
        return `${field} IS DISTINCT FROM ${bind(op.value)}`;
      case 'fts':
        return `${field} @@ ${op.fn}(${op.lang === null ? '' : `${bind(op.lang)}, `}${bind(op.value)})`;
    }
  };
  const condition = (node: Filter | LogicTree): string => {
    if (node.type === 'filter') return `${node.negate ? 'NOT ' : ''}${operation(column(node.column, 'filter'), node.op)}`;
    const inner = node.children.map(condition).join(node.operator === 'and' ? ' AND ' : ' OR ');
    return `${node.negate ? 'NOT ' : ''}(${inner})`;
  };

  let cols = `${alias}.*`;
  if (shape.kind === 'scalar') cols = `${alias}.pgrst_scalar`;
  else if (request.select !== null) {
    cols = request.select.length === 0 ? '' : request.select
      .map((s) => (s.column === '*' ? `${alias}.*` : `${column(s.column, 'select')}${s.alias ? ` as ${ident(s.alias)}` : ''}`))
      .join(', ');
  }
  const where = request.where.length ? ` where ${request.where.map(condition).join(' AND ')}` : '';
  const order = request.order.length ? ` order by ${request.order.map((o) =>
    `${column(o.column, 'order')}${o.direction ? ` ${o.direction}` : ''}${o.nulls ? ` nulls ${o.nulls}` : ''}`).join(', ')}` : '';
  const limit = request.limit !== null ? ` limit ${bind(String(request.limit))}` : '';
  const offset = request.offset !== 0 ? ` offset ${bind(String(request.offset))}` : '';

  const call = shape.kind === 'scalar' ? `lateral (select ${input.call} as pgrst_scalar) as ${alias}` : `${input.call} as ${alias}`;
  const source = `${input.from ? `${input.from}, ` : ''}${call}`;
  const volatile = input.fn.volatility === 'v';
  // A volatile function runs once: its rows are kept in a CTE that both the page and the count read.
  const rowsFrom = volatile ? `_src as ${alias}` : source;
  const page = `select ${cols} from ${rowsFrom}${volatile ? '' : where}${order}${limit}${offset}`;
  const value = shape.kind === 'scalar' ? '_t.pgrst_scalar' : '_t';
  const agg = input.single || !input.fn.returnsSet
    ? `coalesce(json_agg(${value}) -> 0, 'null')::text`
    : `coalesce(array_to_json(array_agg(${value})), '[]')::text`;
  const paged = request.limit !== null || request.offset !== 0;
  const total = !input.count ? 'null::int'
    : !paged ? 'count(*)::int'
    : `(select count(*) from ${rowsFrom}${volatile ? '' : where})::int`;
  const cte = volatile ? `with _src as materialized (select ${alias}.* from ${source}${where}) ` : '';
  return { sql: `${cte}select ${agg} as body, count(*)::int as rows, ${total} as total from (${page}) as _t`, params };
}
