// Supabase Edge Function entry (Deno): `supabase functions deploy stripe-webhook --no-verify-jwt`
// (Stripe sends no JWT; the signature is the check). Secret: `supabase secrets set
// STRIPE_WEBHOOK_SECRET=whsec_...` (the endpoint's signing secret in Stripe's dashboard, or the
// one `stripe listen` prints). deno.json maps `stripe` to npm.
import { verifyStripeEvent } from '../_shared/stripe.ts';
import { createStripeWebhookHandler } from './handler.ts';

Deno.serve(
  createStripeWebhookHandler({
    webhookSecret: Deno.env.get('STRIPE_WEBHOOK_SECRET') || undefined,
    verify: verifyStripeEvent,
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
  }),
);
