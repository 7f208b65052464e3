import { defaultLocale, type Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { RpcError, postRpc } from '../forms/postRpc';
import { type CartLine, type Delivery, type ShopProductRow, orderItems, refreshPrices } from './cartLogic';

export const ORDER_RPC = 'submit_buzz_haven_order_request';
export const SHOP_PRODUCTS_RPC = 'get_buzz_haven_shop_products';

export interface CheckoutValues {
  name: string;
  email: string;
  phone: string;
  delivery: Delivery;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

export const EMPTY_CHECKOUT: CheckoutValues = {
  name: '', email: '', phone: '', delivery: 'standard', line1: '', line2: '', city: '', state: '', zip: '',
};

/** What submit_buzz_haven_order_request answers (cents). */
export interface OrderResult {
  number: string;
  subtotal: number;
  shipping: number;
  total: number;
}

/** A refusal the cart explains itself (a product the shop no longer lists). */
export class CartProblem extends Error {}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * Sends the cart as an order request: each line carries its product's id (the Product nodes'
 * productId, see withProductIds) and the price the visitor saw. When the server refuses the cart
 * (PT409: prices changed, product gone), the shop's current list is read and `onRefresh` gets the
 * cart with its prices to store; a product it no longer lists is a CartProblem, any other refusal
 * is rethrown for the form to show.
 */
export async function sendOrderRequest(
  lines: CartLine[],
  values: CheckoutValues,
  website: string | null,
  onRefresh: (lines: CartLine[]) => void,
  payment?: 'card' | 'later',
  locale: Locale = defaultLocale,
): Promise<OrderResult> {
  const items = orderItems(lines);
  if (!items) {
    onRefresh(lines.map((line) => (line.id ? line : { ...line, unavailable: true })));
    throw new CartProblem('unavailable');
  }
  const pickup = values.delivery === 'pickup';
  try {
    return await postRpc<OrderResult>(ORDER_RPC, {
      p_customer_name: values.name.trim(),
      p_customer_email: values.email.trim(),
      p_customer_phone: orNull(values.phone),
      p_delivery: values.delivery,
      p_address: pickup
        ? null
        : {
          line1: values.line1.trim(),
          line2: orNull(values.line2),
          city: values.city.trim(),
          state: values.state.trim().toUpperCase(),
          zip: values.zip.trim(),
          country: 'US',
        },
      p_items: items,
      p_website: website,
      p_locale: locale,
      // Only while card payments are on; without them the request is as it always was.
      ...(payment && { p_payment: payment }),
    });
  } catch (error) {
    if (error instanceof RpcError && error.status === 409) {
      const fresh = refreshPrices(lines, await postRpc<ShopProductRow[]>(SHOP_PRODUCTS_RPC, {}));
      onRefresh(fresh);
      if (fresh.some((line) => line.unavailable)) throw new CartProblem('unavailable');
    }
    throw error;
  }
}
