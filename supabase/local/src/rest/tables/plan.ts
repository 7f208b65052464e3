/**
 * A read of a table or view as SQL, built the way PostgREST's `Query/QueryBuilder.hs`
 * `readPlanToQuery` builds it: the root table under its own name, every embedded resource a
 * LATERAL subquery joined to its parent (`row_to_json` for to-one, `json_agg` for to-many, an
 * inner join for `!inner`), its filters, order and limit inside that subquery, spreads' columns
 * lifted into the parent, aggregates grouped by the other selected columns. Names come from the
 * catalog (unknown ones are PostgreSQL's 42703 before any SQL runs), casts from `to_regtype`.
 */
import { RestError } from '../errors.js';
import { missingColumn } from '../query/missing.js';
import type { SchemaCache, Table } from './catalog.js';
import { Params, fieldLabel, ident, jsonField, operation } from './fragments.js';
import type { NodeParams, TFilter, TLogic, TOrder } from './params.js';
import { findRelationship, toOne, type Relationship } from './relations.js';
import type { SelectNode } from './select.js';

export interface Built {
  /** The select list, FROM with its joins, WHERE, GROUP BY, ORDER BY, LIMIT/OFFSET. */
  cols: string;
  from: string;
  where: string[];
  groupBy: string;
  order: string;
  limitOffset: string;
  /** Joins that remove parents (`!inner`, or a null filter on an embed): the count needs them. */
  filteringJoins: boolean;
}

export interface PlanContext {
  cache: SchemaCache;
  params: Params;
  /** Resolved casts: the client's type name -> format_type() of the catalog. */
  casts: Map<string, string>;
  nodes: Map<string, NodeParams>;
  counter: { n: number };
  /** `*` of the root as the table's columns (a mutation's CTE carries extra columns). */
  expandRootStar?: boolean;
}

/** The JSON of an embedded resource in its LATERAL subquery (a name no table column is expected to take). */
const BODY = '"pgrst_embed_body"';
const EMPTY: NodeParams = { where: [], order: [], limit: null, offset: null };

function column(ctx: PlanContext, table: Table, alias: string, name: string): string {
  if (table.columns.has(name)) return `${ident(alias)}.${ident(name)}`;
  const computed = ctx.cache.computed.find((f) => f.table === table.name && f.name === name && !f.returnsTable);
  if (computed) return `${ident(ctx.cache.schema)}.${ident(computed.name)}(${ident(alias)})`;
  throw missingColumn(alias, name, table.columns.keys());
}

function castTo(ctx: PlanContext, expr: string, type: string | null): string {
  if (type === null) return expr;
  const resolved = ctx.casts.get(type);
  if (!resolved) throw new RestError(400, '42704', `type "${type}" does not exist`);
  return `cast(${expr} as ${resolved})`;
}

function targetTable(ctx: PlanContext, name: string): Table {
  const t = ctx.cache.tables.get(name);
  if (!t) throw new RestError(404, 'PGRST205', `Could not find the table '${ctx.cache.schema}.${name}' in the schema cache`);
  return t;
}

/** The condition tying an embedded resource's rows to its parent's row, and extra joins. */
function joinCondition(ctx: PlanContext, rel: Relationship, parent: string, child: string): { from: string; on: string } {
  const q = (a: string, c: string) => `${ident(a)}.${ident(c)}`;
  const schema = ident(ctx.cache.schema);
  const pairs = (a: string, ac: string[], b: string, bc: string[]) => ac.map((c, i) => `${q(a, c)} = ${q(b, bc[i]!)}`).join(' AND ');
  if (rel.card === 'computed') return { from: `${schema}.${ident(rel.fn.name)}(${ident(parent)}) as ${ident(child)}`, on: '' };
  const from = `${schema}.${ident(rel.target)} as ${ident(child)}`;
  if (rel.card === 'm2m') {
    const j = `${rel.junction}_${++ctx.counter.n}`;
    return {
      from: `${from} join ${schema}.${ident(rel.junction)} as ${ident(j)} on ${pairs(j, rel.fkTarget.columns, child, rel.fkTarget.refColumns)}`,
      on: pairs(j, rel.fkSource.columns, parent, rel.fkSource.refColumns),
    };
  }
  return rel.forward
    ? { from, on: pairs(child, rel.fk.refColumns, parent, rel.fk.columns) }
    : { from, on: pairs(child, rel.fk.columns, parent, rel.fk.refColumns) };
}

