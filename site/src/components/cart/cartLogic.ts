/**
 * The cart's pure rules (unit-tested): lines keyed by product, quantities 1-50, subtotal, and the
 * delivery choices priced by the rows of buzz_haven.shipping_rates (cents), the rows
 * submit_buzz_haven_order_request charges. The server recomputes all of it; these figures are what the visitor
 * sees before sending.
 */
import { type CartLine, MAX_LINES, clampQuantity } from './cartLines';

export { type CartLine, MAX_LINES, MAX_QUANTITY, MIN_QUANTITY, clampQuantity, itemCount, parseCart, toCents } from './cartLines';

export type CartProduct = Omit<CartLine, 'quantity' | 'unavailable'>;

/** buzz_haven.shipping_rates in cents (the ShippingRatesYaml node, src/build/priceRows.ts). */
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

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The shop's row for a line: by id when the line has one, else by name. */
export function findRow(line: CartLine, rows: ShopProductRow[]): ShopProductRow | undefined {
  return (line.id && rows.find((row) => row.id === line.id)) || rows.find((row) => sameName(row.name, line.name));
}

/** The request's items: [{product_id, quantity, unit_price}]; null when a line has no product. */
export function orderItems(lines: CartLine[], rows: ShopProductRow[]) {
  const items = lines.map((line) => {
    const row = findRow(line, rows);
    return row ? { product_id: row.id, quantity: line.quantity, unit_price: line.price } : null;
  });
  return items.every(Boolean) ? (items as { product_id: string; quantity: number; unit_price: number }[]) : null;
}

/** The cart with the shop's current prices and ids; lines the shop no longer lists are marked. */
export function refreshPrices(lines: CartLine[], rows: ShopProductRow[]): CartLine[] {
  return lines.map((line) => {
    const row = findRow(line, rows);
    if (!row) return { ...line, unavailable: true };
    const fresh: CartLine = { ...line, id: row.id, price: row.price };
    delete fresh.unavailable;
    return fresh;
  });
}

