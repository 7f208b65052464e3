/** The 'catalog/workshop-offerings' document (content/catalog/workshop-offerings.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

const WorkshopOfferingsOffering = z.strictObject({
  id: text,
  title: text,
  durationHours: z.number().nonnegative(),
  price: z.number().nonnegative(),
  priceUnit: text,
  ages: text.nullish(),
  audience: text,
  description: text,
});

export const schema = z.strictObject({
  offerings: z.array(WorkshopOfferingsOffering),
  privateMinimum: z.number().int().nonnegative(),
});
