/**
 * The stripe-refund Edge Function: an owner or admin refunds all or part of an order's card
 * payment from the back office. As the caller (their JWT), prepare_buzz_haven_refund checks the
 * role, the second factor and what is left to refund; then
 * Stripe's Refunds API refunds it (an idempotency key from the payment, what was refunded before
 * and the amount, so a double click refunds once); then record_buzz_haven_refund (service key)
 * stores it with who asked and why. Stripe's charge.refunded webhook moves the order to
 * partially_refunded / refunded.
 *
 * POST `{ order_id, amount?, reason?, note? }` (or `{ registration_id, ... }`: a workshop place,
 * refunded and cancelled, registration.ts) (amount in cents, default all that is left; reason
 * requested_by_customer | duplicate | fraudulent) -> 200 `{ id, amount, currency, status }`.
 * Errors `{ error }`: 400 bad input, 401/403 not allowed, 404 no such order, 409 nothing left to
 * refund, 502 Stripe refused, 503 payments off (no STRIPE_SECRET_KEY).
 */
import type { Stripe } from '../_shared/stripe.ts';
import { rpcAs, serviceRpc } from '../_shared/serviceRpc.ts';
import { refundRegistration } from './registration.ts';

export interface StripeRefundConfig {
  stripe: Pick<Stripe, 'refunds'> | null;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

interface PreparedRefund {
  order_id: string;
  number: string;
  payment_intent: string;
  amount: number;
  currency: string;
  refunded_before: number;
  reason: 'requested_by_customer' | 'duplicate' | 'fraudulent' | null;
  note: string | null;
  requested_by: string | null;
  requested_by_name: string;
}

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

export function createStripeRefundHandler(config: StripeRefundConfig): (req: Request) => Promise<Response> {
  const asService = serviceRpc(config.supabaseUrl, config.serviceRoleKey, config.fetch);

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') return json(405, { error: 'Use POST { order_id, amount?, reason?, note? }' });
    if (!config.stripe) return json(503, { error: 'Card payments are not turned on (no STRIPE_SECRET_KEY)', payments: 'off' });
    const authorization = req.headers.get('Authorization');
    if (!authorization) return json(401, { error: 'Not signed in' });
    let body: { order_id?: unknown; registration_id?: unknown; amount?: unknown; reason?: unknown; note?: unknown };
    try {
      body = (await req.json()) as typeof body;
    } catch {
      return json(400, { error: 'The body must be JSON: { order_id, amount?, reason?, note? }' });
    }
    // A workshop place: refunded and cancelled (registration.ts).
    if (typeof body?.registration_id === 'string' && body.order_id == null
      && (body.amount == null || Number.isInteger(body.amount)) && (body.reason == null || typeof body.reason === 'string')
      && (body.note == null || typeof body.note === 'string')) {
      const answer = await refundRegistration(config.stripe, rpcAs(config.supabaseUrl, config.anonKey, authorization, config.fetch),
        asService, { ...body, registration_id: body.registration_id });
      return json(answer.status, answer.body);
    }
    if (typeof body?.order_id !== 'string' || (body.amount != null && !Number.isInteger(body.amount))
      || (body.reason != null && typeof body.reason !== 'string') || (body.note != null && typeof body.note !== 'string')) {
      return json(400, { error: 'order_id is required; amount is whole cents; reason and note are text' });
    }

    const asCaller = rpcAs(config.supabaseUrl, config.anonKey, authorization, config.fetch);
    const prepared = await asCaller<PreparedRefund>('prepare_buzz_haven_refund', {
      p_order_id: body.order_id, p_amount: body.amount ?? null, p_reason: body.reason ?? null, p_note: body.note ?? null,
    });
    if (prepared.error) {
      const { status, code, message } = prepared.error;
      const answer = code === '42501' ? (status === 401 ? 401 : 403) : status >= 400 && status < 500 ? status : 500;
      if (answer === 500) console.error('stripe-refund: prepare_buzz_haven_refund', prepared.error);
      return json(answer, { error: answer === 500 ? 'The refund could not be prepared; please try again' : message });
    }
    const r = prepared.data;

    let refund: Stripe.Refund;
    try {
      refund = await config.stripe.refunds.create({
        payment_intent: r.payment_intent,
        amount: r.amount,
        ...(r.reason && { reason: r.reason }),
        metadata: { order_id: r.order_id, order_number: r.number, requested_by: r.requested_by_name.slice(0, 500) },
      }, { idempotencyKey: `refund-${r.payment_intent}-${r.refunded_before}-${r.amount}` });
    } catch (err) {
      console.error(`stripe-refund: Stripe refused the refund of ${r.payment_intent}`, (err as Error).message);
      return json(502, { error: `Stripe did not make the refund: ${(err as Error).message}` });
    }
    const recorded = await asService('record_buzz_haven_refund', {
      p_refund_id: refund.id, p_payment_intent: r.payment_intent, p_order_id: r.order_id, p_amount: refund.amount,
      p_currency: refund.currency, p_reason: r.reason, p_note: r.note, p_status: refund.status ?? 'pending',
      p_requested_by: r.requested_by, p_requested_by_name: r.requested_by_name,
    });
    if (recorded.error) {
      // Stripe made it; its webhook still updates the payment. Say so rather than invite a second try.
      console.error(`stripe-refund: refund ${refund.id} made but not recorded`, recorded.error);
    }
    return json(200, { id: refund.id, amount: refund.amount, currency: refund.currency, status: refund.status });
  };
}
