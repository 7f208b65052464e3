/**
 * The `/rest/v1` plugin: POST/GET/HEAD /rpc/:fn with PostgREST's semantics
 * (supabase/local/docs/wire-contract.md "RPC: requests"), including its query grammar on the
 * function's result (select, filters, and/or, order, limit/offset, Range, counts).
 * Tables and views: `./tables/handler.ts`; other paths answer PGRST205.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BlockList } from 'node:net';
import { gatewayBearer } from '../keys.js';
import { callParts, callSql, runCall, searchPathOf, takesArgs, type CallInput } from './call.js';
import { forwardedHeaders, trustedProxies } from './clientAddress.js';
import { RestError, fromDatabaseError, sendRestError } from './errors.js';
import { resultShape } from './query/columns.js';
import { parseQuery, type ParsedQuery } from './query/parse.js';
import { rangeStatus, requestedRange } from './query/range.js';
import { grammarSql } from './query/sql.js';
import { QueryParamError } from './query/types.js';
import { cookiesJson, header, requestSchema, type RestContext } from './request.js';
import { resolveFunction } from './resolve.js';
import { TableCatalog } from './tables/catalog.js';
import { maxAffected, wantsRollback } from './txEnd.js';
import { handleTable } from './tables/handler.js';
import { rpcTableRead } from './tables/rpcRead.js';

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The query string, parsed as PostgREST does; PGRST100 for what does not parse. */
function readQuery(req: FastifyRequest): ParsedQuery {
  const q = req.url.indexOf('?');
  try {
    const parsed = parseQuery(q < 0 ? '' : req.url.slice(q + 1), req.method !== 'POST');
    if (parsed.embedded !== null) {
      throw new RestError(400, 'PGRST108', `'${parsed.embedded}' is not an embedded resource in this request`, null,
        `Verify that '${parsed.embedded}' is included in the 'select' query parameter.`);
    }
    return parsed;
  } catch (err) {
    if (err instanceof QueryParamError) throw new RestError(400, 'PGRST100', err.message, err.details);
    throw err;
  }
}

