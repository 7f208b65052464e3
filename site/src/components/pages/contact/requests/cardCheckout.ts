/**
 * Card payments from the workshop registration and adoption forms: whether they are on
 * (stripe-checkout answers GET with `{ payments: 'on' | 'off' }`), the Checkout Session for a held
 * place or an adoption request the form has just sent, and the customer portal of a subscription.
 * Nothing here prices anything: stripe-checkout charges what the server stored.
 */
import { RpcError } from '../../../forms/postRpc';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../../forms/config';

export const CHECKOUT_FUNCTION = `${SUPABASE_URL}/functions/v1/stripe-checkout`;
export const REGISTRATION_PAYMENT_RPC = 'get_buzz_haven_registration_payment';
export const ADOPTION_PAYMENT_RPC = 'get_buzz_haven_adoption_payment';

const headers = { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` };

/** false when card payments are off or cannot be asked: the forms then work as they always did. */
export async function cardPaymentsOn(): Promise<boolean> {
  try {
    const res = await fetch(CHECKOUT_FUNCTION, { method: 'GET', headers });
    const body = (await res.json().catch(() => null)) as { payments?: string } | null;
    return res.ok && body?.payments === 'on';
  } catch {
    return false;
  }
}

export type CardCheckoutRequest =
  | { kind: 'registration'; registration_id: string; email: string }
  | { kind: 'adoption'; adoption_id: string; email: string }
  | { kind: 'portal'; token: string };

/** The URL to send the browser to (Stripe's Checkout, or the customer portal); throws RpcError on refusal. */
export async function cardCheckoutUrl(request: CardCheckoutRequest): Promise<string> {
  let res: Response;
  try {
    res = await fetch(CHECKOUT_FUNCTION, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch (error) {
    throw new RpcError(error instanceof Error ? error.message : 'Network error', 0);
  }
  const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!res.ok || !body.url) throw new RpcError(body.error ?? `HTTP ${res.status}`, res.status);
  return body.url;
}
