/**
 * The cart's stored lines: their shape, the quantity bounds and reading them back from
 * localStorage. Kept apart from the rest of the cart's rules (cartLogic.ts) because the header's
 * count needs only this, on every page.
 */
import { columnBounds } from '../forms/columnRules';
const quantity = columnBounds('order_items', 'quantity');
/** An order line's quantity bounds: order_items' CHECK. */
export const MIN_QUANTITY = quantity.min ?? 1;
export const MAX_QUANTITY = quantity.max ?? 1;
/** submit_buzz_haven_order_request takes at most 20 different products. */
export const MAX_LINES = 20;

export interface CartLine {
  /** The product's slug (content) or, for products without one, its database id. */
  key: string;
  /** The products table's id (the Product node's productId); a line stored before the nodes had it gets it from the cart page's products by key. */
  id?: string | null;
  name: string;
  size?: string | null;
  /** Unit price in cents as the page showed it. */
  price: number;
  quantity: number;
  /** Set when the shop no longer lists the product (refreshPrices). */
  unavailable?: boolean;
}

/** A Product node as the cart keeps it: keyed by slug, with the id and the cents the order sends. */
export const cartProduct = (product: { productId: string; slug: string; name: string; size: string; price: number }) => ({
  key: product.slug,
  id: product.productId,
  name: product.name,
  size: product.size,
  price: product.price,
});

export function clampQuantity(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value)));
}

export const itemCount = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** Parses what localStorage holds, dropping anything malformed (an edited or older entry). */
export function parseCart(raw: string | null): CartLine[] {
  let value: unknown;
  try {
    value = JSON.parse(raw || '[]');
  } catch {
    return [];
  }
  const lines: CartLine[] = [];
  for (const item of Array.isArray(value) ? (value as CartLine[]) : []) {
    if (!item || typeof item.key !== 'string' || !item.key || typeof item.name !== 'string' || !Number.isFinite(item.price)) continue;
    if (lines.length >= MAX_LINES || lines.some((line) => line.key === item.key)) continue;
    lines.push({
      key: item.key,
      id: typeof item.id === 'string' ? item.id : null,
      name: item.name,
      size: typeof item.size === 'string' ? item.size : null,
      price: Math.max(0, Math.round(item.price)),
      quantity: clampQuantity(item.quantity),
      ...(item.unavailable === true ? { unavailable: true } : {}),
    });
  }
  return lines;
}
