import * as React from 'react';
import { Island } from '../layout/Island';
import { lazyComponent } from '../layout/lazyComponent';
import type { AddToCartProps } from './AddToCartForm';

const AddToCartForm = lazyComponent<AddToCartProps>(() => import(/* webpackChunkName: "add-to-cart" */ './AddToCartForm'));

const sameProps = (a: AddToCartProps, b: AddToCartProps) =>
  a.text === b.text &&
  a.describedBy === b.describedBy &&
  (Object.keys(a.product) as (keyof AddToCartProps['product'])[]).every((key) => a.product[key] === b.product[key]);

/**
 * 'Add to Cart' as an island: rendered by the server, its code loaded when it nears the viewport.
 * Memoised on its values: a re-render of the page (a #hash navigation) must not reach an island
 * that has not hydrated yet (React would give up hydrating it: error #421).
 */
export const AddToCart = React.memo(function AddToCart(props: AddToCartProps) {
  return (
    <Island className="add-to-cart-island">
      <AddToCartForm {...props} />
    </Island>
  );
}, sameProps);
