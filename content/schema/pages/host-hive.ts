/** The 'pages/host-hive' document (content/pages/host-hive.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { Cta, PageCards, PageCtaBlock, PageFigure, PageHero, PageSeo, PageTestimonial } from '../shared.ts';

const HostHivePricing = z.strictObject({
  heading: text,
  intro: text.nullish(),
  perYear: text,
  notes: z.array(text),
  button: Cta,
});

const HostHiveLocations = z.strictObject({
  heading: text,
  intro: text.nullish(),
  items: z.array(text),
  figure: PageFigure.nullish(),
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  inclusions: PageCards,
  locations: HostHiveLocations,
  benefits: PageCards,
  pricing: HostHivePricing,
  testimonialsHeading: text,
  testimonials: z.array(PageTestimonial),
  cta: PageCtaBlock,
});
