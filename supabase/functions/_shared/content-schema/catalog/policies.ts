/** The 'catalog/policies' document (content/catalog/policies.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

export const schema = z.strictObject({
  returnDays: z.number().int().nonnegative(),
  returnCondition: text,
  damageReportHours: z.number().int().nonnegative(),
});
