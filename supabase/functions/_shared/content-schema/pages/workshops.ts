/** The 'pages/workshops' document (content/pages/workshops.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageCtaBlock, PageHero, PageNotice, PageSeo } from '../shared.ts';

const WorkshopsLabels = z.strictObject({
  duration: text,
  price: text,
  ages: text,
  nextSession: text,
  hours: text,
  register: text,
  registerTo: text,
});

const WorkshopsColumns = z.strictObject({
  date: text,
  workshop: text,
  time: text,
  availability: text,
});

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
