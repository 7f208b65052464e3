import * as React from 'react';
import { Island } from '../layout/Island';
import { lazyComponent } from '../layout/lazyComponent';
import { sameValues } from '../layout/sameValues';
import type { AddToCartProps } from './AddToCartForm';

const AddToCartForm = lazyComponent<AddToCartProps>(() => import(/* webpackChunkName: "add-to-cart" */ './AddToCartForm'));

/**
 * 'Add to Cart' as an island: rendered by the server, its code loaded when it nears the viewport.
 * Memoised on its values (sameValues.ts).
 */
export const AddToCart = React.memo(function AddToCart(props: AddToCartProps) {
  return (
    <Island className="add-to-cart-island">
      <AddToCartForm {...props} />
    </Island>
  );
}, sameValues);
