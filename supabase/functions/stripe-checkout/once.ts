/**
 * One open Checkout Session per purchase, however many times Pay now is clicked at once (orders,
 * workshop places and adoptions alike). The database claims the purchase's checkout attempt under
 * the purchase's row lock (claim_buzz_haven_checkout): a session recorded meanwhile is handed back;
 * otherwise every concurrent caller gets the same attempt, with its Idempotency-Key and the expiry
 * to send, so their requests to Stripe are identical and Stripe answers them all with the one
 * session it created for the first (the others wait on Stripe's 409 and get the saved answer). The
 * session is recorded (on conflict nothing: each caller records the same id); a session it
 * replaces (still open but no longer handed out) is then expired at Stripe.
 */
import type { Stripe } from '../_shared/stripe.ts';
import type { RpcOutcome, serviceRpc } from '../_shared/serviceRpc.ts';

export interface KindAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface Purchase {
  kind: 'order' | 'registration' | 'adoption';
  id: string;
  /** What the server priced it at, in cents: the session must total exactly this. */
  amount: number;
  /** How long the session stays open (Stripe: 30 to 1440). */
  minutes: number;
  params: (expiresAt: number) => Stripe.Checkout.SessionCreateParams;
  /** Records the session (its expiry as an ISO time). */
  record: (session: Stripe.Checkout.Session, expiresAt: string) => Promise<RpcOutcome<unknown>>;
  /** The words when Stripe fails (502); 'please try again' by default. */
  notStarted?: string;
}

interface Claim {
  open_session?: { id: string; url: string };
  attempt: number;
  idempotency_key: string;
  expires_at: number;
  replaces: string | null;
}

const TRY_AGAIN = 'The card payment could not be started; please try again';

/** A refusal of a database call: its 4xx as is, anything else 500 with `what` logged. */
export function refusal(error: { status: number; message: string }, what: string, words: string): KindAnswer {
  const status = error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(`stripe-checkout: ${what}`, error);
  return { status, body: { error: status === 500 ? words : error.message } };
}

export async function openSessionOnce(
  stripe: Pick<Stripe, 'checkout'>,
  rpc: ReturnType<typeof serviceRpc>,
  purchase: Purchase,
): Promise<KindAnswer> {
  const claimed = await rpc<Claim>('claim_buzz_haven_checkout', {
    p_kind: purchase.kind, p_target_id: purchase.id, p_amount: purchase.amount, p_minutes: purchase.minutes,
  });
  if (claimed.error) return refusal(claimed.error, 'claim_buzz_haven_checkout', TRY_AGAIN);
  const claim = claimed.data;
  if (claim.open_session) return { status: 200, body: claim.open_session };

  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(purchase.params(claim.expires_at), { idempotencyKey: claim.idempotency_key });
  } catch (err) {
    console.error(`stripe-checkout: Stripe refused the ${purchase.kind} session`, (err as Error).message);
    return { status: 502, body: { error: purchase.notStarted ?? TRY_AGAIN } };
  }
  if (session.amount_total !== purchase.amount || !session.url) {
    console.error(`stripe-checkout: session ${session.id} totals ${session.amount_total}, ${purchase.kind} ${purchase.id} ${purchase.amount}`);
    return { status: 502, body: { error: purchase.notStarted ?? TRY_AGAIN } };
  }
  const recorded = await purchase.record(session, new Date((session.expires_at ?? claim.expires_at) * 1000).toISOString());
  if (recorded.error) {
    console.error(`stripe-checkout: recording ${purchase.kind} session ${session.id}`, recorded.error);
    return { status: 500, body: { error: TRY_AGAIN } };
  }
  if (claim.replaces && claim.replaces !== session.id) {
    // Best effort: a session already paid or expired refuses, and its own webhook tells the rest.
    await stripe.checkout.sessions.expire(claim.replaces, {}, { idempotencyKey: `expire-${claim.replaces}` })
      .catch((err: Error) => console.warn(`stripe-checkout: ${claim.replaces} not expired: ${err.message}`));
  }
  return { status: 200, body: { id: session.id, url: session.url } };
}
