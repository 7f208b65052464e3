/**
 * The honey batch pages (/honey/<code>) from the published batches the build reads
 * (get_buzz_haven_public_honey_batches, newest first), and each product's current batch for /shop:
 * the first (newest) published batch of that product. Pure functions, unit-tested.
 */
import type { HoneyBatchRow } from './siteData';
import { honeyBatchPath } from '../components/pages/honey/batchText';

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

/** One createPage argument per batch with a safe code and a product on the site. */
export function honeyBatchPages(rows: readonly HoneyBatchRow[], component: string) {
  return rows
    .filter((row) => /^[A-Z0-9-]+$/.test(row.code) && row.product_slug)
    .map((row) => ({
      path: honeyBatchPath(row.code),
      component,
      context: { code: row.code, productSlug: row.product_slug!, batch: row } satisfies HoneyBatchContext,
    }));
}
