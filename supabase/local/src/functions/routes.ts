/**
 * `/functions/v1/<name>`: every folder of `supabase/functions` with an `index.ts` (not `_shared`)
 * is a function, served under real Deno as `supabase functions serve` serves it (`deno.ts`): a
 * maintainer adds a function by adding a folder. As on hosted Supabase, a request needs a valid
 * JWT (HS256 with the project secret or a key of the signing key set, ../jwt/keys.ts; the anon key
 * will do) or it gets 401 before the function runs, unless config.toml says
 * `[functions.<name>] verify_jwt = false`; the gateway's own rejections carry `x-relay-error: true`,
 * as the Functions relay marks them, so supabase-js reports a FunctionsRelayError. The body reaches
 * the function byte for byte (stripe-webhook's signature is over it).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JwtKeys } from '../jwt/keys.js';
import { parse } from 'smol-toml';
import type { BlockList } from 'node:net';
import { CONFIG_TOML } from '../config.js';
import { BODY_LIMIT } from '../http/body.js';
import { ADDRESS_HEADERS, clientAddress, trustedProxies } from '../rest/clientAddress.js';
import { gatewayBearer, LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys.js';
import { DenoFunctions, FUNCTIONS_DIR, functionEntry, readDotEnv } from './deno.js';

/** supabase/functions, or SUPABASE_FUNCTIONS_DIR (tests serve a folder of their own). */
function functionsDir(): string {
  return process.env.SUPABASE_FUNCTIONS_DIR ? resolve(process.env.SUPABASE_FUNCTIONS_DIR) : FUNCTIONS_DIR;
}

/** config.toml `[functions.<name>] verify_jwt` (default true), read on each request like the folders. */
export function verifyJwtFor(name: string, configToml = CONFIG_TOML): boolean {
  try {
    const functions = (parse(readFileSync(configToml, 'utf8')) as { functions?: Record<string, { verify_jwt?: unknown }> }).functions;
    const value = functions?.[name]?.verify_jwt;
    return typeof value === 'boolean' ? value : true;
  } catch {
    return true;
  }
}

/**
 * The environment a function gets, computed for each request: the backend's environment (the
 * secrets a developer exports, e.g. STRIPE_SECRET_KEY, SITE_URL, SMTP_*), `supabase/functions/.env`,
 * then what the Edge Runtime always sets. Locally send-messages delivers to this backend's SMTP
 * sink unless SMTP_HOST names another server.
 */
function envFor(dir: string, baseUrl: string, smtpPort: number | null): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'NODE_OPTIONS') env[k] = v;
  Object.assign(env, readDotEnv(join(dir, '.env')));
  if (!env.SMTP_HOST && smtpPort !== null) env.SMTP_PORT = String(smtpPort);
  return {
    ...env,
    SUPABASE_URL: baseUrl,
    SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    SUPABASE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
    SUPABASE_SECRET_KEY: LOCAL_SECRET_KEY,
    ...(process.env.DATABASE_URL ? { SUPABASE_DB_URL: process.env.DATABASE_URL } : {}),
  };
}

/**
 * The origin of `req.url` in a function: the edge runtime's server, where Deno serves by default
 * (the Functions relay's DENO_ORIGIN; supabase-js's functions-js suite expects it). The caller's
 * origin reaches the function in the X-Forwarded-* headers.
 */
export const FUNCTION_ORIGIN = 'http://localhost:8000';

/** A rejection by the gateway itself, before any function runs: the relay marks it. */
function relayError(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(401).header('x-relay-error', 'true').send({ code: 401, message });
}

function toWebRequest(req: FastifyRequest, trusted: BlockList): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(k)) continue;
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const item of v) headers.append(k, item);
  }
  // The caller's origin reaches the function in the gateway's proxy headers, not in req.url.
  // Kong replaces client-sent X-Forwarded-Host/-Port/-Proto (no trusted_ips by default). The client's address is this backend's rule for every API
  // (../rest/clientAddress.ts): the address headers a client sent are dropped, and X-Real-IP and
  // X-Forwarded-For name the socket's peer or what a BUZZ_TRUSTED_PROXIES proxy reports.
  for (const name of ADDRESS_HEADERS) headers.delete(name);
  const client = clientAddress(req.socket, req.headers, trusted);
  headers.set('x-forwarded-host', (req.headers.host ?? '').replace(/:\d+$/, ''));
  headers.set('x-forwarded-port', String(req.socket.localPort ?? ''));
  headers.set('x-forwarded-proto', req.protocol);
  headers.set('x-forwarded-for', client);
  headers.set('x-real-ip', client);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && Buffer.isBuffer(req.body);
  // The function sees `/<name>/...`: the gateway strips `/functions/v1` (hosted and the CLI's Kong
  // route; supabase docs guides/functions/routing.md routes on `/hello-world` in function hello-world).
  const path = req.url.replace(/^\/functions\/v1(?=\/)/, '');
  return new Request(`${FUNCTION_ORIGIN}${path}`, { method: req.method, headers, body: hasBody ? new Uint8Array(req.body as Buffer) : undefined });
}

async function sendWebResponse(reply: FastifyReply, res: Response): Promise<FastifyReply> {
  reply.code(res.status);
  // The body is passed on as the function encoded it; its length is counted afresh.
  res.headers.forEach((value, key) => {
    if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(key)) void reply.header(key, value);
  });
  return reply.send(Buffer.from(await res.arrayBuffer()));
}

export function functionsPlugin(opts: {
  keys: JwtKeys;
  /** The server's `api.trustedProxies` (config.ts), as REST reads them. */
  trustedProxies: string[];
  baseUrl: () => string;
  smtpPort?: () => number | null;
}) {
  const deno = new DenoFunctions();
  const trusted = trustedProxies(opts.trustedProxies);
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('onClose', async () => deno.close());
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const name = (req.params as { name: string }).name;
      const dir = functionsDir();
      const entry = functionEntry(name, dir);
      if (!entry) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Requested function was not found' });
      if (req.method !== 'OPTIONS' && verifyJwtFor(name)) {
        const token = gatewayBearer(req.headers);
        if (!token) return relayError(reply, 'Missing authorization header');
        try {
          await opts.keys.verify(token);
        } catch {
          return relayError(reply, 'Invalid JWT');
        }
      }
      let res: Response;
      try {
        res = await deno.fetch(name, entry, envFor(dir, opts.baseUrl(), opts.smtpPort?.() ?? null), toWebRequest(req, trusted));
      } catch (error) {
        req.log.error({ err: error }, `function ${name} failed to start`);
        return reply.code(503).send({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
      }
      return sendWebResponse(reply, res);
    };
    app.all('/:name', handle);
    app.all('/:name/*', handle);
  };
}
