/**
 * The one statement of a table request (PostgREST `Query/QueryBuilder.hs` readPlanToQuery,
 * mutatePlanToQuery; `Query/Statements.hs` the `pgrst_source` CTE and the body built in SQL):
 * reads page the rows and count them in the same statement; writes run in a CTE whose rows the
 * `select` then shapes (embedding included). `return=minimal` returns `1` only, so no SELECT
 * privilege or policy is needed, as with PostgREST. The body leaves as JSON or CSV text.
 */
import { RestError } from '../errors.js';
import type { Table } from './catalog.js';
import { ident } from './fragments.js';
import type { NodeParams } from './params.js';
import { buildNode, type PlanContext } from './plan.js';
import type { Preferences } from './prefer.js';
import type { SelectNode } from './select.js';

export type Output = 'json' | 'single' | 'csv';

function bodyOf(output: Output, page: string, total: string, inserted = 'null::int', strip = false): string {
  if (output === 'csv') {
    const header = `(select coalesce(string_agg(k, ','), '') from json_object_keys((select row_to_json(_h) from _p as _h limit 1)) as k)`;
    return `with _p as (${page}) select ${header} || chr(10) || coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), chr(10)), '') as body,
      count(*)::int as rows, ${total} as total, ${inserted} as inserted from _p as _t`;
  }
  // `nulls=stripped` in Accept (PostgREST docs references/api/resource_representation.rst): json_strip_nulls.
  const json = output === 'single' ? '(json_agg(_t) -> 0)' : 'array_to_json(array_agg(_t))';
  const agg = `coalesce(${strip ? `json_strip_nulls(${json})` : json}::text, '${output === 'single' ? 'null' : '[]'}')`;
  return `select ${agg} as body, count(*)::int as rows, ${total} as total, ${inserted} as inserted from (${page}) as _t`;
}

/**
 * `from`: the rows read, the table by default (an RPC's call for `./rpcRead.ts`). `countLimit`:
 * count at most that many rows (count=estimated counts up to db-max-rows + 1, PostgREST
 * `Query/Statements.hs` mainRead `limitedQuery countQuery (maxRows + 1)`).
 */
export function readSql(ctx: PlanContext, table: Table, select: SelectNode[], output: Output, count: boolean, strip: boolean,
  from?: string, countLimit?: number): string {
  const source = from ?? `${ident(table.schema)}.${ident(table.name)} as ${ident(table.name)}`;
  const node = buildNode(ctx, table, table.name, select, [], source);
  const where = node.where.length ? ` where ${node.where.join(' AND ')}` : '';
  const page = `select ${node.cols} from ${node.from}${where}${node.groupBy}${node.order}${node.limitOffset}`;
  const counted = `${node.filteringJoins ? node.from : source}${where}`;
  const total = !count ? 'null::int'
    : countLimit === undefined ? `(select count(*) from ${counted})::int`
    : `(select count(*) from (select 1 from ${counted} limit ${Math.trunc(countLimit)}) as _c)::int`;
  return bodyOf(output, page, total, 'null::int', strip);
}

/** PostgREST's readPlanToCountQuery: the rows a count counts (filters, no page), for a planned count's EXPLAIN. */
export function countSourceSql(ctx: PlanContext, table: Table, select: SelectNode[]): string {
  const source = `${ident(table.schema)}.${ident(table.name)} as ${ident(table.name)}`;
  const root = ctx.nodes.get('') ?? { where: [], order: [], limit: null, offset: null };
  const unpaged = new Map([...ctx.nodes, ['', { ...root, order: [], limit: null, offset: null }]]);
  const node = buildNode({ ...ctx, nodes: unpaged }, table, table.name, select, [], source);
  const where = node.where.length ? ` where ${node.where.join(' AND ')}` : '';
  return `select 1 from ${node.filteringJoins ? node.from : source}${where}`;
}

export interface WriteInput {
  kind: 'insert' | 'update' | 'delete';
  table: Table;
  /** Columns written (insert/update), from `columns` or the body's keys, checked against the catalog. */
  columns: string[];
  prefer: Preferences;
  onConflict: string[] | null;
  select: SelectNode[];
  output: Output;
  strip: boolean;
}

