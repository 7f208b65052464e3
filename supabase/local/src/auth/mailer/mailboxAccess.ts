/**
 * Who may read the local mailbox. It holds every password-reset and invitation link, so whoever
 * reads it can take over any account: it exists only when the backend is started with `--mailbox`
 * (npm start / npm run dev, the test and e2e backends), only while the backend listens on loopback
 * unless `--force-mailbox`, and each request must carry either
 *  - the service_role key (apikey or Authorization: Bearer, as the CLI's gateway passes them;
 *    scripts and tests), or
 *  - the cookie set by the link the backend prints at start (`/mailbox?key=<random>`), so a
 *    developer can still open it in a browser. HttpOnly and SameSite=Strict: another site can
 *    neither read it nor make the browser send it.
 * The Supabase CLI's Inbucket/Mailpit has no key, but it listens on its own port, never exposed.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JwtKeys } from '../../jwt/keys.js';
import { gatewayBearer } from '../../keys.js';

/** `off`: no mailbox (default); `loopback`: `--mailbox`; `any-host`: `--force-mailbox`. */
export type MailboxSetting = 'off' | 'loopback' | 'any-host';

export const MAILBOX_COOKIE = 'buzz_mailbox';

/** 127.0.0.0/8, ::1 (also bracketed or IPv4-mapped) and `localhost`; 0.0.0.0 and :: are every interface. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  const v4 = bare.replace(/^::ffff:/, '');
  if (isIP(v4) === 4) return v4.startsWith('127.');
  // The URL parser writes any spelling of ::1 (0:0:0:0:0:0:0:1, ...) as [::1].
  return isIP(bare) === 6 && new URL(`http://[${bare}]/`).hostname === '[::1]';
}

export function mailboxEnabled(setting: MailboxSetting, host: string): boolean {
  return setting === 'any-host' || (setting === 'loopback' && isLoopbackHost(host));
}

/** A new per-process key for the printed link and the cookie (a restart invalidates both). */
export const newMailboxKey = (): string => randomBytes(32).toString('base64url');

function sameKey(given: string | undefined, key: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === MAILBOX_COOKIE) return value.join('=');
  }
  return undefined;
}

async function isServiceRole(req: FastifyRequest, keys: JwtKeys): Promise<boolean> {
  const token = gatewayBearer(req.headers);
  if (!token) return false;
  try {
    const payload = await keys.verify(token);
    return payload.role === 'service_role';
  } catch {
    return false;
  }
}

/**
 * The mailbox plugin's onRequest hook: `?key=` on `/mailbox` trades the printed key for the
 * cookie (303 to `/mailbox`, so the key leaves the address bar); anything else needs the
 * service_role key or that cookie, or is answered 401 without a word of mail.
 */
export function mailboxGuard(key: string, keys: JwtKeys) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    const given = (req.query as Record<string, unknown> | undefined)?.key;
    if (typeof given === 'string') {
      if (!sameKey(given, key)) return refuse(req, reply);
      return reply
        .code(303)
        .header('set-cookie', `${MAILBOX_COOKIE}=${key}; Path=/mailbox; HttpOnly; SameSite=Strict`)
        .header('location', '/mailbox')
        .send();
    }
    if (sameKey(cookieValue(req), key) || (await isServiceRole(req, keys))) return;
    return refuse(req, reply);
  };
}

function refuse(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.code(401).header('cache-control', 'no-store');
  if (req.url.startsWith('/mailbox/api/')) {
    return reply.send({ message: 'The local mailbox needs the service_role key (apikey or Authorization: Bearer)' });
  }
  return reply
    .type('text/html; charset=utf-8')
    .send('<!doctype html><title>Mailbox</title><p>Open the local mailbox with the link the backend printed at start (<code>Local mailbox: …/mailbox?key=…</code>).</p>');
}
