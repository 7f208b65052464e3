/** The 'catalog/impact-stats' document (content/catalog/impact-stats.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

const ImpactStatsFigure = z.strictObject({
  value: text,
  label: text,
});

export const schema = z.strictObject({
  claims: z.array(ImpactStatsFigure),
  goalsYear: z.number().int().nonnegative(),
  goals: z.array(ImpactStatsFigure),
});
