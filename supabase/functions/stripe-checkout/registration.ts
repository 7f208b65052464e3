/**
 * stripe-checkout, kind 'registration': Checkout for a workshop place the
 * registrant holds (register_buzz_haven_workshop with p_pay). The database prices it
 * (begin_buzz_haven_registration_checkout: the offering's price x places, stored when the place
 * was held); the session lives 30 minutes, Stripe's shortest, and recording it moves the hold's
 * end to the session's (record_buzz_haven_registration_checkout). The signed completion confirms
 * the place (stripe-webhook); Stripe's checkout.session.expired frees it.
 *
 * POST `{ kind: 'registration', registration_id, email }` -> 200 `{ id, url }`; 400 bad request,
 * 404 no such registration for that e-mail, 409 no longer held (paid, expired), 502 Stripe failed.
 */
import type { Stripe } from '../_shared/stripe.ts';
import type { serviceRpc } from '../_shared/serviceRpc.ts';

export interface KindAnswer {
  status: number;
  body: Record<string, unknown>;
}

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
  if (begun.error) {
    const status = begun.error.status >= 400 && begun.error.status < 500 ? begun.error.status : 500;
    if (status === 500) console.error('stripe-checkout: begin_buzz_haven_registration_checkout', begun.error);
    return { status, body: { error: status === 500 ? 'The registration could not be read; please try again' : begun.error.message } };
  }
  const place = begun.data;
  if (place.open_session) return { status: 200, body: place.open_session };
  if (place.unit_price * place.places !== place.amount) {
    console.error(`stripe-checkout: registration ${place.registration_id} does not add up`, place);
    return { status: 500, body: { error: 'This place cannot be paid by card; please contact us' } };
  }
  // Stripe's shortest session (30 minutes from now, plus a little for the clocks); the hold follows it.
  const expiresAt = Math.floor(Date.now() / 1000) + 30 * 60 + 10;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(registrationSessionParams(place, siteUrl, expiresAt), {
      idempotencyKey: `registration-${place.registration_id}-${place.amount}`,
    });
  } catch (err) {
    console.error('stripe-checkout: Stripe refused the registration session', (err as Error).message);
    return { status: 502, body: { error: 'The card payment could not be started; please try again' } };
  }
  if (session.amount_total !== place.amount || !session.url) {
    console.error(`stripe-checkout: session ${session.id} totals ${session.amount_total}, registration ${place.amount}`);
    return { status: 502, body: { error: 'The card payment could not be started; please try again' } };
  }
  const recorded = await rpc('record_buzz_haven_registration_checkout', {
    p_registration_id: place.registration_id, p_session_id: session.id, p_amount: session.amount_total, p_currency: session.currency,
    p_url: session.url, p_expires_at: new Date((session.expires_at ?? expiresAt) * 1000).toISOString(),
  });
  if (recorded.error) {
    console.error('stripe-checkout: record_buzz_haven_registration_checkout', recorded.error);
    return { status: 500, body: { error: 'The card payment could not be started; please try again' } };
  }
  return { status: 200, body: { id: session.id, url: session.url } };
}
