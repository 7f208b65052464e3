/**
 * The stripe-webhook Edge Function: Stripe's events, trusted only with a valid signature. Deployed
 * with verify_jwt = false (Stripe sends no JWT; config.toml `[functions.stripe-webhook]`); the
 * Stripe-Signature header is checked with the SDK's constructEventAsync over the raw body, exactly
 * as received, and the STRIPE_WEBHOOK_SECRET. A verified event goes to
 * apply_buzz_haven_stripe_event, which stores it by its id
 * and applies it in one transaction: a replayed or duplicated event changes nothing, an amount
 * that is not the order's total leaves the order unpaid and is logged, other types are stored and
 * ignored.
 *
 * 200 `{ received: true, outcome }` (applied, duplicate, ignored, rejected: Stripe need not send it
 * again); 400 missing or bad signature; 405 not POST; 500 the database failed (nothing was stored,
 * so Stripe's retry applies it); 503 without STRIPE_WEBHOOK_SECRET (payments off).
 */
import type { Stripe } from '../_shared/stripe.ts';
import { serviceRpc } from '../_shared/serviceRpc.ts';
import { rpcForEvent } from './route.ts';

export interface StripeWebhookConfig {
  /** whsec_...; unset: payments are off. */
  webhookSecret: string | undefined;
  /** constructEventAsync with Web Crypto (_shared/stripe.ts verifyStripeEvent). */
  verify: (rawBody: string, signature: string, secret: string) => Promise<Stripe.Event>;
  supabaseUrl: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function createStripeWebhookHandler(config: StripeWebhookConfig): (req: Request) => Promise<Response> {
  const rpc = serviceRpc(config.supabaseUrl, config.serviceRoleKey, config.fetch);

  return async (req) => {
    if (req.method !== 'POST') return json(405, { error: 'Stripe sends webhooks with POST' });
    if (!config.webhookSecret) return json(503, { error: 'Card payments are not turned on (no STRIPE_WEBHOOK_SECRET)' });
    const signature = req.headers.get('stripe-signature');
    if (!signature) return json(400, { error: 'Missing Stripe-Signature header' });
    const rawBody = await req.text();
    let event: Stripe.Event;
    try {
      event = await config.verify(rawBody, signature, config.webhookSecret);
    } catch (err) {
      return json(400, { error: `Webhook signature verification failed: ${(err as Error).message}` });
    }
    // Orders, workshop places and adoptions each have their database function (route.ts).
    const applied = await rpc<{ outcome: string; detail?: string | null }>(rpcForEvent(event), { p_event: event });
    if (applied.error) {
      console.error(`stripe-webhook: ${event.id} (${event.type}) not applied`, applied.error);
      return json(500, { error: 'The event could not be stored; Stripe will send it again' });
    }
    if (applied.data.outcome === 'rejected') console.warn(`stripe-webhook: ${event.id} rejected: ${applied.data.detail}`);
    return json(200, { received: true, outcome: applied.data.outcome });
  };
}
