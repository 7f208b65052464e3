/**
 * The stripe-checkout Edge Function: starts a card payment for an order request. The cart has
 * just sent the order (submit_buzz_haven_order_request) and calls this with the order's number and
 * e-mail; the function asks the database for the order as the server priced it
 * (begin_buzz_haven_order_checkout: lines, shipping and total from the price tables) and creates a
 * Stripe Checkout Session for exactly those amounts. Nothing the browser sends sets a price.
 * The session is recorded (record_buzz_haven_checkout_session) and the order is 'awaiting_payment'
 * until the signed webhook (stripe-webhook) marks it paid. A session of the same order still open
 * is handed back instead of a new one (a second click, a reload), and clicks at the same moment
 * make one session between them (once.ts).
 *
 * POST `{ number, email }` -> 200 `{ id, url }` (redirect the visitor to `url`). With `kind`:
 * 'registration' a held workshop place (registration.ts), 'adoption' an Adopt-a-Hive request and
 * 'portal' the adopter's customer portal (adoption.ts).
 * GET -> 200 `{ payments: 'on' | 'off' }`: whether the cart may offer Pay now (a question, never a refusal).
 * Errors `{ error }`: 400 bad request, 404 no such order for that e-mail, 409 already paid or
 * cancelled, 502 Stripe did not answer, 503 `{ error, payments: 'off' }` without STRIPE_SECRET_KEY
 * (the site then offers pay at pickup / invoice only).
 */
import type { Stripe } from '../_shared/stripe.ts';
import { serviceRpc } from '../_shared/serviceRpc.ts';
import { startRegistrationCheckout } from './registration.ts';
import { openAdoptionPortal, startAdoptionCheckout } from './adoption.ts';
import { openSessionOnce, refusal } from './once.ts';

export interface StripeCheckoutConfig {
  /** null: payments are off (no STRIPE_SECRET_KEY). */
  stripe: Pick<Stripe, 'checkout' | 'billingPortal'> | null;
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Where Checkout sends the visitor back: `${siteUrl}/cart/paid/` or `/cart/`. */
  siteUrl: string;
  /** Minutes a session stays open (Stripe allows 30 to 1440). */
  sessionMinutes?: number;
  fetch?: typeof fetch;
}

export interface OrderToPay {
  order_id: string;
  number: string;
  email: string;
  currency: string;
  subtotal: number;
  shipping: number;
  total: number;
  delivery: string | null;
  items: { name: string; unit_price: number; quantity: number }[];
  open_session: { id: string; url: string } | null;
}

export const PAYMENTS_OFF = 'Card payments are not turned on: the shop takes payment at pickup or by invoice.';

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

/** The Checkout Session's parameters for the order as the server priced it. */
export function sessionParams(order: OrderToPay, siteUrl: string, expiresAt: number): Stripe.Checkout.SessionCreateParams {
  const site = siteUrl.replace(/\/+$/, '');
  const metadata = { kind: 'order', order_id: order.order_id, order_number: order.number };
  return {
    mode: 'payment',
    line_items: order.items.map((item) => ({
      quantity: item.quantity,
      price_data: { currency: order.currency, unit_amount: item.unit_price, product_data: { name: item.name } },
    })),
    ...(order.shipping > 0 && {
      shipping_options: [{
        shipping_rate_data: {
          type: 'fixed_amount',
          fixed_amount: { amount: order.shipping, currency: order.currency },
          display_name: `Shipping (${order.delivery ?? 'standard'})`,
        },
      }],
    }),
    customer_email: order.email,
    client_reference_id: order.order_id,
    metadata,
    payment_intent_data: { metadata, description: `Order ${order.number}` },
    expires_at: expiresAt,
    success_url: `${site}/cart/paid/?order=${encodeURIComponent(order.number)}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${site}/cart/?order=${encodeURIComponent(order.number)}&payment=cancelled`,
  };
}

export function createStripeCheckoutHandler(config: StripeCheckoutConfig): (req: Request) => Promise<Response> {
  const rpc = serviceRpc(config.supabaseUrl, config.serviceRoleKey, config.fetch);
  const minutes = Math.min(1440, Math.max(30, config.sessionMinutes ?? 60));

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    // GET: whether card payments are on (the cart offers Pay now, the back office says how to turn them on).
    if (req.method === 'GET') return json(200, { payments: config.stripe ? 'on' : 'off' });
    if (req.method !== 'POST') return json(405, { error: 'Use POST { number, email }' });
    if (!config.stripe) return json(503, { error: PAYMENTS_OFF, payments: 'off' });

    let body: { number?: unknown; email?: unknown; kind?: unknown };
    try {
      body = (await req.json()) as typeof body;
    } catch {
      return json(400, { error: 'The body must be JSON: { number, email }' });
    }
    // Workshop places and adoptions (and the adopter's portal) have their own files; an order is the default.
    const kinds = { registration: startRegistrationCheckout, adoption: startAdoptionCheckout, portal: openAdoptionPortal };
    if (typeof body?.kind === 'string' && Object.hasOwn(kinds, body.kind)) {
      const answer = await kinds[body.kind as keyof typeof kinds](config.stripe, rpc, config.siteUrl, body);
      return json(answer.status, answer.body);
    }
    if (typeof body?.number !== 'string' || typeof body?.email !== 'string') {
      return json(400, { error: 'The order number and e-mail are required' });
    }

    const begun = await rpc<OrderToPay>('begin_buzz_haven_order_checkout', { p_number: body.number, p_email: body.email });
    if (begun.error) {
      const refused = refusal(begun.error, 'begin_buzz_haven_order_checkout', 'The order could not be read; please try again');
      return json(refused.status, refused.body);
    }
    const order = begun.data;
    if (order.open_session) return json(200, order.open_session);

    const lines = order.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
    if (lines !== order.subtotal || order.subtotal + order.shipping !== order.total) {
      console.error(`stripe-checkout: order ${order.number} does not add up`, order);
      return json(500, { error: 'This order cannot be paid by card; the shop will send an invoice' });
    }
    const answer = await openSessionOnce(config.stripe, rpc, {
      kind: 'order', id: order.order_id, amount: order.total, minutes,
      params: (expiresAt) => sessionParams(order, config.siteUrl, expiresAt),
      record: (session, expiresAt) => rpc('record_buzz_haven_checkout_session', {
        p_order_id: order.order_id, p_session_id: session.id, p_amount: session.amount_total, p_currency: session.currency,
        p_url: session.url, p_expires_at: expiresAt,
      }),
      notStarted: 'The card payment could not be started; please try again or choose to pay at pickup',
    });
    return json(answer.status, answer.body);
  };
}
