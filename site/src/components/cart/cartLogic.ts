/**
 * The cart's pure rules (unit-tested): lines keyed by product, quantities 1-50, subtotal, and the
 * delivery choices priced by the rows of buzz_haven.shipping_rates (cents), the rows
 * submit_buzz_haven_order_request charges. The server recomputes all of it; these figures are what the visitor
 * sees before sending.
 */
import { type CartLine, MAX_LINES, clampQuantity } from './cartLines';

export { type CartLine, MAX_LINES, MAX_QUANTITY, MIN_QUANTITY, clampQuantity, itemCount, parseCart } from './cartLines';

export type CartProduct = Omit<CartLine, 'quantity' | 'unavailable'>;

/** buzz_haven.shipping_rates in cents (the ShippingRatesCatalog node, src/build/priceRows.ts). */
export interface ShippingRates {
  standard: number;
  /** null: standard shipping is never free. */
  freeOver: number | null;
  express: number;
  pickup: number;
}

export type Delivery = 'standard' | 'express' | 'pickup';
export const DELIVERIES: Delivery[] = ['standard', 'express', 'pickup'];

/** Adds one (or `quantity`) of a product; an existing line grows, up to 50. */
export function addLine(lines: CartLine[], product: CartProduct, quantity = 1): CartLine[] {
  const existing = lines.find((line) => line.key === product.key);
  if (existing) {
    return lines.map((line) =>
      line.key === product.key ? { ...line, ...product, quantity: clampQuantity(line.quantity + quantity) } : line,
    );
  }
  if (lines.length >= MAX_LINES) return lines;
  return [...lines, { ...product, quantity: clampQuantity(quantity) }];
}

export function setQuantity(lines: CartLine[], key: string, quantity: number): CartLine[] {
  return lines.map((line) => (line.key === key ? { ...line, quantity: clampQuantity(quantity) } : line));
}

export function removeLine(lines: CartLine[], key: string): CartLine[] {
  return lines.filter((line) => line.key !== key);
}

/** In cents. */
export const subtotal = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

/** Shipping in cents for a delivery choice: standard is free when the subtotal is over `freeOver`. */
export function shippingCost(delivery: Delivery, subtotalCents: number, rates: ShippingRates): number {
  if (delivery === 'pickup') return rates.pickup;
  if (delivery === 'express') return rates.express;
  return rates.freeOver !== null && subtotalCents > rates.freeOver ? 0 : rates.standard;
}

export function totals(lines: CartLine[], delivery: Delivery, rates: ShippingRates) {
  const sub = subtotal(lines);
  const shipping = shippingCost(delivery, sub, rates);
  return { subtotal: sub, shipping, total: sub + shipping };
}

/** A product as get_buzz_haven_shop_products lists it (price in cents). */
export interface ShopProductRow {
  id: string;
  name: string;
  price: number;
}

/**
 * Lines stored before the product nodes carried ids get theirs from the built products (the cart
 * page's Product nodes), by the slug they are keyed by.
 */
export function withProductIds(lines: CartLine[], products: readonly { productId: string; slug: string }[]): CartLine[] {
  return lines.map((line) => {
    if (line.id) return line;
    const product = products.find((p) => p.slug === line.key);
    return product ? { ...line, id: product.productId } : line;
  });
}

/**
 * The lines named as the cart page's products are (the page's language): a line keeps the name of
 * the page it was added on, which may be the other language's.
 */
export function namedAsBuilt(lines: CartLine[], products: readonly { slug: string; name: string }[]): CartLine[] {
  return lines.map((line) => {
    const product = products.find((p) => p.slug === line.key);
    return product && product.name !== line.name ? { ...line, name: product.name } : line;
  });
}

/** The request's items: [{product_id, quantity, unit_price}]; null when a line has no product id or is unavailable. */
export function orderItems(lines: CartLine[]) {
  if (lines.some((line) => !line.id || line.unavailable)) return null;
  return lines.map((line) => ({ product_id: line.id!, quantity: line.quantity, unit_price: line.price }));
}

/** The cart with the shop's current prices (by product id); lines the shop no longer lists are marked. */
export function refreshPrices(lines: CartLine[], rows: ShopProductRow[]): CartLine[] {
  return lines.map((line) => {
    const row = line.id ? rows.find((r) => r.id === line.id) : undefined;
    if (!row) return { ...line, unavailable: true };
    const fresh: CartLine = { ...line, price: row.price };
    delete fresh.unavailable;
    return fresh;
  });
}