async function handleRpc(ctx: RestContext, trusted: BlockList, req: FastifyRequest, reply: FastifyReply) {
  const schema = requestSchema(ctx, req);
  const identity = await ctx.roles.identify(gatewayBearer(req.headers));
  const name = (req.params as { fn: string }).fn;
  // A POST whose select embeds, casts or reads JSON paths on a table's rows takes ./tables/rpcRead.ts;
  // the RPC grammar's refusal stands when that does not apply.
  let query: ParsedQuery;
  let queryError: unknown = null;
  try {
    query = readQuery(req);
  } catch (err) {
    if (req.method !== 'POST') throw err;
    queryError = err;
    query = { args: {}, select: null, where: [], order: [], limit: null, offset: null, embedded: null };
  }
  const body = req.method === 'POST' ? (req.body ?? {}) : query.args;
  const { fn, wholeBody } = await resolveFunction(ctx.catalog, schema, name, isPlainObject(body) ? body : {}).catch(
    (err: unknown) => {
      // e.g. a NUL byte in the function name: the catalog query refuses it, the client gets a 4xx.
      throw err instanceof RestError ? err : fromDatabaseError(err, identity.role);
    },
  );
  if (!wholeBody && !isPlainObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const args = body;
  const keys = wholeBody ? [] : Object.keys(body as object);
  const single = (header(req, 'accept') ?? '').includes(SINGLE_OBJECT);
  const counted = /count=(exact|planned|estimated)/.exec(header(req, 'prefer') ?? '');
  // A function's rows are counted as PostgREST counts them (`Query/Statements.hs` mainCall, `MainTx.hs`
  // CallReadPlan): exactly for count=exact and count=estimated (no planner estimate, whatever db-max-rows),
  // not at all for count=planned (Content-Range `0-24/*`). Planned and estimated counts are for tables and views.
  const counts = counted !== null && counted[1] !== 'planned';
  const rangeHeader = req.method === 'GET' ? header(req, 'range') : undefined;
  let range = requestedRange(query.limit, query.offset, rangeHeader, ctx.config.api.maxRows);
  let shaped = query.select !== null || query.where.length > 0 || query.order.length > 0
    || query.limit !== null || query.offset !== null || rangeHeader !== undefined;
  const input: CallInput = {
    fn, args, wholeBody, single, identity,
    readOnly: req.method !== 'POST' || fn.volatility !== 'v',
    searchPath: searchPathOf(schema, ctx.config.api.extraSearchPath),
    method: req.method,
    path: req.url.split('?')[0]!,
    headersJson: forwardedHeaders(req.socket, req.headers, trusted),
    cookiesJson: cookiesJson(req),
    rollback: wantsRollback(header(req, 'prefer')),
    maxAffected: maxAffected(header(req, 'prefer')),
  };
  let result;
  try {
    const q = req.url.indexOf('?');
    const tableRead = req.method === 'POST' && !fn.returnsVoid && q >= 0
      ? await rpcTableRead({
        db: ctx.db, tables: ctx.tables!, schema, fn, rawQuery: req.url.slice(q + 1), ...callParts(fn, keys, wholeBody),
        paramOffset: takesArgs(input) ? 1 : 0, single, count: counts, maxRows: ctx.config.api.maxRows,
      })
      : null;
    if (tableRead) {
      ({ range } = tableRead);
      shaped = true;
      result = await runCall(ctx.db, input, tableRead.sql, tableRead.params);
    } else if (queryError) throw queryError;
    else if (shaped && !fn.returnsVoid) {
      const { call, from } = callParts(fn, keys, wholeBody);
      const shape = await resultShape(ctx.db, fn);
      const { sql, params } = grammarSql({
        fn, shape, call, from, paramOffset: takesArgs(input) ? 1 : 0, single, count: counts,
        request: { select: query.select, where: query.where, order: query.order, offset: range.offset, limit: range.limit },
      });
      result = await runCall(ctx.db, input, sql, params);
    } else {
      result = await runCall(ctx.db, input, callSql(fn, keys, wholeBody, single, ctx.config.api.maxRows));
      if (counts) result.total = result.rows;
    }
  } catch (err) {
    if (err instanceof RestError) throw err;
    if ((err as { code?: string }).code === '42883') ctx.catalog.forget(schema, name);
    throw fromDatabaseError(err, identity.role);
  }
  if (fn.returnsVoid) return reply.code(204).removeHeader('content-type').send();
  if (single && (shaped || fn.returnsSet) && result.rows !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object',
      `The result contains ${result.rows} rows`);
  }
  const { status, contentRange } = rangeStatus(range.offset, result.rows, result.total);
  if (counted) reply.header('preference-applied', `count=${counted[1]}`);
  return reply
    .code(status)
    .header('content-range', contentRange)
    .type(single ? `${SINGLE_OBJECT}; charset=utf-8` : 'application/json; charset=utf-8')
    .send(result.body);
}

function toRestError(err: FastifyError): RestError {
  if (err instanceof RestError) return err;
  if (err.code === 'BAD_JSON' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new RestError(400, 'PGRST102', 'Empty or invalid json', err.message);
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new RestError(err.statusCode, 'PGRST000', err.message);
  return new RestError(500, 'PGRST000', 'Unexpected failure, please check server logs for more information');
}

export function restPlugin(ctx: RestContext) {
  const trusted = trustedProxies(ctx.config.api.trustedProxies); // a bad entry stops the start
  const tables = (ctx.tables ??= new TableCatalog(ctx.db));
  return async (app: FastifyInstance): Promise<void> => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      // PostgREST has no body limit of its own; the gateway's (Kong's) 413 is what clients see.
      if (err.statusCode === 413) return reply.code(413).send({ message: 'Request size limit exceeded' });
      const restErr = toRestError(err);
      if (restErr.status >= 500 && !(err instanceof RestError)) console.error(`rest ${req.method} ${req.url}:`, err);
      return sendRestError(reply, restErr);
    });
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0]!.replace(/^\/rest\/v1\/?/, '');
      return sendRestError(reply, new RestError(404, 'PGRST205',
        `Could not find the table 'public.${path}' in the schema cache`));
    });
    app.post('/rpc/:fn', (req, reply) => handleRpc(ctx, trusted, req, reply));
    app.get('/rpc/:fn', (req, reply) => handleRpc(ctx, trusted, req, reply));
    // Tables and views (./tables/): PostgREST's /<table> with its grammar, embedding and writes.
    app.route({
      method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      url: '/:table',
      handler: (req, reply) => handleTable(ctx, tables, trusted, req, reply),
    });
  };
}
