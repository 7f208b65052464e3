/**
 * schema.org structured data builders for <Seo jsonLd={...} />. They take content values
 * (contact details, catalogue entries) so each fact keeps a single source in content/.
 */
import { centsDecimal } from '../../lib/price';

export interface BusinessFacts {
  name: string;
  description: string;
  siteUrl: string;
  email: string;
  phone: string;
  area: string;
  sameAs?: string[];
}

/** LocalBusiness for the home and contact pages. Opening hours: Mo-Fr 09:00-17:00 Pacific. */
export function localBusinessJsonLd(facts: BusinessFacts): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: facts.name,
    description: facts.description,
    url: `${facts.siteUrl}/`,
    logo: `${facts.siteUrl}/favicon.svg`,
    image: `${facts.siteUrl}/og-image.png`,
    email: facts.email,
    telephone: facts.phone,
    areaServed: facts.area,
    address: { '@type': 'PostalAddress', addressLocality: 'East Hills', addressRegion: 'CA', addressCountry: 'US' },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '09:00',
      closes: '17:00',
    },
    sameAs: facts.sameAs ?? [],
  };
}

export interface ProductFacts {
  name: string;
  description: string;
  /** Price in cents. */
  price: number;
  /** Absolute URL of the product's place on the site (e.g. .../shop#wildflower). */
  url: string;
  image?: string;
  sku?: string;
}

/** One Product with an in-stock USD Offer, for /shop. */
export function productJsonLd(product: ProductFacts, brand: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.sku,
    image: product.image,
    brand: { '@type': 'Brand', name: brand },
    offers: {
      '@type': 'Offer',
      price: centsDecimal(product.price),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: product.url,
    },
  };
}
