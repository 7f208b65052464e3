/**
 * stripe-refund for a workshop place: staff cancel a paid place and refund
 * all or part of it. As the caller, prepare_buzz_haven_registration_refund checks the role (owner
 * or admin), the second factor and what is left of the payment; Stripe's Refunds API refunds it
 * (idempotency key from the payment, what was refunded before and the amount: a double click
 * refunds once); record_buzz_haven_registration_refund (service key) stores it with who asked and
 * why and cancels the place, which moves the waitlist up.
 *
 * POST `{ registration_id, amount?, reason?, note? }` -> 200 `{ id, amount, currency, status }`.
 */
import type { Stripe } from '../_shared/stripe.ts';
import type { RpcOutcome } from '../_shared/serviceRpc.ts';

type Rpc = <T>(fn: string, args: Record<string, unknown>) => Promise<RpcOutcome<T>>;

interface PreparedPlaceRefund {
  registration_id: string;
  name: string;
  payment_intent: string;
  amount: number;
  currency: string;
  refunded_before: number;
  reason: 'requested_by_customer' | 'duplicate' | 'fraudulent' | null;
  note: string | null;
  requested_by: string | null;
  requested_by_name: string;
}

export async function refundRegistration(
  stripe: Pick<Stripe, 'refunds'>,
  asCaller: Rpc,
  asService: Rpc,
  body: { registration_id: string; amount?: unknown; reason?: unknown; note?: unknown },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const prepared = await asCaller<PreparedPlaceRefund>('prepare_buzz_haven_registration_refund', {
    p_registration_id: body.registration_id, p_amount: body.amount ?? null, p_reason: body.reason ?? null, p_note: body.note ?? null,
  });
  if (prepared.error) {
    const { status, code, message } = prepared.error;
    const answer = code === '42501' ? (status === 401 ? 401 : 403) : status >= 400 && status < 500 ? status : 500;
    if (answer === 500) console.error('stripe-refund: prepare_buzz_haven_registration_refund', prepared.error);
    return { status: answer, body: { error: answer === 500 ? 'The refund could not be prepared; please try again' : message } };
  }
  const r = prepared.data;
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create({
      payment_intent: r.payment_intent,
      amount: r.amount,
      ...(r.reason && { reason: r.reason }),
      metadata: { registration_id: r.registration_id, requested_by: r.requested_by_name.slice(0, 500) },
    }, { idempotencyKey: `refund-${r.payment_intent}-${r.refunded_before}-${r.amount}` });
  } catch (err) {
    console.error(`stripe-refund: Stripe refused the refund of ${r.payment_intent}`, (err as Error).message);
    return { status: 502, body: { error: `Stripe did not make the refund: ${(err as Error).message}` } };
  }
  const recorded = await asService('record_buzz_haven_registration_refund', {
    p_refund_id: refund.id, p_payment_intent: r.payment_intent, p_registration_id: r.registration_id, p_amount: refund.amount,
    p_currency: refund.currency, p_reason: r.reason, p_note: r.note, p_status: refund.status ?? 'pending',
    p_requested_by: r.requested_by, p_requested_by_name: r.requested_by_name,
  });
  if (recorded.error) console.error(`stripe-refund: refund ${refund.id} made but not recorded`, recorded.error);
  return { status: 200, body: { id: refund.id, amount: refund.amount, currency: refund.currency, status: refund.status } };
}
