import * as React from 'react';
import { type CartLine, itemCount, parseCart } from './cartLines';

/**
 * The cart in localStorage, shared by every tab: a write here notifies this tab (a custom event)
 * and the browser notifies the others (the `storage` event). Components read it with useCart()
 * (useSyncExternalStore: the server and the hydrating render see an empty cart, then the real one).
 */
export const CART_KEY = 'buzz-haven-cart';
const CHANGE_EVENT = 'buzz-haven-cart-change';
const EMPTY: CartLine[] = [];

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

function subscribe(onChange: () => void) {
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

export function useCart(): CartLine[] {
  return React.useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

export function useCartCount(): number {
  return itemCount(useCart());
}
