/** The 'pages/workshops' document (content/pages/workshops.yaml). */
import { z } from 'zod/v4';
import { text, words } from '../fields.ts';
import { PageCtaBlock, PageHero, PageNotice, PageSeo } from '../shared.ts';

const WorkshopsLabels = words('duration', 'price', 'ages', 'nextSession', 'hours', 'register', 'registerTo');

const WorkshopsColumns = words('date', 'workshop', 'time', 'availability');

const WorkshopsSchedule = z.strictObject({
  heading: text,
  caption: text,
  columns: WorkshopsColumns,
  spotsLeft: text,
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  offeringsHeading: text,
  labels: WorkshopsLabels,
  schedule: WorkshopsSchedule,
  private: PageNotice,
  group: PageNotice,
  cta: PageCtaBlock,
});
