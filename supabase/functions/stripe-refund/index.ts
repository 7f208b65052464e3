// Supabase Edge Function entry (Deno): `supabase functions deploy stripe-refund` (JWT required:
// the back office calls it as the signed-in owner or admin). Secret: STRIPE_SECRET_KEY; without it
// it answers 503 (payments off). deno.json maps `stripe` to npm.
import { createStripe } from '../_shared/stripe.ts';
import { createStripeRefundHandler } from './handler.ts';

Deno.serve(
  createStripeRefundHandler({
    stripe: createStripe(Deno.env.get('STRIPE_SECRET_KEY'), Deno.env.get('STRIPE_API_URL') || undefined),
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
  }),
);
