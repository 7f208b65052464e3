import * as React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Picture } from '../../layout/Picture';
import { formatPrice } from '../../../lib/price';
import '../shared/pages.css';

export interface ShopProduct {
  slug: string;
  name: string;
  price: number;
  size: string;
  description: string;
  category: string;
  anchor?: string | null;
  imageAlt: string;
  image?: { childImageSharp?: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

/** The element id of a product on /shop: its named anchor (#wildflower) or its slug. */
export const productElementId = (product: Pick<ShopProduct, 'anchor' | 'slug'>) => product.anchor ?? product.slug;

/**
 * One product. Checkout is not built yet, so 'Add to Cart' is an honest disabled button that
 * points at the note explaining how to order instead of pretending to add anything.
 */
export function ProductCard({ product, addToCart, noteId }: { product: ShopProduct; addToCart: string; noteId: string }) {
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
      <p className="price">{formatPrice(product.price)}</p>
      <p className="pages-product-size">{product.size}</p>
      <p>{product.description}</p>
      <button type="button" className="btn btn-secondary" disabled aria-describedby={noteId}>
        {addToCart}
      </button>
    </li>
  );
}

/** A shop section's products in a grid. */
export function ProductGrid({ products, addToCart, noteId }: { products: readonly ShopProduct[]; addToCart: string; noteId: string }) {
  return (
    <ul className={`grid ${products.length === 4 ? 'grid-4' : 'grid-3'} pages-plain`} role="list">
      {products.map((product) => (
        <ProductCard key={product.slug} product={product} addToCart={addToCart} noteId={noteId} />
      ))}
    </ul>
  );
}
