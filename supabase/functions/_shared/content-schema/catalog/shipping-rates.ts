/**
 * The 'catalog/shipping-rates' document (content/catalog/shipping-rates.yaml): words only; the
 * rates are rows of buzz_haven.shipping_rates.
 */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

export const schema = z.strictObject({
  handlingHours: z.number().int().nonnegative(),
  region: text,
});
