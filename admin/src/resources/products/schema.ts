/**
 * The product form's rules, the single source of its validation messages, and the
 * mapping of form values to the product RPCs' arguments.
 */
import { z } from 'zod';

/**
 * The longest text each field may hold, in characters (code points, like PostgreSQL's
 * char_length): the products table's CHECK constraints and the product RPCs use the same numbers
 * (supabase/migrations/20251123000100_buzz_haven_text_bounds.sql).
 */
export const PRODUCT_LIMITS = { name: 200, description: 5000, category: 100, image_url: 2000 } as const;

/** The RPCs' message for an over-long field, word for word (buzz_haven.check_length). */
const tooLong = (label: string, max: number) => `${label} is too long (${max} characters at most)`;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: tooLong('Name', PRODUCT_LIMITS.name),
  descriptionTooLong: tooLong('Description', PRODUCT_LIMITS.description),
  categoryTooLong: tooLong('Category', PRODUCT_LIMITS.category),
  imageUrlTooLong: tooLong('Image URL', PRODUCT_LIMITS.image_url),
  pricePositive: 'Price must be positive',
  priceWhole: 'Price must be a whole number of cents',
  invalidUrl: 'Must be a valid URL',
} as const;

/** At most `max` characters once trimmed, as the RPC counts them. */
const fits = (max: number) => (value: string | null | undefined) => value == null || [...value.trim()].length <= max;

const optionalText = (max: number, message: string) => z.string().nullish().refine(fits(max), message);

export const productSchema = z.object({
  name: z
    .string({ error: PRODUCT_MESSAGES.nameRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.nameRequired)
    .refine(fits(PRODUCT_LIMITS.name), PRODUCT_MESSAGES.nameTooLong),
  description: optionalText(PRODUCT_LIMITS.description, PRODUCT_MESSAGES.descriptionTooLong),
  // The form sends a number, a numeric string, '' or null; empty means the default 0.
  price: z.preprocess(
    (v) => (v === '' || v == null ? 0 : v),
    z.coerce
      .number({ error: PRODUCT_MESSAGES.pricePositive })
      .min(0, PRODUCT_MESSAGES.pricePositive)
      .int(PRODUCT_MESSAGES.priceWhole),
  ),
  category: optionalText(PRODUCT_LIMITS.category, PRODUCT_MESSAGES.categoryTooLong),
  // Empty or missing = no image (null); otherwise an http(s) URL.
  image_url: z
    .preprocess(
      (v) => (v === '' || v == null ? null : v),
      z
        .url({ protocol: /^https?$/, error: PRODUCT_MESSAGES.invalidUrl })
        .refine(fits(PRODUCT_LIMITS.image_url), PRODUCT_MESSAGES.imageUrlTooLong)
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
});

export type ProductInput = z.input<typeof productSchema>;
export type ProductValues = z.output<typeof productSchema>;

export interface Product {
  id: string;
  name: string;
  description: string | null;
  price: number;
  category: string | null;
  image_url: string | null;
  created_at: string;
  updated_at?: string;
}

const FIELDS = ['name', 'description', 'price', 'category', 'image_url'] as const;

/**
 * create: every argument, defaulting to empty text and price 0.
 * update: a field not supplied is sent as null (= keep unchanged); a cleared optional text field
 * is sent as '' which the RPC stores as null (= really cleared).
 */
export function productToArgs(data: Record<string, unknown>, mode: 'create' | 'update'): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = data[field];
    if (field === 'price') {
      args.p_price = value === undefined || value === null || value === '' ? (mode === 'create' ? 0 : null) : Number(value);
    } else if (value === undefined) {
      args[`p_${field}`] = mode === 'create' ? (field === 'image_url' ? null : '') : null;
    } else {
      args[`p_${field}`] = value ?? (field === 'name' && mode === 'update' ? null : '');
    }
  }
  return args;
}
