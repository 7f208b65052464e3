// Supabase Edge Function entry (Deno): `supabase functions deploy stripe-checkout`. Secrets:
// `supabase secrets set STRIPE_SECRET_KEY=sk_test_... SITE_URL=https://www.example.com`; without
// STRIPE_SECRET_KEY it answers 503 (payments off). deno.json maps `stripe` to npm.
import { createStripe } from '../_shared/stripe.ts';
import { createStripeCheckoutHandler } from './handler.ts';

Deno.serve(
  createStripeCheckoutHandler({
    stripe: createStripe(Deno.env.get('STRIPE_SECRET_KEY'), Deno.env.get('STRIPE_API_URL') || undefined),
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    siteUrl: Deno.env.get('SITE_URL') || 'http://localhost:8000',
  }),
);
