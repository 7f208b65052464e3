import type { IGatsbyImageData } from 'gatsby-plugin-image';
import type { AddToCartText } from '../cart/AddToCartForm';
import type { Cta } from '../layout/useSiteContent';

/** TypeScript shapes of content/home.yaml (mirrors schema/home.graphql). */
export interface TextItem {
  title: string;
  text?: string | null;
  icon?: string | null;
}

export interface Card {
  icon?: string | null;
  title: string;
  text: string;
  link: Cta;
}

export interface CardsBlock {
  eyebrow?: string | null;
  heading: string;
  text?: string | null;
  items: Card[];
}

export interface ItemsBlock {
  eyebrow?: string | null;
  heading: string;
  text?: string | null;
  items: TextItem[];
}

export interface HomeContent {
  seo: { title?: string | null; description: string };
  hero: { eyebrow?: string | null; title: string; text: string; imageAlt: string; ctas: Cta[] };
  welcome: {
    eyebrow?: string | null;
    heading: string;
    paragraphs: string[];
    founderAlt: string;
    cta: Cta;
    letter: {
      label: string;
      greeting: string;
      paragraphs: string[];
      signOff: string;
      signature: string;
      role?: string | null;
      hint?: string | null;
    };
  };
  mission: { heading: string; items: string[] };
  artCollective: { heading: string; text?: string | null; imageAlt: string; steps: TextItem[] };
  values: { heading: string; text?: string | null; items: TextItem[]; ctas: Cta[] };
  phases: ItemsBlock;
  services: CardsBlock;
  brands: CardsBlock;
  management: { eyebrow?: string | null; heading: string; text: string; ctas: Cta[] };
  featured: {
    eyebrow?: string | null;
    heading: string;
    text?: string | null;
    linkLabel: string;
    allLink?: Cta | null;
    cart: AddToCartText;
  };
  testimonials: { heading: string; items: { quote: string; name: string; role?: string | null }[] };
  newsletter: { eyebrow?: string | null; heading: string; text?: string | null };
}

/** A catalogue entry as the home page queries it (content/catalog/products.yaml). */
export interface FeaturedProduct {
  slug: string;
  name: string;
  price: number;
  size: string;
  description: string;
  anchor?: string | null;
  imageAlt: string;
  image: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
}
