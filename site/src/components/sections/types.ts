/**
 * The shapes the shared section components take: what the home page's and the content pages'
 * queries both return for a card and a testimonial (see site/schema/*.graphql).
 */
import type { Cta } from '../../hooks/useSiteContent';

export type { Cta };

/** A card: icon, <h3> title, a paragraph and an optional link. */
export interface SectionCard {
  title: string;
  text?: string | null;
  icon?: string | null;
  link?: Cta | null;
}

/** A quote with its author's name and optional role. */
export interface SectionTestimonial {
  quote: string;
  name: string;
  role?: string | null;
}
