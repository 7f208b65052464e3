/** Types shared by several documents: links (Cta), SEO, heroes, cards, questions... */
import { z } from 'zod/v4';
import { imagePath, link, text, words } from './fields.ts';

export const Cta = z.strictObject({
  label: text,
  to: link,
  variant: text.nullish(),
});

/** 'Add to Cart' and what it says once pressed (the shop's and the home page's featured products). */
export const CartButton = words('label', 'added', 'viewCart', 'atMost');

export const PageCard = z.strictObject({
  title: text,
  text: text,
  link: Cta.nullish(),
  icon: text.nullish(),
});

export const PageCards = z.strictObject({
  heading: text,
  intro: text.nullish(),
  items: z.array(PageCard),
});

export const PageCtaBlock = z.strictObject({
  heading: text,
  text: text.nullish(),
  buttons: z.array(Cta),
});

export const PageQuestion = z.strictObject({
  id: text.nullish(),
  question: text,
  answer: text,
});

export const PageFaq = z.strictObject({
  heading: text,
  items: z.array(PageQuestion),
  more: Cta.nullish(),
});

export const PageFigure = z.strictObject({
  image: imagePath.nullish(),
  alt: text,
});

export const PageHero = z.strictObject({
  eyebrow: text.nullish(),
  title: text,
  intro: text.nullish(),
  buttons: z.array(Cta).nullish(),
});

export const PageLegalSection = z.strictObject({
  heading: text,
  paragraphs: z.array(text).nullish(),
  items: z.array(text).nullish(),
  outro: text.nullish(),
});

export const PageList = z.strictObject({
  heading: text,
  intro: text.nullish(),
  items: z.array(text),
  link: Cta.nullish(),
});

export const PageNotice = z.strictObject({
  heading: text,
  text: text,
});

export const PageSeo = z.strictObject({
  title: text,
  description: text,
});

export const PageTestimonial = z.strictObject({
  quote: text,
  name: text,
  role: text.nullish(),
});

export const TextItem = z.strictObject({
  title: text,
  text: text.nullish(),
  icon: text.nullish(),
});
