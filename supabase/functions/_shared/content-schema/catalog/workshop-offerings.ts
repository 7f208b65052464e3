/**
 * The 'catalog/workshop-offerings' document (content/catalog/workshop-offerings.yaml): words by
 * offering id; each price per person and age range is a row of buzz_haven.workshop_offerings
 * (events area of the migrations).
 */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

const WorkshopOfferingsOffering = z.strictObject({
  id: text,
  title: text,
  durationHours: z.number().nonnegative(),
  priceUnit: text,
  audience: text,
  description: text,
});

export const schema = z.strictObject({
  offerings: z.array(WorkshopOfferingsOffering),
  privateMinimum: z.number().int().nonnegative(),
});
