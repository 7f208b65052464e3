/**
 * A small local stand-in for the few Stripe endpoints the payment functions use, for tests only
 * (never shipped; Stripe's servers cannot be reached from CI). The functions' SDK reaches it
 * through its own `host`/`port`/`protocol` settings (the embedded backend's STRIPE_API_URL).
 *
 * Endpoints: POST /v1/checkout/sessions (mode payment, or subscription: billing.ts), GET /v1/checkout/sessions
 * (all, newest first), GET /v1/checkout/sessions/:id,
 * POST /v1/checkout/sessions/:id/expire, POST /v1/refunds. Every POST honours Idempotency-Key as
 * Stripe documents it: a repeated key gets the first answer again, 409 while the first request
 * runs, 400 idempotency_error when the endpoint or parameters differ from the first request's;
 * parameters that fail validation keep nothing under the key. Requests must carry the secret key
 * (`Authorization: Bearer sk_test_...`, else 401 as Stripe answers); unknown paths 404 with
 * Stripe's error shape. What the visitor does on Stripe's page is `pay(sessionId)`, or the bare
 * page at the session's `url` (`/c/pay/:id`: Pay, then back to the success URL); each change
 * sends its events to the webhook URL, signed with `Stripe.webhooks.generateTestHeaderString`
 * and the endpoint's secret, so the function's `constructEventAsync` verifies them for real.
 *
 * It does not prove: that Stripe accepts these parameters (only the ones read here are checked),
 * every field of Stripe's objects, Stripe's event order and retries, card flows (3-D Secure,
 * declines), or the hosted Checkout page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import Stripe from 'stripe';
import { parseStripeForm, type FormValue } from './form';
import { integerParam, obj, ParamError, sessionInput, str, strings } from './sessionInput';
import { createBilling } from './billing';
import { charge, checkoutSession, event, newId, paymentIntent, refund, stripeError, type CheckoutSession } from './objects';

export interface StandInOptions {
  apiKey: string;
  webhookSecret: string;
  /** Where events go (the backend's /functions/v1/stripe-webhook); settable later. */
  webhookUrl?: string;
  /** false: events are kept in `sent` but not delivered (the test delivers them itself). */
  deliver?: boolean;
  /** 0 (default): any free port. */
  port?: number;
}

export interface Delivery {
  status: number;
  body: unknown;
}

export interface StripeStandIn {
  url: string;
  webhookUrl: string | undefined;
  sessions: Map<string, CheckoutSession>;
  /** Every event made, in order, with the answer of its delivery (when delivered). */
  sent: { event: ReturnType<typeof event>; delivery?: Delivery }[];
  /** Requests received, for assertions: method, path, parsed form. */
  requests: { method: string; path: string; form: Record<string, FormValue>; idempotencyKey?: string }[];
  /** The visitor pays: the session completes; payment_intent.succeeded and checkout.session.completed are sent. */
  pay(sessionId: string): Promise<ReturnType<typeof event>[]>;
  /** Subscriptions (Checkout mode=subscription), their renewals, failures and cancellation (billing.ts). */
  billing: ReturnType<typeof createBilling>;
  /** Signs and POSTs `payload` (an event or raw text) to the webhook URL. */
  send(payload: unknown, options?: { secret?: string; signature?: string; timestamp?: number }): Promise<Delivery>;
  close(): Promise<void>;
}

export async function startStripeStandIn(options: StandInOptions): Promise<StripeStandIn> {
  const sessions = new Map<string, CheckoutSession>();
  const piMetadata = new Map<string, Record<string, string>>();
  const charges = new Map<string, { id: string; refunded: number }>(); // by session id
  const sent: StripeStandIn['sent'] = [];
  const requests: StripeStandIn['requests'] = [];
  const answered = new Map<string, { status: number; value: unknown }>();
  const inFlight = new Set<string>();
  const keyed = new Map<string, { path: string; form: Record<string, FormValue> }>(); // each key's first request

  const standIn = {} as StripeStandIn;
  const billing = createBilling((type, object) => emit(type, object), () => standIn.url);
  const subscriptionMetadata = new Map<string, Record<string, string>>(); // by session id

  async function send(payload: unknown, opts: { secret?: string; signature?: string; timestamp?: number } = {}): Promise<Delivery> {
    if (!standIn.webhookUrl) throw new Error('the stand-in has no webhook URL');
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2);
    const signature = opts.signature ?? Stripe.webhooks.generateTestHeaderString({
      payload: text, secret: opts.secret ?? options.webhookSecret, timestamp: opts.timestamp,
    });
    const res = await fetch(standIn.webhookUrl, {
      method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature }, body: text,
    });
    const body = await res.text();
    let parsed: unknown = body;
    try {
      parsed = JSON.parse(body);
    } catch { /* kept as text */ }
    return { status: res.status, body: parsed };
  }

  async function emit(type: string, object: unknown) {
    const e = event(type, structuredClone(object));
    const entry: StripeStandIn['sent'][number] = { event: e };
    sent.push(entry);
    if ((options.deliver ?? true) && standIn.webhookUrl) entry.delivery = await send(e);
    return e;
  }

  async function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    if (session.mode === 'subscription') {
      return billing.paySubscription(session, { unitAmount: session.amount_subtotal as number, quantity: 1 },
        subscriptionMetadata.get(session.id) ?? {});
    }
    Object.assign(session, {
      status: 'complete', payment_status: 'paid', payment_intent: newId('pi'),
      customer_details: { email: session.customer_email, name: 'Test Payer', address: null, phone: null, tax_exempt: 'none', tax_ids: [] },
    });
    const chargeId = newId('ch');
    charges.set(session.id, { id: chargeId, refunded: 0 });
    return [
      await emit('payment_intent.succeeded', paymentIntent(session, piMetadata.get(session.id) ?? {}, chargeId)),
      await emit('checkout.session.completed', session),
    ];
  }

  /**
   * The session's `url`: a bare stand-in for Stripe's hosted page (no card form). GET shows the
   * total with Pay and Cancel; POST pays (as `pay()`) and sends the browser to the success URL.
   */
  async function payPage(req: IncomingMessage, res: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session || session.status !== 'open') {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Checkout</title><h1>This checkout session is no longer open</h1>');
    }
    if (req.method === 'POST') {
      await pay(id);
      res.writeHead(303, { Location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id) });
      return res.end();
    }
    const total = `$${(session.amount_total / 100).toFixed(2)}`;
    const escape = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Checkout (test stand-in)</title><h1>Pay ${total}</h1>
