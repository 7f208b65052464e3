/** The refund dialog's rules: Stripe's reasons and the amount typed in dollars, as cents. */
export const REFUND_REASONS = [
  { id: 'requested_by_customer', name: 'Requested by customer' },
  { id: 'duplicate', name: 'Duplicate' },
  { id: 'fraudulent', name: 'Fraudulent' },
] as const;

/** "12.50" -> 1250; a message when it is not an amount between $0.01 and what is left. */
export function refundCents(typed: string, left: number): number | string {
  const text = typed.trim().replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return 'Enter an amount in dollars, for example 12.50';
  const cents = Math.round(Number(text) * 100);
  if (cents < 1 || cents > left) return `Enter an amount between $0.01 and $${(left / 100).toFixed(2)}`;
  return cents;
}
