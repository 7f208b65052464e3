/** Field rules shared by every document schema (one source for each rule). */
import { z } from 'zod/v4';

/** Longest text a field may hold (a paragraph of a legal page is the longest today). */
export const MAX_TEXT = 5000;

/** A required piece of copy: not empty, bounded. */
export const text = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(MAX_TEXT, `Too long (${MAX_TEXT} characters at most)`);

/** A picture of the site: a path relative to the document's YAML file in content/. */
export const imagePath = text.regex(/\.(png|jpe?g|webp|avif)$/i, 'Must be a .png, .jpg, .webp or .avif path');
