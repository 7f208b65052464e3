/** The 'pages/services' document (content/pages/services.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { Cta, PageCards, PageCtaBlock, PageHero, PageSeo, PageTestimonial } from '../shared.ts';

const ServicesService = z.strictObject({
  id: text,
  title: text,
  text: text,
  price: text,
  link: Cta,
  icon: text.nullish(),
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  servicesHeading: text,
  services: z.array(ServicesService),
  custom: PageCards,
  testimonialsHeading: text,
  testimonials: z.array(PageTestimonial),
  cta: PageCtaBlock,
});
