/**
 * The 'catalog/swarm' document (content/catalog/swarm.yaml): words; the fee range is the row of
 * buzz_haven.swarm_fee.
 */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

export const schema = z.strictObject({
  feeWaiver: text,
  hotline: text,
  responseHours: z.number().int().nonnegative(),
  hotlineDays: text,
  hotlineSeason: text,
  criteria: z.array(text),
});
