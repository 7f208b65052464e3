/**
 * The hive sign pages (/hive/<code>): one per hive its QR label names, from
 * get_buzz_haven_public_hive_signs (name, neighbourhood, status, latest art wrap; never an address
 * or a position), with the words of the 'pages/hives' document's sign block. Pure, unit-tested.
 */
import type { HiveSignWords } from '../../../supabase/functions/_shared/content-schema/pages/hives.ts';
import { hiveSignPath, seasonOf, type Season } from '../components/pages/hive-sign/signText';
import { isImageUrl } from './hiveMapNodes';
import { type Locale, defaultLocale } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { inLanguage } from '../lib/rowLanguage';

/** A row of get_buzz_haven_public_hive_signs. */
export interface HiveSignRow {
  id: string;
  sign_code: string;
  name: string;
  neighbourhood: string | null;
  status: string;
  wrap: { title: string; artist: string | null; photo_url: string | null } | null;
  /** The Spanish pages' name; null: the English shows. */
  name_es?: string | null;
}

/** The page context of one sign page: the hive (its id for staff's inspection link) and the words. */
export interface HiveSignContext {
  sign: HiveSignRow;
  words: HiveSignWords;
  /** The season of the build's day: the page's first render, before the visitor's day replaces it. */
  season: Season;
}

/**
 * One createPage argument per hive with a well-formed code, its name in `locale`; a wrap photo kept
 * only when it is an image URL.
 */
export function hiveSignPages(
  rows: readonly HiveSignRow[], words: HiveSignWords, component: string, today = new Date(), locale: Locale = defaultLocale,
) {
  return rows
    .filter((row) => /^[A-Z0-9]{4,12}$/.test(row.sign_code))
    .map((row) => ({
      path: hiveSignPath(row.sign_code),
      component,
      context: {
        sign: {
          ...row, name: inLanguage(row, 'name', locale),
          wrap: row.wrap ? { ...row.wrap, photo_url: isImageUrl(row.wrap.photo_url) ? row.wrap.photo_url : null } : null,
        },
        words,
        season: seasonOf(today),
      } satisfies HiveSignContext,
    }));
}
