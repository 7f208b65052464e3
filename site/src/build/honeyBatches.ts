/**
 * The honey batch pages (/honey/<code>) from the published batches the build reads
 * (get_buzz_haven_public_honey_batches, newest first), and each product's current batch for /shop:
 * the first (newest) published batch of that product. Each hive comes with its latest art wrap
 * (title, artist, photo: shown on the page). Pure functions, unit-tested.
 */
import type { HoneyBatchRow } from './siteData';
import { honeyBatchPath } from '../components/pages/honey/batchText';
import { isImageUrl } from './hiveMapNodes';
import type { Locale } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { inLanguage } from '../lib/rowLanguage';
import { seasonLabel } from '../lib/siteWords';

/** The page context of one batch page. */
export interface HoneyBatchContext {
  code: string;
  productSlug: string;
  batch: HoneyBatchRow;
}

/** product slug -> the code of its current (newest published) batch. */
export function currentBatches(rows: readonly HoneyBatchRow[]): Map<string, string> {
  const current = new Map<string, string>();
  for (const row of rows) {
    if (row.product_slug && !current.has(row.product_slug)) current.set(row.product_slug, row.code);
  }
  return current;
}

/** The batch with each hive's wrap photo kept only when it is an https or image data URL. */
export function withSafeWrapPhotos(row: HoneyBatchRow): HoneyBatchRow {
  return {
    ...row,
    hives: row.hives.map((hive) => ({
      ...hive,
      wrap: hive.wrap ? { ...hive.wrap, photo_url: isImageUrl(hive.wrap.photo_url) ? hive.wrap.photo_url : null } : null,
    })),
  };
}

/**
 * The batch's words in `locale`: the product's name, the notes and the hives' names
 * (src/lib/rowLanguage.ts), and the seasons' names (src/lib/siteWords.ts).
 */
export function batchInLanguage(row: HoneyBatchRow, locale: Locale): HoneyBatchRow {
  return {
    ...row,
    product_name: inLanguage(row, 'product_name', locale),
    notes: inLanguage(row, 'notes', locale),
    season: seasonLabel(row.season, locale),
    hives: row.hives.map((hive) => ({ ...hive, name: inLanguage(hive, 'name', locale) })),
    harvests: row.harvests.map((harvest) => ({ ...harvest, hive: inLanguage(harvest, 'hive', locale), season: seasonLabel(harvest.season, locale) })),
  };
}

/** One createPage argument per batch with a safe code and a product on the site. */
export function honeyBatchPages(rows: readonly HoneyBatchRow[], component: string) {
  return rows
    .filter((row) => /^[A-Z0-9-]+$/.test(row.code) && row.product_slug)
    .map((row) => ({
      path: honeyBatchPath(row.code),
      component,
      context: { code: row.code, productSlug: row.product_slug!, batch: withSafeWrapPhotos(row) } satisfies HoneyBatchContext,
    }));
}
