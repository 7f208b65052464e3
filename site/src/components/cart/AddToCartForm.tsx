import * as React from 'react';
import { SmartLink } from '../layout/SmartLink';
import { MAX_QUANTITY } from './cartLines';
import { type CartProduct, addLine } from './cartLogic';
import { readCart, updateCart } from './cartStore';

export interface AddToCartText {
  /** "Add to Cart" */
  label: string;
  /** "Added to your cart." */
  added: string;
  /** "View cart" */
  viewCart: string;
  /** "You have the most we take in one request (50)." */
  atMost: string;
}

export interface AddToCartProps {
  product: CartProduct;
  text: AddToCartText;
  /** The id of the element naming the product (the button's description). */
  describedBy?: string;
}

/**
 * 'Add to Cart' of one product: a form so that, before its island hydrates, a press is held and
 * replayed (heldSubmits.ts); without JavaScript it opens /cart, which says the cart needs it.
 */
export function AddToCartForm({ product, text, describedBy }: AddToCartProps) {
  const [added, setAdded] = React.useState<'added' | 'full' | null>(null);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const before = readCart().find((line) => line.key === product.key)?.quantity ?? 0;
    updateCart((lines) => addLine(lines, product));
    setAdded(before >= MAX_QUANTITY ? 'full' : 'added');
  };
  return (
    <form method="get" action="/cart" className="add-to-cart" onSubmit={onSubmit} data-add-to-cart={product.key}>
      <input type="hidden" name="add" value={product.key} />
      <button type="submit" className="btn btn-primary" aria-describedby={describedBy}>
        {text.label}
      </button>
      <p className="add-to-cart-status" role="status">
        {added && (
          <>
            {added === 'full' ? text.atMost : text.added} <SmartLink to="/cart">{text.viewCart}</SmartLink>
          </>
        )}
      </p>
    </form>
  );
}

export default AddToCartForm;
