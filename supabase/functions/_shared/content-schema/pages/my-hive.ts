/** The 'pages/my-hive' document (content/pages/my-hive.yaml): the adopters' and hosts' page. */
import { z } from 'zod/v4';
import { text, words } from '../fields.ts';
import { Cta, PageHero, PageSeo } from '../shared.ts';

/** The switch of the e-mailed visit reports (a shared inspection sent to the hive's people). */
const MyHiveVisitReports = words('heading', 'text', 'label', 'saved', 'error');

const MyHiveSignIn = words('heading', 'text', 'email', 'submit', 'sending', 'sent', 'error', 'rateLimited');

const MyHiveHive = z.strictObject({
  adopter: text,
  host: text,
  wrapHeading: text,
  wrapBy: text,
  highlightsHeading: text,
  noHighlights: text,
  photoAlt: text,
  batchesHeading: text,
  batch: text,
  noBatches: text,
  adoptionHeading: text,
  adoption: text,
  statuses: z.strictObject({ new: text, active: text, paused: text, ended: text }),
  plans: z.strictObject({ monthly: text, gift: text }),
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  noScript: text,
  loading: text,
  signIn: MyHiveSignIn,
  linkError: text,
  sessionEnded: text,
  signedInAs: text,
  signOut: text,
  noHives: z.strictObject({ heading: text, text: text }),
  hive: MyHiveHive,
  workshopsHeading: text,
  workshopsLink: Cta,
  noWorkshops: text,
  error: text,
  visitReports: MyHiveVisitReports,
});
