/**
 * The prices the server charges come from the price tables (20251125003000_buzz_haven_price_tables.sql,
 * …003010_buzz_haven_adopt_tier_tables.sql); the catalogue documents hold only the words. These
 * pure functions put the rows' prices (cents) into the documents' nodes, so the pages, the cart
 * and the {{shipping.*}} / {{adopt.*}} placeholders read the very rows the RPCs charge.
 */
import { SiteDataError } from './siteData';

export interface ShippingRateRow {
  delivery: string;
  price: number;
  free_over: number | null;
}

export interface AdoptTierRow {
  slug: string;
  monthly_price: number;
}

/** The shipping document with its rates in cents: standard, freeOver (of standard), express, pickup. */
export function withShippingRates(doc: Record<string, unknown>, rows: ShippingRateRow[]) {
  const rate = (delivery: string) => {
    const row = rows.find((r) => r.delivery === delivery);
    if (!row) throw new SiteDataError(`The shipping rate "${delivery}" is missing from buzz_haven.shipping_rates`);
    return row;
  };
  const standard = rate('standard');
  return {
    ...doc,
    standard: standard.price,
    /** null: standard shipping is never free. */
    freeOver: standard.free_over,
    express: rate('express').price,
    pickup: rate('pickup').price,
  };
}

/**
 * The adoption document with each tier's monthly price (cents) and the gift terms (months). A
 * tier the document words but the table lacks fails the build; a row without words is left out.
 * Tiers come in the table's order.
 */
export function withAdoptTiers(
  doc: Record<string, unknown>,
  rows: AdoptTierRow[],
  giftMonths: number[],
  warn: (message: string) => void = () => {},
) {
  const slugs = rows.map((row) => row.slug);
  const tiers = (doc.tiers as { id: string }[]).map((tier) => {
    const row = rows.find((r) => r.slug === tier.id);
    if (!row) {
      throw new SiteDataError(`The adoption tier "${tier.id}" of catalog/adopt-tiers has no row (price) in buzz_haven.adopt_tiers`);
    }
    return { ...tier, price: row.monthly_price };
  });
  // In the table's order (get_buzz_haven_adopt_tiers sorts by sort_order), which staff edit.
  tiers.sort((a, b) => slugs.indexOf(a.id) - slugs.indexOf(b.id));
  const worded = new Set(tiers.map((tier) => tier.id));
  for (const row of rows) {
    if (!worded.has(row.slug)) warn(`Adoption tier "${row.slug}" is left out of the site: catalog/adopt-tiers has no words for it`);
  }
  return { ...doc, tiers, giftMonths: [...giftMonths].sort((a, b) => a - b) };
}
