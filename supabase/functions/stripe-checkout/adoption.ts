/**
 * stripe-checkout, kinds 'adoption' and 'portal': Adopt-a-Hive paid by card.
 *
 * 'adoption': Checkout for an adoption request the site has just sent
 * (submit_buzz_haven_adoption_request). The database says what to charge
 * (begin_buzz_haven_adoption_checkout, from the tier's stored monthly price): a monthly plan is a
 * subscription (mode=subscription, a monthly recurring price_data built from that price, the
 * adoption's id in the subscription's metadata so every customer.subscription.* and invoice.*
 * event finds it); a gift of N months one payment of N months. The webhooks move the adoption's
 * state (apply_buzz_haven_adoption_stripe_event).
 * POST `{ kind: 'adoption', adoption_id, email }` -> 200 `{ id, url }`; 400, 404, 409 (already
 * paid, ended), 502.
 *
 * 'portal': the adopter manages or cancels their subscription in Stripe's customer portal. The
 * link they were shown after paying and e-mailed carries the adoption's manage token; the site
 * hands it here and sends the browser to the portal session's url.
 * POST `{ kind: 'portal', token }` -> 200 `{ url }`; 400, 404 unknown token, 502.
 */
import type { Stripe } from '../_shared/stripe.ts';
import type { serviceRpc } from '../_shared/serviceRpc.ts';
import { openSessionOnce, refusal, type KindAnswer } from './once.ts';

export interface AdoptionToPay {
  adoption_id: string;
  email: string;
  name: string;
  tier: string;
  plan: string;
  mode: 'subscription' | 'payment';
  currency: string;
  monthly_price: number;
  months: number | null;
  amount: number;
  open_session: { id: string; url: string } | null;
}

/** Where Checkout sends the adopter back (the contact page's adoption slot says paid or not, with the manage link). */
export const ADOPT_RETURN_PATH = '/contact/?adopt=paid';
/** Where the customer portal's Return goes: the Adopt-a-Hive page. */
export const PORTAL_RETURN_PATH = '/services/adopt-hive/';

export function adoptionSessionParams(a: AdoptionToPay, siteUrl: string, expiresAt: number): Stripe.Checkout.SessionCreateParams {
  const site = siteUrl.replace(/\/+$/, '');
  const metadata = { kind: 'adoption', adoption_id: a.adoption_id, tier: a.tier, plan: a.plan };
  const back = `${site}${ADOPT_RETURN_PATH}&adoption=${encodeURIComponent(a.adoption_id)}`;
  const common = {
    customer_email: a.email,
    client_reference_id: a.adoption_id,
    metadata,
    expires_at: expiresAt,
    success_url: `${back}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${back}&payment=cancelled`,
  };
  if (a.mode === 'subscription') {
    return {
      ...common,
      mode: 'subscription',
      line_items: [{
        quantity: 1,
        price_data: {
          currency: a.currency, unit_amount: a.monthly_price, recurring: { interval: 'month' },
          product_data: { name: `Adopt-a-Hive (${a.tier}), monthly` },
        },
      }],
      subscription_data: { metadata },
    };
  }
  return {
    ...common,
    mode: 'payment',
    line_items: [{
      quantity: 1,
      price_data: { currency: a.currency, unit_amount: a.amount, product_data: { name: `Adopt-a-Hive (${a.tier}), gift of ${a.months} months` } },
    }],
    payment_intent_data: { metadata, description: `Adopt-a-Hive gift: ${a.months} months` },
  };
}

const READ_FAILED = 'The adoption could not be read; please try again';

export async function startAdoptionCheckout(
  stripe: Pick<Stripe, 'checkout'>,
  rpc: ReturnType<typeof serviceRpc>,
  siteUrl: string,
  body: Record<string, unknown>,
): Promise<KindAnswer> {
  if (typeof body.adoption_id !== 'string' || typeof body.email !== 'string') {
    return { status: 400, body: { error: 'The adoption request id and e-mail are required' } };
  }
  const begun = await rpc<AdoptionToPay>('begin_buzz_haven_adoption_checkout', { p_adoption_id: body.adoption_id, p_email: body.email });
  if (begun.error) return refusal(begun.error, 'begin_buzz_haven_adoption_checkout', READ_FAILED);
  const a = begun.data;
  if (a.open_session) return { status: 200, body: a.open_session };
  return openSessionOnce(stripe, rpc, {
    kind: 'adoption', id: a.adoption_id, amount: a.amount, minutes: 60,
    params: (expiresAt) => adoptionSessionParams(a, siteUrl, expiresAt),
    record: (session, expiresAt) => rpc('record_buzz_haven_adoption_checkout', {
      p_adoption_id: a.adoption_id, p_session_id: session.id, p_mode: a.mode, p_amount: session.amount_total,
      p_currency: session.currency, p_url: session.url, p_expires_at: expiresAt,
    }),
  });
}

export async function openAdoptionPortal(
  stripe: Pick<Stripe, 'billingPortal'>,
  rpc: ReturnType<typeof serviceRpc>,
  siteUrl: string,
  body: Record<string, unknown>,
): Promise<KindAnswer> {
  if (typeof body.token !== 'string') return { status: 400, body: { error: 'The manage link is required' } };
  const found = await rpc<{ customer: string }>('get_buzz_haven_adoption_portal', { p_token: body.token });
  if (found.error) return refusal(found.error, 'get_buzz_haven_adoption_portal', READ_FAILED);
  try {
    const portal = await stripe.billingPortal.sessions.create({
      customer: found.data.customer, return_url: `${siteUrl.replace(/\/+$/, '')}${PORTAL_RETURN_PATH}`,
    });
    return { status: 200, body: { url: portal.url } };
  } catch (err) {
    console.error('stripe-checkout: Stripe refused the portal session', (err as Error).message);
    return { status: 502, body: { error: 'The page to manage your adoption could not be opened; please try again' } };
  }
}
