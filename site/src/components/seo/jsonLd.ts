/**
 * schema.org structured data builders for <Seo jsonLd={...} />. They take content values
 * (contact details, catalogue entries) so each fact keeps a single source in content/.
 */
import { centsDecimal } from '../../lib/price';

/** Where the business is: its LocalBusiness address and the place of its events. */
const BUSINESS_ADDRESS = { '@type': 'PostalAddress', addressLocality: 'East Hills', addressRegion: 'CA', addressCountry: 'US' };

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
    address: BUSINESS_ADDRESS,
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

/** The page itself in its language (every page: Seo adds it), so a search engine reads its language. */
export function webPageJsonLd(page: { name: string; description: string; url: string; locale: string }): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.name,
    description: page.description,
    url: page.url,
    inLanguage: page.locale,
  };
}

export interface EventFacts {
  name: string;
  description?: string | null;
  /** ISO instants. */
  start: string;
  end: string | null;
  /** The event's own place (a free-text location), else the business's. */
  location: string | null;
  /** Price in cents (the price table's; 0 for a free volunteer shift). */
  price: number;
  /** Places left; null when the event has no capacity. */
  placesLeft: number | null;
  /** Absolute URL of the page that lists it (and where to book). */
  url: string;
  /** The page's language. */
  locale: string;
}

/** A scheduled workshop or volunteer shift: schema.org Event with one USD Offer. */
export function eventJsonLd(event: EventFacts, organizer: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    ...(event.description ? { description: event.description } : {}),
    startDate: event.start,
    ...(event.end ? { endDate: event.end } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: event.locale,
    location: { '@type': 'Place', name: event.location ?? organizer, address: BUSINESS_ADDRESS },
    organizer: { '@type': 'Organization', name: organizer, url: new URL('/', event.url).href },
    offers: {
      '@type': 'Offer',
      price: centsDecimal(event.price),
      priceCurrency: 'USD',
      availability: event.placesLeft === 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url: event.url,
    },
  };
}
