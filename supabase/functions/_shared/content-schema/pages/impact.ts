/** The 'pages/impact' document (content/pages/impact.yaml). */
import { z } from 'zod/v4';
import { text, words } from '../fields.ts';
import { PageCards, PageCtaBlock, PageHero, PageSeo } from '../shared.ts';

const ImpactSection = z.strictObject({
  id: text,
  heading: text,
  text: text,
  icon: text.nullish(),
});

/** The volunteer shift sign-up (#volunteer); {left}, {capacity} and {shift} are filled in the browser. */
const ImpactVolunteer = words(
  'heading', 'intro', 'loading', 'none', 'placesLeft', 'full', 'shift', 'requiredNote',
  'noScript', 'name', 'email', 'phone', 'submit', 'sending', 'success', 'error',
);

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  claimsHeading: text,
  sections: z.array(ImpactSection),
  join: PageCards,
  volunteer: ImpactVolunteer,
  goalsHeading: text,
  support: PageCtaBlock,
});