<p data-total="${session.amount_total}">${escape(session.customer_email)}</p>
<form method="post"><button type="submit">Pay ${total}</button></form>
<a href="${escape(session.cancel_url)}">Cancel</a>`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    // A POST with an Idempotency-Key seen before gets the first answer again, as Stripe does; the
    // answer is kept once the endpoint runs (not for a refused key or parameters that fail validation).
    const key = req.method === 'POST' && typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    let keep: string | undefined;
    const answer = (status: number, value: unknown) => {
      if (keep && status < 500) answered.set(keep, { status, value });
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
      res.end(JSON.stringify(value));
    };
    const path = (req.url ?? '/').split('?')[0];
    const page = path.match(/^\/c\/pay\/(cs_test_[A-Za-z0-9]+)$/);
    if (page) return payPage(req, res, page[1]);
    const portal = path.match(/^\/p\/session\/(bps_[A-Za-z0-9]+)$/);
    if (portal) return billing.portalPage(req, res, portal[1]);
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return answer(401, stripeError('invalid_request_error', 'Invalid API Key provided: ' + String(req.headers.authorization ?? '').slice(7, 15) + '****'));
    }
    const form = parseStripeForm(body);
    if (key !== undefined) {
      // As Stripe: a key names one request; another endpoint or other parameters under it are refused.
      const firstRequest = keyed.get(key);
      if (firstRequest && (firstRequest.path !== path || !isDeepStrictEqual(firstRequest.form, form))) {
        return answer(400, stripeError('idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`));
      }
      const first = answered.get(key);
      if (first) {
        res.writeHead(first.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
        return res.end(JSON.stringify(first.value));
      }
      // The same key while the first request runs: 409, which the SDK retries.
      if (inFlight.has(key)) {
        res.writeHead(409, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify(stripeError('idempotency_error',
          'There is currently another in-progress request using this Stripe API Idempotency Key')));
      }
      inFlight.add(key);
      keyed.set(key, { path, form });
      keep = key;
      res.once('finish', () => inFlight.delete(key));
    }
    requests.push({ method: req.method ?? '', path, form, idempotencyKey: key });
    try {
      let m: RegExpMatchArray | null;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const session = checkoutSession(sessionInput(form), standIn.url);
        sessions.set(session.id, session);
        piMetadata.set(session.id, strings(obj(form.payment_intent_data).metadata));
        subscriptionMetadata.set(session.id, strings(obj(form.subscription_data).metadata));
        return answer(200, session);
      }
      if (req.method === 'GET' && path === '/v1/checkout/sessions') { // newest first, as Stripe lists
        return answer(200, { object: 'list', data: [...sessions.values()].reverse(), has_more: false, url: '/v1/checkout/sessions' });
      }
      if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/))) {
        const session = sessions.get(m[1]);
        if (!session) return answer(404, stripeError('invalid_request_error', `No such checkout.session: '${m[1]}'`, { code: 'resource_missing', param: 'session' }));
        if (req.method === 'GET' && !m[2]) return answer(200, session);
        if (req.method === 'POST' && m[2]) {
          if (session.status !== 'open') return answer(400, stripeError('invalid_request_error', `Only Checkout Sessions with a status of \`open\` can be expired.`));
          Object.assign(session, { status: 'expired', url: null });
          await emit('checkout.session.expired', session);
          return answer(200, session);
        }
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const pi = str(form.payment_intent);
        const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === pi);
        if (!pi || !session) return answer(404, stripeError('invalid_request_error', `No such payment_intent: '${pi ?? ''}'`, { code: 'resource_missing', param: 'payment_intent' }));
        const ch = charges.get(session.id)!;
        const amount = form.amount === undefined ? session.amount_total - ch.refunded : integerParam(form.amount, 'amount');
        if (amount <= 0 || ch.refunded + amount > session.amount_total) {
          return answer(400, stripeError('invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((session.amount_total - ch.refunded) / 100).toFixed(2)})`, { code: 'amount_too_large', param: 'amount' }));
        }
        ch.refunded += amount;
        const made = refund(amount, ch.id, session, str(form.reason) ?? null);
        await emit('charge.refunded', charge(ch.id, session, ch.refunded));
        return answer(200, made);
      }
      if (await billing.handle(req.method ?? '', path, form, answer)) return;
      return answer(404, stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`));
    } catch (err) {
      if (err instanceof ParamError) {
        // Parameters that fail validation keep nothing under the key: a corrected retry may use it.
        if (keep) keyed.delete(keep);
        keep = undefined;
        return answer(400, stripeError('invalid_request_error', err.message, { code: err.code, param: err.param }));
      }
      throw err;
    }
  }

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      handle(req, res, body).catch((err: Error) => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(stripeError('api_error', err.message)));
      });
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', done);
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    webhookUrl: options.webhookUrl,
    sessions, sent, requests, pay, send, billing,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  });
}
