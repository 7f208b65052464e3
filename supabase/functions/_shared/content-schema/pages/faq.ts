/** The 'pages/faq' document (content/pages/faq.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageCtaBlock, PageQuestion, PageSeo } from '../shared.ts';

export const schema = z.strictObject({
  seo: PageSeo,
  heading: text,
  intro: text,
  items: z.array(PageQuestion),
  closing: PageCtaBlock,
});
