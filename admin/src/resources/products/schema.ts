/**
 * The product form's rules, derived from the products declaration (index.ts), and the seed's
 * messages they produce.
 */
import { z } from 'zod';
import products from './index';
import { messageFor, schemaFor } from '../../crud/fieldSchema';

const field = (source: string) => products.fields.find((f) => f.source === source)!;

export const PRODUCT_MESSAGES = {
  nameRequired: messageFor(field('name'), 'required'),
  pricePositive: messageFor(field('price'), 'min'),
  priceWhole: messageFor(field('price'), 'whole'),
  invalidUrl: messageFor(field('image_url'), 'invalid'),
} as const;

export const productSchema = schemaFor(products);

export type ProductInput = z.input<typeof productSchema>;

export { productToArgs } from './toArgs';
