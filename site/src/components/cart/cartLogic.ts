/**
 * The cart's pure rules (unit-tested): lines keyed by product, quantities 1-50, subtotal, and the
 * delivery choices priced by content/catalog/shipping-rates.yaml (dollars there, cents here, as
 * the database counts them). The server recomputes all of it; these figures are what the visitor
 * sees before sending.
 */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 50;
/** submit_buzz_haven_order_request takes at most 20 different products. */
export const MAX_LINES = 20;

export interface CartLine {
  /** The product's slug (content) or, for products without one, its database id. */
  key: string;
  /** The database id when the page knew it; else resolved by name when the request is sent. */
  id?: string | null;
  name: string;
  size?: string | null;
  /** Unit price in cents as the page showed it. */
  price: number;
  quantity: number;
  /** Set when the shop no longer lists the product (refreshPrices). */
  unavailable?: boolean;
}

export type CartProduct = Omit<CartLine, 'quantity' | 'unavailable'>;

/** content/catalog/shipping-rates.yaml (dollars). */
export interface ShippingRates {
  standard: number;
  freeOver: number;
  express: number;
  pickup: number;
}

export type Delivery = 'standard' | 'express' | 'pickup';
export const DELIVERIES: Delivery[] = ['standard', 'express', 'pickup'];

export const toCents = (dollars: number) => Math.round(dollars * 100);

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value)));
}

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

export const itemCount = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** In cents. */
export const subtotal = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

/** Shipping in cents for a delivery choice: standard is free when the subtotal is over `freeOver`. */
export function shippingCost(delivery: Delivery, subtotalCents: number, rates: ShippingRates): number {
  if (delivery === 'pickup') return toCents(rates.pickup);
  if (delivery === 'express') return toCents(rates.express);
  return subtotalCents > toCents(rates.freeOver) ? 0 : toCents(rates.standard);
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

/** Parses what localStorage holds, dropping anything malformed (an edited or older entry). */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const item of value as Record<string, unknown>[]) {
    if (!item || typeof item !== 'object') continue;
    const { key, id, name, size, price, quantity, unavailable } = item;
    if (typeof key !== 'string' || !key || typeof name !== 'string' || typeof price !== 'number' || !Number.isFinite(price)) continue;
    if (lines.some((line) => line.key === key) || lines.length >= MAX_LINES) continue;
    lines.push({
      key,
      id: typeof id === 'string' ? id : null,
      name,
      size: typeof size === 'string' ? size : null,
      price: Math.max(0, Math.round(price)),
      quantity: clampQuantity(typeof quantity === 'number' ? quantity : 1),
      ...(unavailable === true ? { unavailable: true } : {}),
    });
  }
  return lines;
}
