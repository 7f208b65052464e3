/** The 'catalog/shipping-rates' document (content/catalog/shipping-rates.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

export const schema = z.strictObject({
  standard: z.number().nonnegative(),
  freeOver: z.number().nonnegative(),
  express: z.number().nonnegative(),
  /** Local pickup (the cart). */
  pickup: z.number().nonnegative(),
  handlingHours: z.number().int().nonnegative(),
  region: text,
});
