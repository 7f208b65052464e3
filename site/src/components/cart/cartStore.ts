import { type CartLine, parseCart } from './cartLines';

/**
 * The cart in localStorage, shared by every tab: a write here notifies this tab (a custom event)
 * and the browser notifies the others (the `storage` event). Components read it with useCart()
 * (src/hooks/useCart.ts).
 */
export const CART_KEY = 'buzz-haven-cart';
const CHANGE_EVENT = 'buzz-haven-cart-change';
/** The cart the server and the hydrating render see. */
export const EMPTY_CART: CartLine[] = [];
const EMPTY = EMPTY_CART;

let cachedRaw: string | null = null;
let cachedLines: CartLine[] = EMPTY;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_KEY);
  } catch {
    return null; // storage blocked (privacy mode): an empty cart
  }
}

/** The cart as stored now (the same array until the stored text changes). */
export function readCart(): CartLine[] {
  if (typeof window === 'undefined') return EMPTY;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseCart(raw);
  }
  return cachedLines;
}

export function writeCart(lines: CartLine[]) {
  try {
    if (lines.length) window.localStorage.setItem(CART_KEY, JSON.stringify(lines));
    else window.localStorage.removeItem(CART_KEY);
  } catch {
    // storage full or blocked: the change lives until the page closes
    cachedRaw = JSON.stringify(lines);
    cachedLines = lines;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Applies `change` to the stored cart (read fresh, so another tab's change is not overwritten). */
export function updateCart(change: (lines: CartLine[]) => CartLine[]) {
  writeCart(change(readCart()));
}

/** Calls onChange whenever the cart changes in this tab or another; returns the unsubscribe. */
export function subscribeCart(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}
