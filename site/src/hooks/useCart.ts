import * as React from 'react';
import { itemCount, type CartLine } from '../components/cart/cartLines';
import { EMPTY_CART, readCart, subscribeCart } from '../components/cart/cartStore';

/**
 * The stored cart, kept current across tabs (useSyncExternalStore: the server and the hydrating
 * render see an empty cart, then the real one).
 */
export function useCart(): CartLine[] {
  return React.useSyncExternalStore(subscribeCart, readCart, () => EMPTY_CART);
}

/** How many items the cart holds (the header's count). */
export function useCartCount(): number {
  return itemCount(useCart());
}
