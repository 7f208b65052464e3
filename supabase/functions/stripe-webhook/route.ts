/**
 * Which database function applies a verified Stripe event. Each kind of purchase keeps its own:
 * orders (apply_buzz_haven_stripe_event), workshop places
 * (apply_buzz_haven_registration_stripe_event) and
 * Adopt-a-Hive (apply_buzz_haven_adoption_stripe_event, which also checks every charge that would
 * make an adoption active against its monthly price).
 * Every one stores the event by id in the same stripe_events table first, so an event is applied
 * once whichever function it reaches. The kind is the metadata our Checkout Sessions set
 * (`metadata.kind`, copied to their PaymentIntents and subscriptions); customer.subscription.*
 * and invoice.* are only ever the adoptions'. Anything else (charge.refunded, unknown types) goes
 * to the orders' function, which applies refunds by payment intent for every kind and stores and
 * ignores the rest.
 */
import type { Stripe } from '../_shared/stripe.ts';

export function rpcForEvent(event: Pick<Stripe.Event, 'type' | 'data'>): string {
  const kind = (event.data?.object as { metadata?: Record<string, string> | null } | undefined)?.metadata?.kind;
  if (event.type.startsWith('customer.subscription.') || event.type.startsWith('invoice.')) return 'apply_buzz_haven_adoption_stripe_event';
  if (kind === 'adoption') return 'apply_buzz_haven_adoption_stripe_event';
  if (kind === 'registration') return 'apply_buzz_haven_registration_stripe_event';
  return 'apply_buzz_haven_stripe_event';
}
