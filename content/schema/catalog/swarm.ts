/** The 'catalog/swarm' document (content/catalog/swarm.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

export const schema = z.strictObject({
  feeMin: z.number().nonnegative(),
  feeMax: z.number().nonnegative(),
  feeWaiver: text,
  hotline: text,
  responseHours: z.number().int().nonnegative(),
  hotlineDays: text,
  hotlineSeason: text,
  criteria: z.array(text),
});