/** The names of the columns a select list gives, for lifting a spread's columns into its parent. */
function outputNames(ctx: PlanContext, table: Table, select: SelectNode[]): string[] {
  return select.flatMap((item): string[] => {
    if (item.kind === 'star') return [...table.columns.keys()];
    if (item.kind === 'count') return [item.alias ?? 'count'];
    if (item.kind === 'column') {
      if (item.field.name === 'count' && !table.columns.has('count') && !item.field.json.length) return [item.alias ?? 'count'];
      return [item.alias ?? item.aggregate ?? fieldLabel(item.field)];
    }
    if (!item.spread) return [item.alias ?? item.name];
    const rel = findRelationship(ctx.cache, table.name, item.name, item.hint);
    return outputNames(ctx, targetTable(ctx, rel.target), item.children);
  });
}

export function buildNode(ctx: PlanContext, table: Table, alias: string, select: SelectNode[], path: string[], source: string): Built {
  const p = ctx.params;
  const params = ctx.nodes.get(path.join('.')) ?? EMPTY;
  const cols: string[] = [];
  const plain: string[] = [];
  const joins: string[] = [];
  let aggregated = false;
  let filteringJoins = false;
  const embeds = new Map<string, { alias: string; rel: Relationship; spread: boolean }>();

  for (const item of select) {
    if (item.kind === 'star') {
      const star = ctx.expandRootStar && path.length === 0
        ? [...table.columns.keys()].map((c) => `${ident(alias)}.${ident(c)}`).join(', ')
        : `${ident(alias)}.*`;
      cols.push(star);
      plain.push(star);
    } else if (item.kind === 'count') {
      aggregated = true;
      cols.push(`${castTo(ctx, 'count(*)', item.cast)} as ${ident(item.alias ?? 'count')}`);
    } else if (item.kind === 'column' && item.field.name === 'count' && !table.columns.has('count') && !item.field.json.length) {
      // `rel(count)`: PostgREST's count of the embedded rows when no column has that name.
      aggregated = true;
      cols.push(`${castTo(ctx, 'count(*)', item.cast)} as ${ident(item.alias ?? 'count')}`);
    } else if (item.kind === 'column') {
      const base = jsonField(column(ctx, table, alias, item.field.name), item.field, p);
      const expr = castTo(ctx, base, item.cast);
      if (item.aggregate) {
        aggregated = true;
        cols.push(`${castTo(ctx, `${item.aggregate}(${expr})`, item.aggCast)} as ${ident(item.alias ?? item.aggregate)}`);
      } else {
        cols.push(`${expr} as ${ident(item.alias ?? fieldLabel(item.field))}`);
        plain.push(expr);
      }
    } else {
      const rel = findRelationship(ctx.cache, table.name, item.name, item.hint);
      const child = targetTable(ctx, rel.target);
      const label = item.alias ?? item.name;
      // PostgREST names an embed's LATERAL join `<parent>_<alias or name>_<depth>` (Plan.hs addRels
      // aggAlias): the same resource embedded twice at one level without aliases is PostgreSQL's
      // 42712, e.g. `users!first_user(*), users!second_user(*)`.
      if (embeds.has(label)) {
        throw new RestError(400, '42712', `table name "${table.name}_${label}_${path.length + 1}" specified more than once`);
      }
      const childAlias = `${rel.target}_${++ctx.counter.n}`;
      const embedAlias = `${label}_${ctx.counter.n}`;
      const childPath = [...path, label];
      const inner = buildNode(ctx, child, childAlias, item.children, childPath, '');
      const { from, on } = joinCondition(ctx, rel, alias, childAlias);
      const where = [...(on ? [on] : []), ...inner.where];
      const sub = `select ${inner.cols} from ${from}${inner.from}${where.length ? ` where ${where.join(' AND ')}` : ''}${inner.groupBy}${inner.order}${inner.limitOffset}`;
      const one = toOne(rel);
      const x = `_x${ctx.counter.n}`;
      const isInner = item.join === 'inner';
      const nullFiltered = params.where.some((w) => w.type === 'filter' && w.field.name === label && w.field.json.length === 0 && w.op.kind === 'is');
      if (isInner || nullFiltered) filteringJoins = true;
      const kind = isInner ? 'inner join lateral' : 'left join lateral';
      if (item.spread) {
        // A spread's columns join the parent's; on a to-many resource each becomes an array of
        // its values (PostgREST 13, docs references/api/resource_embedding.rst "Spread embedded resource").
        const names = outputNames(ctx, child, item.children);
        if (one) joins.push(` ${kind} (${sub}) as ${ident(embedAlias)} on true`);
        else joins.push(` ${kind} (select ${names.map((n) => `json_agg(${x}.${ident(n)}) as ${ident(n)}`).join(', ')} from (${sub}) as ${x}) as ${ident(embedAlias)} on true`);
        for (const n of names) {
          const expr = `${ident(embedAlias)}.${ident(n)}`;
          cols.push(one ? expr : `coalesce(${expr}, '[]') as ${ident(n)}`);
          if (one) plain.push(expr);
        }
      } else if (item.children.length === 0) {
        // `rel()` embeds nothing: only its join (an `!inner` filter) is wanted, no key in the output.
        joins.push(` ${kind} (select json_agg(${x}.*) as ${BODY} from (${sub}) as ${x}) as ${ident(embedAlias)} on ${isInner ? `${ident(embedAlias)}.${BODY} is not null` : 'true'}`);
      } else if (one) {
        joins.push(` ${kind} (select row_to_json(${x}.*) as ${BODY}, ${x}.* from (${sub}) as ${x}) as ${ident(embedAlias)} on true`);
        cols.push(`${ident(embedAlias)}.${BODY} as ${ident(label)}`);
      } else {
        joins.push(` ${kind} (select json_agg(${x}.*) as ${BODY} from (${sub}) as ${x}) as ${ident(embedAlias)} on ${isInner ? `${ident(embedAlias)}.${BODY} is not null` : 'true'}`);
        cols.push(`coalesce(${ident(embedAlias)}.${BODY}, '[]') as ${ident(label)}`);
      }
      embeds.set(label, { alias: embedAlias, rel, spread: item.spread });
    }
  }

  const condition = (node: TFilter | TLogic): string => {
    if (node.type === 'logic') {
      const inner = node.children.map(condition).join(node.operator === 'and' ? ' AND ' : ' OR ');
      return `${node.negate ? 'NOT ' : ''}(${inner})`;
    }
    const embed = node.field.json.length === 0 ? embeds.get(node.field.name) : undefined;
    const target = embed ? `${ident(embed.alias)}.${BODY}` : jsonField(column(ctx, table, alias, node.field.name), node.field, p);
    return `${node.negate ? 'NOT ' : ''}${operation(target, node.op, p)}`;
  };
  const where = params.where.map(condition);
  const orderTerm = (o: TOrder): string => {
    let expr: string;
    if (o.relation !== null) {
      const embed = embeds.get(o.relation);
      if (!embed || !toOne(embed.rel)) {
        throw new RestError(400, 'PGRST118', `A related order on '${o.relation}' is not possible`,
          `'${table.name}' and '${o.relation}' do not form a many-to-one or one-to-one relationship`);
      }
      expr = jsonField(`${ident(embed.alias)}.${ident(o.field.name)}`, o.field, p);
    } else expr = jsonField(column(ctx, table, alias, o.field.name), o.field, p);
    return `${expr}${o.direction ? ` ${o.direction}` : ''}${o.nulls ? ` nulls ${o.nulls}` : ''}`;
  };
  const order = params.order.length ? ` order by ${params.order.map(orderTerm).join(', ')}` : '';
  const limitOffset = `${params.limit !== null ? ` limit ${p.bind(String(params.limit))}` : ''}${params.offset ? ` offset ${p.bind(String(params.offset))}` : ''}`;
  const groupBy = aggregated && plain.length ? ` group by ${plain.join(', ')}` : '';
  return {
    cols: cols.join(', '),
    from: `${source}${joins.join('')}`,
    where,
    groupBy,
    order,
    limitOffset,
    filteringJoins,
  };
}
