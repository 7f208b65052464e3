/**
 * The `/rest/v1` plugin: POST/GET/HEAD /rpc/:fn with PostgREST's semantics
 * (supabase/local/docs/wire-contract.md "RPC: requests").
 * Tables are not exposed (every call of this product is an RPC), so other paths answer PGRST205.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import { gatewayBearer } from '../keys.js';
import { callSql, runCall } from './call.js';
import type { FunctionCatalog } from './catalog.js';
import { RestError, fromDatabaseError, sendRestError } from './errors.js';
import type { JwtRoles } from './jwt.js';
import { resolveFunction } from './resolve.js';

export interface RestContext {
  db: Db;
  config: Config;
  catalog: FunctionCatalog;
  roles: JwtRoles;
}

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';
/** Query parameters PostgREST reserves for shaping results; not supported on RPCs here. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'and', 'or', 'columns', 'on_conflict']);

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function profile(ctx: RestContext, req: FastifyRequest): string {
  const name = header(req, req.method === 'POST' ? 'content-profile' : 'accept-profile');
  const schemas = ctx.config.api.schemas;
  if (name === undefined || name === '') return schemas[0] ?? 'public';
  if (!schemas.includes(name)) {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${name}`, null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`);
  }
  return name;
}

function queryArgs(req: FastifyRequest): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query as Record<string, string | string[]>)) {
    if (key === 'select' && value === '*') continue;
    if (RESERVED.has(key)) {
      throw new RestError(400, 'PGRST100', `"${key}" on function results is not supported by the embedded backend`);
    }
    args[key] = Array.isArray(value) ? value[value.length - 1] : value;
  }
  return args;
}

function cookies(req: FastifyRequest): string {
  const out: Record<string, string> = {};
  for (const part of (header(req, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return JSON.stringify(out);
}

async function handleRpc(ctx: RestContext, req: FastifyRequest, reply: FastifyReply) {
  const schema = profile(ctx, req);
  const identity = await ctx.roles.identify(gatewayBearer(req.headers));
  const name = (req.params as { fn: string }).fn;
  const body = req.method === 'POST' ? (req.body ?? {}) : queryArgs(req);
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
  let result;
  try {
    result = await runCall(ctx.db, {
      fn, args, wholeBody, single, identity,
      readOnly: req.method !== 'POST' || fn.volatility !== 'v',
      searchPath: [schema, ...ctx.config.api.extraSearchPath.filter((s) => s !== schema)].join(', '),
      method: req.method,
      path: req.url.split('?')[0]!,
      headersJson: JSON.stringify(req.headers),
      cookiesJson: cookies(req),
    }, callSql(fn, keys, wholeBody, single, ctx.config.api.maxRows));
  } catch (err) {
    if ((err as { code?: string }).code === '42883') ctx.catalog.forget(schema, name);
    throw fromDatabaseError(err, identity.role);
  }
  if (fn.returnsVoid) return reply.code(204).removeHeader('content-type').send();
  if (single && fn.returnsSet && result.rows !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object',
      `The result contains ${result.rows} rows`);
  }
  const counted = /count=(exact|planned|estimated)/.test(header(req, 'prefer') ?? '');
  const total = counted ? String(result.rows) : '*';
  const range = result.rows > 0 ? `0-${result.rows - 1}/${total}` : `*/${total}`;
  return reply
    .code(200)
    .header('content-range', range)
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
    app.post('/rpc/:fn', (req, reply) => handleRpc(ctx, req, reply));
    app.get('/rpc/:fn', (req, reply) => handleRpc(ctx, req, reply));
  };
}
