/**
 * GoTrue's error responses. supabase-js reads `error.code` only when the response carries the
 * `X-Supabase-Api-Version` header (auth-js lib/fetch.ts handleError), so new-style errors always send it; a
 * request without a valid version header gets GoTrue's legacy body instead.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);

/** GoTrue maps any valid date >= 2024-01-01 in the request header to version 2024-01-01. */
export function wantsVersionedErrors(req: FastifyRequest): boolean {
  const raw = req.headers['x-supabase-api-version'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION}T00:00:00Z`);
}

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: AuthError): FastifyReply {
  reply.code(err.status).header('x-sb-error-code', err.code);
  if (wantsVersionedErrors(req)) {
    reply.header('x-supabase-api-version', API_VERSION);
    return reply.send({ code: err.code, message: err.message, ...err.extra });
  }
  return reply.send({ code: err.status, error_code: err.code, msg: err.message, ...err.extra });
}
