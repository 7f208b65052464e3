/**
 * The product form's rules, derived from the products declaration (index.ts) as the dialog derives
 * them (crud/fieldSchema.ts `schemaFor`), and the seed's messages they produce; read by the tests.
 */
import { z } from 'zod';
import products from './index';
import { messageFor, schemaFor } from '../../crud/fieldSchema';
import { fieldOf } from '../../crud/tableRules';

const field = (source: string) => fieldOf(products, source);

/**
 * The longest text each field may hold, in characters: the products table's CHECK constraints and
 * the product RPCs use the same numbers (buzz_haven.products and its create/update functions).
 */
export const PRODUCT_LIMITS = {
  name: field('name').max!, description: field('description').max!,
  category: field('category').max!, image_url: field('image_url').max!,
  slug: field('slug').max!, size_label: field('size_label').max!, image_alt: field('image_alt').max!,
} as const;

export const PRODUCT_MESSAGES = {
  nameRequired: messageFor(field('name'), 'required'),
  nameTooLong: messageFor(field('name'), 'max'),
  pricePositive: messageFor(field('price'), 'min'),
  priceWhole: messageFor(field('price'), 'whole'),
  invalidUrl: messageFor(field('image_url'), 'invalid'),
  slugFormat: messageFor(field('slug'), 'pattern'),
  orderRange: messageFor(field('sort_order'), 'min'),
} as const;

export const productSchema = schemaFor(products);

export type ProductInput = z.input<typeof productSchema>;

export { productToArgs } from './toArgs';
