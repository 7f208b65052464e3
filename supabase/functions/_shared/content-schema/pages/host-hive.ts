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

const choices = <K extends string>(keys: readonly K[]) =>
  z.strictObject({ legend: text, ...Object.fromEntries(keys.map((k) => [k, text])) as Record<K, typeof text> });

/** The host application form (#apply); {zip} and {areas} are filled in the browser. */
const HostHiveApply = z.strictObject({
  heading: text,
  intro: text,
  requiredNote: text,
  noScript: text,
  name: text,
  email: text,
  phone: text,
  address: text,
  zip: text,
  zipHint: text,
  yardLength: text,
  yardWidth: text,
  yardHint: text,
  sun: choices(['full', 'partial', 'shade'] as const),
  water: choices(['onSite', 'nearby', 'none'] as const),
  access: choices(['level', 'steps', 'difficult'] as const),
  pets: text,
  children: text,
  answerYes: text,
  answerNo: text,
  hiveStyle: choices(['standard', 'artistic'] as const),
  photo: text,
  photoHint: text,
  message: text,
  optional: text,
  submit: text,
  sending: text,
  success: text,
  waitlist: text,
  error: text,
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
  apply: HostHiveApply,
});
