import * as React from 'react';
import { SmartLink } from '../layout/SmartLink';
import { useCartCount } from '../../hooks/useCart';

/**
 * The header's link to /cart with the number of items. The server (and the hydrating render)
 * show 0; the stored count follows at once, in a box of fixed size, so nothing moves.
 */
export function CartLink({ label, countLabel }: { label: string; countLabel: string }) {
  const count = useCartCount();
  return (
    <SmartLink to="/cart" className="cart-link" data-cart-count={count}>
      <span className="cart-link-label">{label}</span>
      <span className="cart-count">{count}</span>
      <span className="visually-hidden"> {countLabel}</span>
    </SmartLink>
  );
}
