import * as React from 'react';
import { formatCents } from '../../lib/price';
import { AddToCart } from '../cart/AddToCart';
import { cartProduct } from '../cart/cartLines';
import { Picture } from '../layout/Picture';
import { CtaLink, SmartLink } from '../layout/SmartLink';
import { Section } from '../sections/Section';
import type { FeaturedProduct, HomeContent } from './types';

/** Section 7: the catalogue's featured products with name, price, image, description and link. */
export function FeaturedProducts({ block, products }: { block: HomeContent['featured']; products: readonly FeaturedProduct[] }) {
  return (
    <Section id="featured" tone="alt" eyebrow={block.eyebrow} heading={block.heading} intro={block.text} data-home-section="featured">
        <ul className="grid grid-3 plain-list">
          {products.map((product) => {
            const image = product.image?.childImageSharp?.gatsbyImageData;
            const href = `/shop${product.anchor ? `#${product.anchor}` : ''}`;
            return (
              <li key={product.slug} className="card" data-product={product.slug}>
                {image && (
                  <div className="card-media">
                    <Picture image={image} alt={product.imageAlt} />
                  </div>
                )}
                <h3 id={`featured-${product.slug}-name`}>{product.name}</h3>
                <p>
                  <span className="price">{formatCents(product.price)}</span> <span className="price-unit">{product.size}</span>
                </p>
                <p>{product.description}</p>
                <SmartLink to={href} className="card-link" aria-label={`${block.linkLabel}: ${product.name}`}>
                  {block.linkLabel} <span aria-hidden="true">→</span>
                </SmartLink>
                <AddToCart
                  product={cartProduct(product)}
                  text={block.cart}
                  describedBy={`featured-${product.slug}-name`}
                />
              </li>
            );
          })}
        </ul>
        {block.allLink && (
          <div className="btn-row btn-row-center">
            <CtaLink cta={block.allLink} />
          </div>
        )}
    </Section>
  );
}
