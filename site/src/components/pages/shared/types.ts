/**
 * Shapes of the content under content/pages and content/catalog as the pages query them
 * (they mirror site/schema/pages-*.graphql).
 */
import type { Cta } from '../../layout/useSiteContent';

export type { Cta };

export interface PageSeo {
  title: string;
  description: string;
}

export interface PageHero {
  eyebrow?: string | null;
  title: string;
  intro?: string | null;
  buttons?: Cta[] | null;
}

export interface PageCtaBlock {
  heading: string;
  text?: string | null;
  buttons: Cta[];
}

export interface PageTestimonial {
  quote: string;
  name: string;
  role?: string | null;
}

export interface PageQuestion {
  id?: string | null;
  question: string;
  answer: string;
}

export interface PageFaq {
  heading: string;
  items: PageQuestion[];
  more?: Cta | null;
}

export interface PageCard {
  title: string;
  text: string;
  link?: Cta | null;
  icon?: string | null;
}

export interface PageCards {
  heading: string;
  intro?: string | null;
  items: PageCard[];
}

export interface PageList {
  heading: string;
  intro?: string | null;
  items: string[];
  link?: Cta | null;
}

export interface PageNotice {
  heading: string;
  text: string;
}

export interface PageLegalSection {
  heading: string;
  paragraphs?: string[] | null;
  items?: string[] | null;
  outro?: string | null;
}
