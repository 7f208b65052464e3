/** The 'pages/shipping' document (content/pages/shipping.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageLegalSection, PageSeo } from '../shared.ts';

export const schema = z.strictObject({
  seo: PageSeo,
  heading: text,
  updated: text,
  intro: text,
  sections: z.array(PageLegalSection),
});
