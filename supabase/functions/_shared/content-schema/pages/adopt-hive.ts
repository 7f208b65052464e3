/** The 'pages/adopt-hive' document (content/pages/adopt-hive.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { Cta, PageCards, PageCtaBlock, PageFaq, PageHero, PageSeo } from '../shared.ts';

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  tiersHeading: text,
  perMonth: text,
  subscribe: Cta,
  impact: PageCards,
  faq: PageFaq,
  cta: PageCtaBlock,
});
