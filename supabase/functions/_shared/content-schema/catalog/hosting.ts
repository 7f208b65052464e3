/**
 * The 'catalog/hosting' document (content/catalog/hosting.yaml): the plans' words by id; their
 * yearly prices are rows of buzz_haven.hosting_plans.
 */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

const HostingPlan = z.strictObject({
  id: text,
  name: text,
  period: text,
  summary: text,
  features: z.array(text),
});

export const schema = z.strictObject({
  plans: z.array(HostingPlan),
  paymentPlans: text,
  minimumSpace: text,
  honeyPerYear: text,
  honeyHarvests: text,
  visitSchedule: text,
  /** How long a worker bee lives ('23 days'). */
  beeLifespan: text,
});
