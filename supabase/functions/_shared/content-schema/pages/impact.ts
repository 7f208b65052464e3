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

/** The volunteer shift sign-up (#volunteer, issue 27); {left}, {capacity} and {shift} are filled in the browser. */
const ImpactVolunteer = z.strictObject({
  heading: text,
  intro: text,
  loading: text,
  none: text,
  placesLeft: text,
  full: text,
  shift: text,
  requiredNote: text,
  noScript: text,
  name: text,
  email: text,
  phone: text,
  submit: text,
  sending: text,
  success: text,
  error: text,
});

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
