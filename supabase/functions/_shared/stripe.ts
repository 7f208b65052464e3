/**
 * The Stripe client of the payment Edge Functions (stripe-checkout, stripe-webhook): the official
 * SDK with its fetch HTTP client and Web Crypto, which run both in Supabase's Deno runtime
 * (deno.json maps `stripe` to npm) and in Node (the embedded backend). No secret key, no client:
 * payments are off and the shop takes orders to be paid at pickup or by invoice.
 *
 * `apiUrl` points the SDK elsewhere through its own `host`/`port`/`protocol` settings: the entries
 * pass STRIPE_API_URL, which only the local environment sets (the test stand-in of tests/stripe);
 * deployed functions have no such secret and always talk to api.stripe.com.
 */
import Stripe from 'stripe';

export type { Stripe };

export function createStripe(secretKey: string | undefined, apiUrl?: string): Stripe | null {
  if (!secretKey) return null;
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    telemetry: false,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'http:' ? 80 : 443),
      protocol: target.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

/** Web Crypto signature checks (constructEventAsync), the same in Deno and Node. */
export const webCrypto = Stripe.createSubtleCryptoProvider();

/** Verifies a webhook's Stripe-Signature over the raw body; throws when it does not match. */
export function verifyStripeEvent(rawBody: string, signature: string, secret: string): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(rawBody, signature, secret, undefined, webCrypto);
}
