/**
 * The objects the stand-in answers, with the fields and values Stripe's API reference documents
 * for them (Checkout Session, PaymentIntent, Charge, Refund, Event), limited to what Checkout in
 * `payment` mode with inline `price_data` produces. Ids carry Stripe's prefixes (cs_test_, pi_,
 * ch_, re_, evt_); amounts are integers in the currency's smallest unit.
 */
import { randomBytes } from 'node:crypto';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const now = () => Math.floor(Date.now() / 1000);

export interface SessionInput {
  /** payment, or subscription (billing.ts) */
  mode: 'payment' | 'subscription';
  lineItems: { name: string; unitAmount: number; quantity: number; currency: string }[];
  shipping: { amount: number; displayName: string } | null;
  currency: string;
  metadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  customerEmail: string | null;
  clientReferenceId: string | null;
  successUrl: string;
  cancelUrl: string | null;
  expiresAt: number;
}

export type CheckoutSession = Record<string, unknown> & {
  id: string; amount_total: number; currency: string; status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required'; payment_intent: string | null; metadata: Record<string, string>;
  url: string | null;
};

export function checkoutSession(input: SessionInput, payPageBase: string): CheckoutSession {
  const id = newId('cs_test');
  const subtotal = input.lineItems.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
  const shipping = input.shipping?.amount ?? 0;
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: subtotal,
    amount_total: subtotal + shipping,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    created: now(),
    currency: input.currency,
    customer: null,
    customer_details: null,
    customer_email: input.customerEmail,
    expires_at: input.expiresAt,
    livemode: false,
    metadata: input.metadata,
    mode: input.mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    shipping_cost: input.shipping
      ? { amount_subtotal: shipping, amount_tax: 0, amount_total: shipping, shipping_rate: newId('shr') }
      : null,
    status: 'open',
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: shipping, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${payPageBase}/c/pay/${id}`,
  };
}

export function paymentIntent(session: CheckoutSession, metadata: Record<string, string>, chargeId: string) {
  return {
    id: session.payment_intent!,
    object: 'payment_intent',
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    created: now(),
    latest_charge: chargeId,
    livemode: false,
    metadata,
    payment_method_types: ['card'],
    status: 'succeeded',
  };
}

export function charge(id: string, session: CheckoutSession, amountRefunded: number) {
  return {
    id,
    object: 'charge',
    amount: session.amount_total,
    amount_captured: session.amount_total,
    amount_refunded: amountRefunded,
    captured: true,
    created: now(),
    currency: session.currency,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: session.payment_intent,
    refunded: amountRefunded >= session.amount_total,
    status: 'succeeded',
  };
}

export function refund(amount: number, chargeId: string, session: CheckoutSession, reason: string | null) {
  return {
    id: newId('re'),
    object: 'refund',
    amount,
    charge: chargeId,
    created: now(),
    currency: session.currency,
    metadata: {},
    payment_intent: session.payment_intent,
    reason,
    status: 'succeeded',
  };
}

export function event(type: string, object: unknown) {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export function stripeError(type: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { type, message, ...extra } };
}
