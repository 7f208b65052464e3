/**
 * Words staff type into database rows (a product's name, a batch's notes, a hive's name) have a
 * Spanish twin in the column `<column>_es` beside the English one. A page reads the twin of its
 * language and falls back to the English when the twin is empty, so a Spanish page never shows an
 * empty block. Used by the build (products, batches, hive map and signs) and by /my-hive.
 */
import { type Locale, defaultLocale } from '../../../supabase/functions/_shared/content-schema/locales.ts';

type Row = object;

/** The text of `key` in `locale`: `row[key_<locale>]` when it has words, else `row[key]`. */
export function inLanguage<R extends Row, K extends keyof R & string>(row: R, key: K, locale: Locale): R[K] {
  if (locale === defaultLocale) return row[key];
  const twin = (row as Record<string, unknown>)[`${key}_${locale}`];
  return typeof twin === 'string' && twin.trim() !== '' ? (twin as R[K]) : row[key];
}
