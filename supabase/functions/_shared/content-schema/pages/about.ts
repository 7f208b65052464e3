/** The 'pages/about' document (content/pages/about.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageCards, PageCtaBlock, PageFigure, PageHero, PageList, PageSeo } from '../shared.ts';

const AboutStory = z.strictObject({
  heading: text,
  paragraphs: z.array(text),
  figure: PageFigure.nullish(),
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  story: AboutStory,
  buzzHaven: PageCards,
  mission: PageList,
  values: PageCards,
  statsHeading: text,
  cta: PageCtaBlock,
});
