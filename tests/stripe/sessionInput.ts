/**
 * What the Stripe stand-in (standIn.ts) reads from a request's form: a Checkout Session's
 * parameters, checked as Stripe checks the ones the payment functions send (a refused one is a
 * ParamError, answered 400 with the parameter's name), and the small readers of form values.
 */
import type { FormValue } from './form';
import { now, type SessionInput } from './objects';

export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: FormValue | undefined): Record<string, FormValue> =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
export const strings = (v: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(v)).filter(([, x]) => typeof x === 'string')) as Record<string, string>;

export class ParamError extends Error {
  constructor(readonly param: string, message: string, readonly code = 'parameter_invalid') {
    super(message);
  }
}

export function integerParam(value: FormValue | undefined, param: string): number {
  const s = str(value);
  if (s === undefined) throw new ParamError(param, `Missing required param: ${param}.`, 'parameter_missing');
  if (!/^\d{1,12}$/.test(s)) throw new ParamError(param, `Invalid integer: ${s}`, 'parameter_invalid_integer');
  return Number(s);
}

export function sessionInput(form: Record<string, FormValue>): SessionInput {
  const mode = str(form.mode);
  if (mode !== 'payment' && mode !== 'subscription') throw new ParamError('mode', 'The stand-in supports mode=payment and mode=subscription.');
  const successUrl = str(form.success_url);
  if (!successUrl) throw new ParamError('success_url', 'Missing required param: success_url.', 'parameter_missing');
  const items = Array.isArray(form.line_items) ? form.line_items : [];
  if (items.length === 0) throw new ParamError('line_items', 'Missing required param: line_items.', 'parameter_missing');
  const lineItems = items.map((raw, i) => {
    const item = obj(raw);
    const price = obj(item.price_data);
    const name = str(obj(price.product_data).name);
    if (!name) throw new ParamError(`line_items[${i}][price_data][product_data][name]`, 'Missing required param.', 'parameter_missing');
    // As Stripe: subscription mode needs a recurring price, payment mode refuses one.
    if ((mode === 'subscription') !== (str(obj(price.recurring).interval) !== undefined)) {
      throw new ParamError(`line_items[${i}][price_data][recurring]`, mode === 'subscription'
        ? 'You must provide at least one recurring price in `subscription` mode when using prices.'
        : 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.');
    }
    return {
      name,
      unitAmount: integerParam(price.unit_amount, `line_items[${i}][price_data][unit_amount]`),
      quantity: integerParam(item.quantity, `line_items[${i}][quantity]`),
      currency: str(price.currency) ?? '',
    };
  });
  const currency = lineItems[0].currency;
  if (!/^[a-z]{3}$/.test(currency) || lineItems.some((l) => l.currency !== currency)) {
    throw new ParamError('line_items', 'All line items must have one currency.');
  }
  const options = Array.isArray(form.shipping_options) ? form.shipping_options : [];
  const rate = obj(obj(options[0]).shipping_rate_data);
  const shipping = options.length
    ? { amount: integerParam(obj(rate.fixed_amount).amount, 'shipping_options[0][shipping_rate_data][fixed_amount][amount]'),
      displayName: str(rate.display_name) ?? '' }
    : null;
  const expiresAt = form.expires_at === undefined ? now() + 86400 : integerParam(form.expires_at, 'expires_at');
  if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 86400) {
    throw new ParamError('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
  }
  const total = lineItems.reduce((s, l) => s + l.unitAmount * l.quantity, 0) + (shipping?.amount ?? 0);
  if (currency === 'usd' && total < 50) throw new ParamError('line_items', 'The Checkout Session\'s total amount due must add up to at least $0.50 usd', 'amount_too_small');
  return {
    mode, lineItems, shipping, currency,
    metadata: strings(form.metadata),
    paymentIntentMetadata: strings(obj(form.payment_intent_data).metadata),
    customerEmail: str(form.customer_email) ?? null,
    clientReferenceId: str(form.client_reference_id) ?? null,
    successUrl,
    cancelUrl: str(form.cancel_url) ?? null,
    expiresAt,
  };
}
