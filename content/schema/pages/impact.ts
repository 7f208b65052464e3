/** The 'pages/impact' document (content/pages/impact.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageCards, PageCtaBlock, PageHero, PageSeo } from '../shared.ts';

const ImpactSection = z.strictObject({
  id: text,
  heading: text,
  text: text,
  icon: text.nullish(),
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  claimsHeading: text,
  sections: z.array(ImpactSection),
  join: PageCards,
  goalsHeading: text,
  support: PageCtaBlock,
});
