/** The 'home' document (content/home.yaml). */
import { z } from 'zod/v4';
import { text } from './fields.ts';
import { CartButton, Cta, TextItem } from './shared.ts';

const HomeSeo = z.strictObject({
  title: text.nullish(),
  description: text,
});

const HomeCard = z.strictObject({
  icon: text.nullish(),
  title: text,
  text: text,
  link: Cta,
});

const HomeHero = z.strictObject({
  eyebrow: text.nullish(),
  title: text,
  text: text,
  imageAlt: text,
  ctas: z.array(Cta),
});

const HomeLetter = z.strictObject({
  label: text,
  greeting: text,
  paragraphs: z.array(text),
  signOff: text,
  signature: text,
  role: text.nullish(),
  hint: text.nullish(),
});

const HomeWelcome = z.strictObject({
  eyebrow: text.nullish(),
  heading: text,
  paragraphs: z.array(text),
  founderAlt: text,
  cta: Cta,
  letter: HomeLetter,
});

const HomeList = z.strictObject({
  heading: text,
  items: z.array(text),
});

const HomeArtCollective = z.strictObject({
  heading: text,
  text: text.nullish(),
  imageAlt: text,
  steps: z.array(TextItem),
});

const HomeValues = z.strictObject({
  heading: text,
  text: text.nullish(),
  items: z.array(TextItem),
  ctas: z.array(Cta),
});

const HomeItems = z.strictObject({
  eyebrow: text.nullish(),
  heading: text,
  text: text.nullish(),
  items: z.array(TextItem),
});

/** The services and brands sections (one GraphQL type, HomeCards, the home page's fragment is on). */
const HomeCards = z.strictObject({
  eyebrow: text.nullish(),
  heading: text,
  text: text.nullish(),
  items: z.array(HomeCard),
}).meta({ id: 'HomeCards' });

const HomeManagement = z.strictObject({
  eyebrow: text.nullish(),
  heading: text,
  text: text,
  ctas: z.array(Cta),
});

const HomeFeatured = z.strictObject({
  eyebrow: text.nullish(),
  heading: text,
  text: text.nullish(),
  linkLabel: text,
  allLink: Cta.nullish(),
  /** 'Add to Cart' on each featured product (same words as the shop's). */
  cart: CartButton,
});

const HomeTestimonial = z.strictObject({
  quote: text,
  name: text,
  role: text.nullish(),
});

const HomeTestimonials = z.strictObject({
  heading: text,
  items: z.array(HomeTestimonial),
});

const HomeNewsletter = z.strictObject({
  eyebrow: text.nullish(),
  heading: text,
  text: text.nullish(),
});

export const schema = z.strictObject({
  seo: HomeSeo,
  hero: HomeHero,
  welcome: HomeWelcome,
  mission: HomeList,
  artCollective: HomeArtCollective,
  values: HomeValues,
  phases: HomeItems,
  services: HomeCards,
  brands: HomeCards,
  management: HomeManagement,
  featured: HomeFeatured,
  testimonials: HomeTestimonials,
  newsletter: HomeNewsletter,
});
