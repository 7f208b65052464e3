/**
 * Card payments from the cart: whether they are on, the Checkout Session for an order
 * the cart just sent, the order waiting for its payment (kept in the browser so a visitor who
 * cancels on Stripe's page can pay again) and the paid page's question. Nothing here prices
 * anything: stripe-checkout charges what the server stored for the order.
 */
import { RpcError, postRpc } from '../forms/postRpc';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../forms/config';

export const CHECKOUT_FUNCTION = `${SUPABASE_URL}/functions/v1/stripe-checkout`;
export const PAYMENT_SETTINGS_RPC = 'get_buzz_haven_payment_settings';
export const ORDER_PAYMENT_RPC = 'get_buzz_haven_order_payment';
const PENDING_KEY = 'buzz-haven-pending-payment';

export interface PaymentOptions {
  /** Pay at pickup / invoice allowed (the owner's setting). */
  payLater: boolean;
}

const headers = { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` };

/** null: card payments are off (or cannot be asked), and the cart is the order request as before. */
export async function paymentOptions(): Promise<PaymentOptions | null> {
  try {
    const res = await fetch(CHECKOUT_FUNCTION, { method: 'GET', headers });
    const body = (await res.json().catch(() => null)) as { payments?: string } | null;
    if (!res.ok || body?.payments !== 'on') return null;
    const rows = await postRpc<{ pay_later: boolean }[]>(PAYMENT_SETTINGS_RPC, {});
    return { payLater: rows[0]?.pay_later !== false };
  } catch {
    return null;
  }
}

/** The Checkout Session's URL for the order (the server's total); throws RpcError on refusal. */
export async function startCheckout(number: string, email: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(CHECKOUT_FUNCTION, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ number, email }),
    });
  } catch (error) {
    throw new RpcError(error instanceof Error ? error.message : 'Network error', 0);
  }
  const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!res.ok || !body.url) throw new RpcError(body.error ?? `HTTP ${res.status}`, res.status);
  return body.url;
}

export interface PendingPayment {
  number: string;
  email: string;
}

export function savePending(pending: PendingPayment): void {
  try {
    window.localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch { /* private mode: the cancel page then offers no retry */ }
}

export function readPending(number: string | null): PendingPayment | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(PENDING_KEY) ?? 'null') as PendingPayment | null;
    return value && typeof value.number === 'string' && typeof value.email === 'string' && value.number === number ? value : null;
  } catch {
    return null;
  }
}

export function clearPending(): void {
  try {
    window.localStorage.removeItem(PENDING_KEY);
  } catch { /* nothing kept */ }
}

export type PaymentState = 'offline' | 'awaiting_payment' | 'paid' | 'unpaid' | 'partially_refunded' | 'refunded';
export interface OrderPayment {
  number: string;
  total: number;
  payment_state: PaymentState;
}

/** The paid page's view of the order: only for the holder of its Checkout Session id. */
export function orderPayment(number: string, sessionId: string): Promise<OrderPayment> {
  return postRpc<OrderPayment>(ORDER_PAYMENT_RPC, { p_number: number, p_session_id: sessionId });
}
