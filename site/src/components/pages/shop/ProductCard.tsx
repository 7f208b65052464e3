import * as React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { AddToCart } from '../../cart/AddToCart';
import { cartProduct } from '../../cart/cartLines';
import type { AddToCartText } from '../../cart/AddToCartForm';
import { Picture } from '../../layout/Picture';
import { formatCents } from '../../../lib/price';
import { SmartLink } from '../../layout/SmartLink';
import { fillBatchText, honeyBatchPath } from '../honey/batchText';
import '../shared/pages.css';

export interface ShopProduct {
  /** The products table's id, sent with the order. */
  productId: string;
  slug: string;
  name: string;
  /** In cents. */
  price: number;
  size: string;
  description: string;
  category: string;
  anchor?: string | null;
  imageAlt: string;
  /** Its newest published honey batch's code (/honey/<code>). */
  currentBatch?: string | null;
  image?: { childImageSharp?: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

/** The element id of a product on /shop: its named anchor (#wildflower) or its slug. */
export const productElementId = (product: Pick<ShopProduct, 'anchor' | 'slug'>) => product.anchor ?? product.slug;

/** One product with its 'Add to Cart' (an island: the cart lives in localStorage). */
export function ProductCard({ product, cartText, batchText }: { product: ShopProduct; cartText: AddToCartText; batchText?: string }) {
  const image = product.image?.childImageSharp?.gatsbyImageData;
  const id = productElementId(product);
  return (
    <li id={id} className="card pages-product" aria-labelledby={`${id}-name`}>
      {image && (
        <div className="card-media">
          <Picture image={image} alt={product.imageAlt} />
        </div>
      )}
      <h3 id={`${id}-name`}>{product.name}</h3>
      <p className="price">{formatCents(product.price)}</p>
      <p className="pages-product-size">{product.size}</p>
      <p>{product.description}</p>
      {product.currentBatch && batchText && (
        <p className="pages-product-batch">
          <SmartLink to={honeyBatchPath(product.currentBatch)}>{fillBatchText(batchText, { code: product.currentBatch })}</SmartLink>
        </p>
      )}
      <AddToCart product={cartProduct(product)} text={cartText} describedBy={`${id}-name`} />
    </li>
  );
}

/** A shop section's products in a grid. */
export function ProductGrid({ products, cartText, batchText }: {
  products: readonly ShopProduct[]; cartText: AddToCartText; batchText?: string;
}) {
  return (
    <ul className={`grid ${products.length === 4 ? 'grid-4' : 'grid-3'} pages-plain`} role="list">
      {products.map((product) => (
        <ProductCard key={product.slug} product={product} cartText={cartText} batchText={batchText} />
      ))}
    </ul>
  );
}
