/**
 * CORS for the site and back office (http://localhost:8000 and any other local port in dev), with
 * the request headers supabase-js sends and the response headers it must read (supabase/local/docs/wire-contract.md "Gateway and keys").
 * Deployments can allow more origins with SUPABASE_CORS_ORIGINS (comma separated).
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export const ALLOWED_HEADERS = [
  'authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version',
  'accept-profile', 'content-profile', 'prefer', 'range', 'x-retry-count', 'accept',
];

export const EXPOSED_HEADERS = [
  'X-Supabase-Api-Version', 'X-Total-Count', 'Link', 'Content-Encoding', 'Content-Location',
  'Content-Range', 'Content-Type', 'Date', 'Location', 'Server', 'Transfer-Encoding', 'Range-Unit',
  'x-sb-error-code', 'Proxy-Status',
];

export function isAllowedOrigin(origin: string): boolean {
  const extra = (process.env.SUPABASE_CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return LOCAL_ORIGIN.test(origin) || extra.includes(origin);
}

export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin === undefined || isAllowedOrigin(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
  });
}
