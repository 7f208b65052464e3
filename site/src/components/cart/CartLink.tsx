import * as React from 'react';
import { Link } from 'gatsby';
import { useCartCount } from './cartStore';

/**
 * The header's link to /cart with the number of items. The server (and the hydrating render)
 * show 0; the stored count follows at once, in a box of fixed size, so nothing moves.
 */
export function CartLink({ label, countLabel }: { label: string; countLabel: string }) {
  const count = useCartCount();
  return (
    <Link to="/cart" className="cart-link" data-cart-count={count}>
      <span className="cart-link-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="10" cy="20" r="1.5" fill="currentColor" />
          <circle cx="17" cy="20" r="1.5" fill="currentColor" />
        </svg>
      </span>
      <span className="cart-link-label">{label}</span>
      <span className="cart-count">{count}</span>
      <span className="visually-hidden"> {countLabel}</span>
    </Link>
  );
}
