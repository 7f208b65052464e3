/** The 'catalog/adopt-tiers' document (content/catalog/adopt-tiers.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

const AdoptTiersTier = z.strictObject({
  id: text,
  name: text,
  price: z.number().nonnegative(),
  period: text,
  popular: z.boolean().nullish(),
  perks: z.array(text),
});

export const schema = z.strictObject({
  tiers: z.array(AdoptTiersTier),
  popularLabel: text,
  giftMonths: z.array(z.number().int().nonnegative()),
});