function insertSql(ctx: PlanContext, w: WriteInput, target: string): string {
  const { table, columns } = w;
  if (columns.length === 0) return `insert into ${target} default values`;
  const p = ctx.params;
  const rowType = `${ident(table.schema)}.${ident(table.name)}`;
  // `missing=default`: as PostgREST's fromJsonBodyF, every row is `jsonb_build_object(<column>,
  // <its default>, ...) || <the row>`, so a default (a sequence's nextval too) is evaluated for
  // every row, given or not, and a key the row has wins.
  const defaults = w.prefer.missingDefault ? columns.filter((name) => table.columns.get(name)!.hasDefault).map((name) => {
    const col = table.columns.get(name)!;
    const expr = col.defaultExpr
      ?? `nextval(pg_get_serial_sequence(${p.bind(rowType)}, ${p.bind(name)}))`;
    return `${p.bind(name)}::text, ${expr}`;
  }) : [];
  const rows = defaults.length
    ? `json_array_elements($1::json) as _e(j), jsonb_populate_record(null::${rowType}, jsonb_build_object(${defaults.join(', ')}) || _e.j::jsonb) as _r`
    : `json_array_elements($1::json) as _e(j), json_populate_record(null::${rowType}, _e.j) as _r`;
  let sql = `insert into ${target} (${columns.map(ident).join(', ')}) select ${columns.map((name) => `_r.${ident(name)}`).join(', ')}
    from ${rows}`;
  if (w.prefer.resolution) {
    const conflict = w.onConflict ?? table.pk;
    for (const c of conflict) if (!table.columns.has(c)) throw new RestError(400, '42703', `column "${c}" does not exist`);
    // PostgREST sets every payload column, the conflict columns too (QueryBuilder.hs mutatePlanToQuery).
    const updates = columns;
    const target = conflict.length ? ` (${conflict.map(ident).join(', ')})` : '';
    sql += w.prefer.resolution === 'ignore-duplicates' || updates.length === 0
      ? ` on conflict${target} do nothing`
      : ` on conflict${target} do update set ${updates.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  }
  return sql;
}

/** The mutation's filters: the root node's, rendered against the table under its own name. */
function filters(ctx: PlanContext, table: Table): string {
  const root = ctx.nodes.get('') ?? { where: [], order: [], limit: null, offset: null };
  const node = buildNode({ ...ctx, nodes: new Map([['', { ...root, order: [], limit: null, offset: null }]]) }, table, table.name, [], [], '');
  return node.where.length ? ` where ${node.where.join(' AND ')}` : '';
}

export function writeSql(ctx: PlanContext, w: WriteInput): string {
  const { table } = w;
  const target = `${ident(table.schema)}.${ident(table.name)} as ${ident(table.name)}`;
  let dml: string;
  if (w.kind === 'insert') dml = insertSql(ctx, w, target);
  else if (w.kind === 'delete') dml = `delete from ${target}${filters(ctx, table)}`;
  else if (w.columns.length === 0) dml = `select * from ${target} where false`;
  else {
    const rowType = `${ident(table.schema)}.${ident(table.name)}`;
    dml = `update ${target} set ${w.columns.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ')}
      from json_populate_record(null::${rowType}, $1::json) as _r${filters(ctx, table)}`;
  }
  const ret = w.prefer.return ?? 'minimal';
  const returning = w.kind === 'update' && w.columns.length === 0 ? ''
    : ret === 'representation' ? ` returning ${ident(table.name)}.*`
    : ret === 'headers-only' && table.pk.length ? ` returning ${table.pk.map((c) => `${ident(table.name)}.${ident(c)}`).join(', ')}`
    : ' returning 1';
  // An upsert answers 200 when it inserted nothing (PostgREST Response.hs isInsertIfGTZero): a row
  // an INSERT .. ON CONFLICT DO UPDATE updated has a non-zero xmax.
  const merge = w.kind === 'insert' && w.prefer.resolution === 'merge-duplicates' && returning !== '';
  const cte = `with pgrst_source as (${dml}${returning}${merge ? `, ${ident(table.name)}.xmax::text = '0' as pgrst_inserted` : ''})`;
  const inserted = merge ? '(select count(*) from pgrst_source where pgrst_inserted)::int' : 'null::int';
  if (ret === 'minimal') return `${cte} select '' as body, count(*)::int as rows, null::int as total, ${inserted} as inserted from pgrst_source`;
  if (ret === 'headers-only') {
    return `${cte} select coalesce(array_to_json(array_agg(_t)), '[]')::text as body, count(*)::int as rows, null::int as total,
      ${inserted} as inserted from pgrst_source as _t`;
  }
  const root = ctx.nodes.get('') ?? { where: [], order: [], limit: null, offset: null };
  const shaped: NodeParams = { where: [], order: root.order, limit: null, offset: null };
  const node = buildNode({ ...ctx, nodes: new Map([...ctx.nodes, ['', shaped]]), expandRootStar: true }, table, table.name, w.select, [],
    `pgrst_source as ${ident(table.name)}`);
  const page = `select ${node.cols} from ${node.from}${node.groupBy}${node.order}`;
  return `${cte} ${bodyOf(w.output, page, 'null::int', inserted, w.strip).replace(/^with _p as/, ', _p as')}`;
}
