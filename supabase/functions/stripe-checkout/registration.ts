/**
 * stripe-checkout, kind 'registration': Checkout for a workshop place the
 * registrant holds (register_buzz_haven_workshop with p_pay). The database prices it
 * (begin_buzz_haven_registration_checkout: the offering's price x places, stored when the place
 * was held); the session lives Stripe's shortest 30 minutes (counted as once.ts says) and
 * recording it moves the hold's end to the session's (record_buzz_haven_registration_checkout). The signed completion confirms
 * the place (stripe-webhook); Stripe's checkout.session.expired frees it.
 *
 * POST `{ kind: 'registration', registration_id, email }` -> 200 `{ id, url }`; 400 bad request,
 * 404 no such registration for that e-mail, 409 no longer held (paid, expired), 502 Stripe failed.
 */
import type { Stripe } from '../_shared/stripe.ts';
import type { serviceRpc } from '../_shared/serviceRpc.ts';
import { openSessionOnce, refusal, type KindAnswer } from './once.ts';

export type { KindAnswer };

export interface PlaceToPay {
  registration_id: string;
  email: string;
  currency: string;
  places: number;
  unit_price: number;
  amount: number;
  hold_expires_at: string;
  event_id: string;
  event_title: string;
  event_start_time: string;
  open_session: { id: string; url: string } | null;
}

/** Where Checkout sends the registrant back: the contact page's registration slot says paid or not. */
export const WORKSHOP_RETURN_PATH = '/contact/?workshop=paid';

export function registrationSessionParams(place: PlaceToPay, siteUrl: string, expiresAt: number): Stripe.Checkout.SessionCreateParams {
  const site = siteUrl.replace(/\/+$/, '');
  const metadata = { kind: 'registration', registration_id: place.registration_id, event_id: place.event_id };
  const back = `${site}${WORKSHOP_RETURN_PATH}&registration=${encodeURIComponent(place.registration_id)}`;
  return {
    mode: 'payment',
    line_items: [{
      quantity: place.places,
      price_data: {
        currency: place.currency,
        unit_amount: place.unit_price,
        product_data: { name: `${place.event_title}, ${place.event_start_time.slice(0, 10)}` },
      },
    }],
    customer_email: place.email,
    client_reference_id: place.registration_id,
    metadata,
    payment_intent_data: { metadata, description: `Workshop: ${place.event_title}` },
    expires_at: expiresAt,
    success_url: `${back}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${back}&payment=cancelled`,
  };
}

export async function startRegistrationCheckout(
  stripe: Pick<Stripe, 'checkout'>,
  rpc: ReturnType<typeof serviceRpc>,
  siteUrl: string,
  body: Record<string, unknown>,
): Promise<KindAnswer> {
  if (typeof body.registration_id !== 'string' || typeof body.email !== 'string') {
    return { status: 400, body: { error: 'The registration id and e-mail are required' } };
  }
  const begun = await rpc<PlaceToPay>('begin_buzz_haven_registration_checkout', {
    p_registration_id: body.registration_id, p_email: body.email,
  });
  if (begun.error) return refusal(begun.error, 'begin_buzz_haven_registration_checkout', 'The registration could not be read; please try again');
  const place = begun.data;
  if (place.open_session) return { status: 200, body: place.open_session };
  if (place.unit_price * place.places !== place.amount) {
    console.error(`stripe-checkout: registration ${place.registration_id} does not add up`, place);
    return { status: 500, body: { error: 'This place cannot be paid by card; please contact us' } };
  }
  // Stripe's shortest session; the hold follows it (record_buzz_haven_registration_checkout).
  return openSessionOnce(stripe, rpc, {
    kind: 'registration', id: place.registration_id, amount: place.amount, minutes: 30,
    params: (expiresAt) => registrationSessionParams(place, siteUrl, expiresAt),
    record: (session, expiresAt) => rpc('record_buzz_haven_registration_checkout', {
      p_registration_id: place.registration_id, p_session_id: session.id, p_amount: session.amount_total, p_currency: session.currency,
      p_url: session.url, p_expires_at: expiresAt,
    }),
  });
}
