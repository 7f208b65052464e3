/**
 * `/functions/v1/<name>`: the project's Edge Functions (supabase/functions/<name>/handler.ts:
 * invite-user, publish-content, send-messages, newsletter, stripe-checkout, stripe-webhook, stripe-refund)
 * served in-process. As on hosted Supabase with the default `verify_jwt = true`, a request needs
 * a valid JWT signed with the project secret (the anon key will do) or it gets 401 before the
 * function runs. The handler gets a web `Request` and answers a web `Response`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { createInviteUserHandler } from '../../../functions/invite-user/handler.js';
import { createPublishContentHandler } from '../../../functions/publish-content/handler.ts';
import { createSendMessagesHandler } from '../../../functions/send-messages/handler.ts';
import { createNewsletterHandler } from '../../../functions/newsletter/handler.ts';
import { senderSettings, smtpTransport } from '../../../functions/send-messages/smtp.ts';
import { createStripeCheckoutHandler } from '../../../functions/stripe-checkout/handler.ts';
import { createStripeWebhookHandler } from '../../../functions/stripe-webhook/handler.ts';
import { createStripeRefundHandler } from '../../../functions/stripe-refund/handler.ts';
import { createStripe, verifyStripeEvent } from '../../../functions/_shared/stripe.ts';
import { BODY_LIMIT } from '../http/body.js';
import { gatewayBearer, LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys.js';

type Handler = (req: Request) => Promise<Response>;

/** The Deno entry's wiring (index.ts) with plain fetch against this server's own API. */
function inviteUser(baseUrl: () => string): Handler {
  return createInviteUserHandler({
    async recordInvitation(authorization, email, role) {
      const res = await fetch(`${baseUrl()}/rest/v1/rpc/create_buzz_haven_invitation`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ p_email: email, p_role: role }),
      });
      if (res.ok) return { error: null };
      const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
      return { error: { message: body.message ?? res.statusText, code: body.code } };
    },
    async inviteUserByEmail(email, options) {
      const query = options.redirectTo ? `?redirect_to=${encodeURIComponent(options.redirectTo)}` : '';
      const res = await fetch(`${baseUrl()}/auth/v1/invite${query}`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_SERVICE_ROLE_KEY,
          Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify({ email, data: options.data }),
      });
      const body = (await res.json().catch(() => ({}))) as { id?: string; email?: string; code?: string; message?: string };
      if (!res.ok) return { data: { user: null }, error: { message: body.message ?? res.statusText, status: res.status, code: body.code } };
      return { data: { user: { id: body.id!, email: body.email } }, error: null };
    },
  });
}

async function toWebRequest(req: FastifyRequest, baseUrl: string): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  const body = !hasBody ? undefined
    : Buffer.isBuffer(req.body) ? new Uint8Array(req.body)
    : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  return new Request(`${baseUrl}${req.url}`, { method: req.method, headers, body });
}

async function sendWebResponse(reply: FastifyReply, res: Response): Promise<FastifyReply> {
  reply.code(res.status);
  res.headers.forEach((value, key) => void reply.header(key, value));
  return reply.send(Buffer.from(await res.arrayBuffer()));
}

/**
 * send-messages as hosted runs it on a schedule; without SMTP_HOST it delivers to this backend's
 * own SMTP sink (its port is known once it listens).
 */
function sendMessages(baseUrl: () => string, smtpPort: () => number | null): Handler {
  const env = (name: string) =>
    name === 'SMTP_PORT' && !process.env.SMTP_HOST ? String(smtpPort() ?? process.env.SMTP_PORT ?? '') : process.env[name];
  // One pooled transport for the server's life, as the Deno entry keeps one per instance.
  let transport: ReturnType<typeof smtpTransport> | undefined;
  return (req) => {
    transport ??= smtpTransport(env);
    return createSendMessagesHandler({
      supabaseUrl: baseUrl(), serviceRoleKey: LOCAL_SERVICE_ROLE_KEY, transport, ...senderSettings(env),
    })(req);
  };
}

/**
 * Payments (issue 25): with STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET unset, both functions answer
 * 503 and the shop works as before. STRIPE_API_URL (local only, never read by the deployed
 * functions) points the SDK at the test stand-in of tests/stripe.
 */
function stripeFunctions(baseUrl: () => string): { checkout: Handler; webhook: Handler; refund: Handler } {
  const stripe = createStripe(process.env.STRIPE_SECRET_KEY || undefined, process.env.STRIPE_API_URL || undefined);
  return {
    checkout: (req) => createStripeCheckoutHandler({
      stripe, supabaseUrl: baseUrl(), serviceRoleKey: LOCAL_SERVICE_ROLE_KEY, siteUrl: process.env.SITE_URL || 'http://localhost:8000',
    })(req),
    webhook: (req) => createStripeWebhookHandler({
      webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined, verify: verifyStripeEvent,
      supabaseUrl: baseUrl(), serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    })(req),
    refund: (req) => createStripeRefundHandler({
      stripe, supabaseUrl: baseUrl(), anonKey: LOCAL_ANON_KEY, serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    })(req),
  };
}

export function functionsPlugin(opts: { secret: Uint8Array; baseUrl: () => string; smtpPort?: () => number | null }) {
  const stripe = stripeFunctions(opts.baseUrl);
  // Created per request: the base URL is known only once the server listens.
  const publishContent: Handler = (req) =>
    createPublishContentHandler({
      supabaseUrl: opts.baseUrl(),
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      buildHookUrl: process.env.SITE_BUILD_HOOK_URL || undefined,
    })(req);
  const functions: Record<string, Handler> = {
    'invite-user': inviteUser(opts.baseUrl),
    'publish-content': publishContent,
    'send-messages': sendMessages(opts.baseUrl, opts.smtpPort ?? (() => null)),
    newsletter: (req) => createNewsletterHandler({
      supabaseUrl: opts.baseUrl(), anonKey: LOCAL_ANON_KEY, siteUrl: process.env.SITE_URL || 'http://localhost:8000',
    })(req),
    'stripe-checkout': stripe.checkout,
    'stripe-refund': stripe.refund,
  };
  // config.toml [functions.newsletter] verify_jwt = false: its links are opened from e-mail.
  const withoutJwt = new Set(['newsletter']);
  return async (app: FastifyInstance): Promise<void> => {
    // stripe-webhook (config.toml verify_jwt = false: Stripe sends no JWT) gets the body's bytes
    // exactly as sent, as hosted functions do: the signature is over the raw body, and a JSON body
    // parsed and written again would no longer match it.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
      raw.all('/stripe-webhook', async (req, reply) =>
        sendWebResponse(reply, await stripe.webhook(await toWebRequest(req, opts.baseUrl()))));
    });
    app.all('/:name', async (req, reply) => {
      const handler = functions[(req.params as { name: string }).name];
      if (!handler) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Requested function was not found' });
      if (req.method !== 'OPTIONS' && !withoutJwt.has((req.params as { name: string }).name)) {
        const token = gatewayBearer(req.headers);
        if (!token) return reply.code(401).send({ code: 401, message: 'Missing authorization header' });
        try {
          await jwtVerify(token, opts.secret, { algorithms: ['HS256'] });
        } catch {
          return reply.code(401).send({ code: 401, message: 'Invalid JWT' });
        }
      }
      return sendWebResponse(reply, await handler(await toWebRequest(req, opts.baseUrl())));
    });
  };
}
