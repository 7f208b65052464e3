/**
 * PostgREST's error body `{code, details, hint, message}` and its SQLSTATE -> HTTP status mapping
 * (supabase/local/docs/wire-contract.md "RPC: errors"; PostgREST src/PostgREST/Error.hs).
 */
import type { FastifyReply } from 'fastify';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface PgErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

const PREFIX_STATUS: Array<[string, number]> = [
  ['08', 503], ['09', 500], ['0L', 403], ['0P', 403], ['25', 500], ['28', 403], ['2D', 500],
  ['38', 500], ['39', 500], ['3B', 500], ['40', 500], ['53', 503], ['54', 500], ['55', 500],
  ['57', 500], ['58', 500], ['F0', 500], ['HV', 500], ['P0', 500], ['XX', 500],
];

const EXACT_STATUS: Record<string, number> = {
  '23503': 409, '23505': 409, '25006': 405, 'P0001': 400, '42883': 404, '42P01': 404, '42P17': 500,
};

/** The status PostgREST answers for a database error raised while serving `role`. */
export function statusForSqlState(code: string, message: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  // The JWT named a role the database does not have.
  if (code === '22023' && /^role .* does not exist$/.test(message)) return 401;
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  if (EXACT_STATUS[code]) return EXACT_STATUS[code];
  for (const [prefix, status] of PREFIX_STATUS) if (code.startsWith(prefix)) return status;
  return 400;
}

export function fromDatabaseError(err: unknown, role: string): RestError {
  const pg = err as PgErrorLike;
  if (!pg || typeof pg.code !== 'string') {
    console.error('rest: unexpected error from the database layer:', err);
    return new RestError(500, 'PGRST000', 'Unexpected failure, please check server logs for more information');
  }
  const message = pg.message ?? '';
  const status = statusForSqlState(pg.code, message, role);
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
  return new RestError(status, pg.code, message, pg.detail ?? null, pg.hint ?? null, headers);
}

export function sendRestError(reply: FastifyReply, err: RestError): FastifyReply {
  return reply
    .code(err.status)
    .headers({ 'proxy-status': `PostgREST; error=${err.code}`, ...err.headers })
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code: err.code, details: err.details, hint: err.hint, message: err.message }));
}
