/**
 * What the RPC handler (./routes.ts) and the table handler (./tables/handler.ts) share: the REST
 * plugin's context and the request's schema, headers and cookies as PostgREST reads them.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import type { FunctionCatalog } from './catalog.js';
import { RestError } from './errors.js';
import type { JwtRoles } from './jwt.js';
import type { TableCatalog } from './tables/catalog.js';

export interface RestContext {
  db: Db;
  config: Config;
  catalog: FunctionCatalog;
  roles: JwtRoles;
  /** Tables and views of the exposed schemas (created by restPlugin when not given). */
  tables?: TableCatalog;
}

/** A request header as one string (repeated headers joined with ', '). */
export function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/**
 * The schema a request is for (PostgREST's schema profiles): Accept-Profile on GET and HEAD,
 * Content-Profile on the methods with a body (POST, PATCH, PUT, DELETE); the first exposed schema
 * when there is none; PGRST106 for a schema that is not exposed.
 */
export function requestSchema(ctx: RestContext, req: FastifyRequest): string {
  const read = req.method === 'GET' || req.method === 'HEAD';
  const name = header(req, read ? 'accept-profile' : 'content-profile');
  const schemas = ctx.config.api.schemas;
  if (name === undefined || name === '') return schemas[0] ?? 'public';
  if (!schemas.includes(name)) {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${name}`, null, `Only the following schemas are exposed: ${schemas.join(', ')}`);
  }
  return name;
}

/** The Cookie header as a JSON object, for the request.cookies setting. */
export function cookiesJson(req: FastifyRequest): string {
  const out: Record<string, string> = {};
  for (const part of (header(req, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return JSON.stringify(out);
}
