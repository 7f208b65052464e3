/**
 * The 'catalog/adopt-tiers' document (content/catalog/adopt-tiers.yaml): the tiers' words by id;
 * prices and gift terms are rows of buzz_haven.adopt_tiers and adopt_gift_terms
 * (catalog area of the migrations).
 */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

const AdoptTiersTier = z.strictObject({
  id: text,
  name: text,
  period: text,
  popular: z.boolean().nullish(),
  perks: z.array(text),
});

export const schema = z.strictObject({
  tiers: z.array(AdoptTiersTier),
  popularLabel: text,
});
