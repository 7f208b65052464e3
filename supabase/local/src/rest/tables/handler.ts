/**
 * `GET|HEAD|POST|PATCH|PUT|DELETE /rest/v1/<table>`: PostgREST on tables and views
 * (docs references/api/tables_views.rst, resource_embedding.rst, preferences.rst). Like the RPC
 * path (`../routes.ts`), the request runs as the JWT's role inside one transaction with the
 * request context set (`../call.ts` CONTEXT_SQL), so grants and RLS decide what each role sees;
 * reads are read-only transactions. A single-object answer that is not exactly one row, or a
 * `max-affected` overrun, rolls the transaction back, as PostgREST does.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlockList } from 'node:net';
import { gatewayBearer } from '../../keys.js';
import { CONTEXT_SQL, CONTEXT_SQL_READ_ONLY, contextStatements, roleSettingsOf, searchPathOf } from '../call.js';
import { forwardedHeaders } from '../clientAddress.js';
import { RestError, fromDatabaseError } from '../errors.js';
import { rangeStatus, requestedRange } from '../query/range.js';
import { QueryParamError } from '../query/types.js';
import { transaction, wantsRollback } from '../txEnd.js';
import { cookiesJson, header, requestSchema, type RestContext } from '../request.js';
import type { TableCatalog } from './catalog.js';
import { Params } from './fragments.js';
import { parseTableParams } from './params.js';
import { applied, parsePrefer } from './prefer.js';
import { parseSelect } from './select.js';
import { assertPlanEnabled, explainSql, planBody, planContentType, planMedia } from './explain.js';
import { countSourceSql, readSql, writeSql, type Output } from './statements.js';
import { bodyColumns, findTable, locationOf, resolveCasts } from './support.js';

const SINGLE = 'application/vnd.pgrst.object+json';

function outputOf(req: FastifyRequest): Output {
  const accept = header(req, 'accept') ?? '';
  if (accept.includes(SINGLE)) return 'single';
  if (/(^|,)\s*text\/csv/.test(accept)) return 'csv';
  return 'json';
}

export async function handleTable(ctx: RestContext, tables: TableCatalog, trusted: BlockList, req: FastifyRequest, reply: FastifyReply) {
  const schema = requestSchema(ctx, req);
  const identity = await ctx.roles.identify(gatewayBearer(req.headers));
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const { cache, table } = await findTable(tables, schema, (req.params as { table: string }).table);
  const q = req.url.indexOf('?');
  let parsed;
  let select;
  try {
    parsed = parseTableParams(q < 0 ? '' : req.url.slice(q + 1));
    select = parseSelect(parsed.select);
  } catch (err) {
    if (err instanceof QueryParamError) throw new RestError(400, 'PGRST100', err.message, err.details);
    throw err;
  }
  const prefer = parsePrefer(header(req, 'prefer'));
  const output = outputOf(req);
  const strip = /nulls=stripped/.test(header(req, 'accept') ?? '');
  const casts = await resolveCasts(ctx.db, select);
  const mutation = method !== 'GET';
  const body: unknown = req.body;
  let range = { offset: 0, limit: null as number | null };
  if (!mutation) {
    const root = parsed.nodes.get('') ?? { where: [], order: [], limit: null, offset: null };
    range = requestedRange(root.limit, root.offset, header(req, 'range'), ctx.config.api.maxRows);
    parsed.nodes.set('', { ...root, limit: range.limit, offset: range.offset });
  }
  const kind = method === 'POST' || method === 'PUT' ? 'insert' : method === 'PATCH' ? 'update' : 'delete';
  const columns = kind === 'delete' || !mutation ? [] : bodyColumns(table, body, parsed.columns, kind === 'insert');
  if (method === 'PUT') prefer.resolution = 'merge-duplicates';
  const params = new Params(mutation && kind !== 'delete' ? 1 : 0);
  const plan = { cache, params, casts, nodes: parsed.nodes, counter: { n: 0 } };
  const sql = mutation
    ? writeSql(plan, { kind, table, columns, prefer, onConflict: parsed.onConflict, select, output, strip })
    : readSql(plan, table, select, output, prefer.count === 'exact' || prefer.count === 'estimated', strip, undefined,
      prefer.count === 'estimated' && ctx.config.api.maxRows > 0 ? ctx.config.api.maxRows + 1 : undefined);
  const values = [...(mutation && kind !== 'delete' ? [JSON.stringify(Array.isArray(body) || kind === 'update' ? body : [body])] : []), ...params.values];
  const media = planMedia(header(req, 'accept'));
  // count=planned|estimated (PostgREST MainTx.hs): the planner's row estimate of the counted rows,
  // `EXPLAIN` of the count query (`readPlanToCountQuery`), built again with its own parameters.
  // count=estimated counts exactly up to db-max-rows + 1 rows; past db-max-rows the total is the
  // larger of that and the estimate, so a large table is never counted whole.
  const planned = !mutation && !media && (prefer.count === 'planned' || prefer.count === 'estimated')
    ? (() => {
      const p2 = new Params(0);
      return { sql: `explain (format json) ${countSourceSql({ ...plan, params: p2, counter: { n: 0 } }, table, select)}`, values: p2.values };
    })()
    : null;

  const rollback = wantsRollback(header(req, 'prefer'));
  const roleSettings = await roleSettingsOf(ctx.db, identity.role);
  const context = [
    searchPathOf(schema, ctx.config.api.extraSearchPath),
    identity.role, identity.claimsJson, req.method, req.url.split('?')[0]!,
    forwardedHeaders(req.socket, req.headers, trusted), cookiesJson(req), roleSettings,
  ];
  const begin = contextStatements(!mutation, context);
  type Row = { body: string; rows: number; total: number | null; inserted: number | null };
  const answer = (row: Row) => {
    const n = Number(row.rows);
    if (output === 'single' && (!mutation || prefer.return === 'representation') && n !== 1) {
      throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
    }
    if (mutation && prefer.strict && prefer.maxAffected !== null && n > prefer.maxAffected) {
      throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
    }
    return { body: row.body, rows: n, total: row.total === null ? null : Number(row.total), inserted: row.inserted === null ? null : Number(row.inserted), plan: false };
  };
  // A plain read: its transaction's end does not depend on the answer (one exchange on PGlite).
  const plain = !mutation && !media && !planned && !rollback && begin !== null;
  const result = await (plain
    ? ctx.db.readOnly<Row>(begin, sql, values).then(({ rows }) => answer(rows[0]!))
    : transaction(ctx.db, rollback, async (tx) => {
      if (begin === null) await tx.query(mutation ? CONTEXT_SQL : CONTEXT_SQL_READ_ONLY, context);
      if (media) {
        await assertPlanEnabled(tx, media);
        const explained = await tx.query<Record<string, unknown>>(explainSql(media, sql), values);
        return { body: planBody(media, explained.rows), rows: 0, total: null, inserted: null, plan: true };
      }
      const out = answer((await tx.prepared<Row>(sql, values)).rows[0]!);
      if (planned && (prefer.count === 'planned' || (out.total !== null && ctx.config.api.maxRows > 0 && out.total > ctx.config.api.maxRows))) {
        const { rows: explained } = await tx.query<{ 'QUERY PLAN': unknown }>(planned.sql, planned.values);
        const doc = explained[0]?.['QUERY PLAN'];
        const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as Array<{ Plan: { 'Plan Rows': number } }>;
        const estimate = Number(parsed[0]?.Plan['Plan Rows'] ?? 0);
        out.total = prefer.count === 'planned' ? estimate : Math.max(out.total ?? 0, estimate);
      }
      return out;
    }, begin ?? undefined)).catch((err: unknown) => {
    throw err instanceof RestError ? err : fromDatabaseError(err, identity.role);
  });

  if (result.plan && media) return reply.code(200).header('content-type', planContentType(media)).send(result.body);
  const appliedPrefs = [applied(prefer, mutation), rollback ? 'tx=rollback' : ''].filter(Boolean).join(', ');
  if (appliedPrefs) reply.header('preference-applied', appliedPrefs);
  const type = output === 'csv' ? 'text/csv; charset=utf-8'
    : strip ? `application/vnd.pgrst.${output === 'single' ? 'object' : 'array'}+json; nulls=stripped; charset=utf-8`
    : output === 'single' ? `${SINGLE}; charset=utf-8` : 'application/json; charset=utf-8';
  if (!mutation) {
    const { status, contentRange } = rangeStatus(range.offset, result.rows, result.total);
    return reply.code(status).header('content-range', contentRange).type(type).send(result.body);
  }
  const total = prefer.count ? String(result.rows) : '*';
  const ret = prefer.return ?? 'minimal';
  const created = kind === 'insert' && !(result.inserted === 0);
  if (ret === 'headers-only' && kind === 'insert') {
    const location = locationOf(table, result.body);
    if (location) reply.header('location', location);
  }
  if (ret !== 'representation') {
    reply.header('content-range', `*/${total}`);
    return reply.code(created ? 201 : kind === 'insert' ? 200 : 204).removeHeader('content-type').send();
  }
  const range2 = result.rows > 0 ? `0-${result.rows - 1}` : '*';
  return reply.code(created ? 201 : 200).header('content-range', `${range2}/${total}`).type(type).send(result.body);
}
