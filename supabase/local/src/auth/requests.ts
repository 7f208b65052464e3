/** Request helpers shared by the auth handlers: body validation, e-mail rules, rate limiting. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AuthError, validationFailed } from './errors.js';
import type { RateLimiter } from './rateLimit.js';

/** GoTrue's e-mail pattern (internal/api/mail.go). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Validates an e-mail like GoTrue and returns it lower-cased. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim();
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** Body shape errors read like GoTrue's JSON decoding errors (400 bad_json). */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` (field ${issue.path.join('.')})` : '';
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${issue?.message ?? 'invalid body'}${where}`);
  }
  return result.data;
}

export function enforceRateLimit(limiter: RateLimiter, req: FastifyRequest): void {
  if (!limiter.take(req.ip)) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

/**
 * The per-IP e-mail limit (config.toml `[auth.rate_limit] email_sent`, per hour): every request
 * that may send an auth e-mail (/recover, /otp, /magiclink, /resend, /reauthenticate) takes one,
 * whether or not a mail goes out, so the answer never tells whether an address has an account.
 */
export function enforceEmailLimit(limiter: RateLimiter, req: FastifyRequest): void {
  if (!limiter.take(req.ip)) throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
}

/** The `redirect_to` query parameter supabase-js sends (emailRedirectTo, redirectTo). */
export function redirectParam(req: FastifyRequest): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.redirect_to;
  return typeof value === 'string' ? value : undefined;
}

export function requestMeta(req: FastifyRequest): { userAgent?: string; ip?: string } {
  return { userAgent: req.headers['user-agent'], ip: req.ip };
}

/** Credentials as sent by signUp / signInWithPassword; unknown fields (captcha, PKCE) tolerated. */
export const Credentials = z.object({
  email: z.string().optional().nullable(),
  phone: z.string().optional().nullable(),
  password: z.string().optional().nullable(),
  data: z.record(z.string(), z.unknown()).optional().nullable(),
});
