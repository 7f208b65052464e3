/**
 * The prices the server charges come from the price tables (buzz_haven.shipping_rates,
 * adopt_tiers, adopt_gift_terms, hosting_plans,
 * swarm_fee, workshop_offerings); the catalogue
 * documents hold only the words. These
 * pure functions put the rows' prices (cents) into the documents' nodes, so the pages, the cart
 * and the {{shipping.*}} / {{adopt.*}} / {{hosting.*}} / {{swarm.fee}} / {{workshops.*}} placeholders read the very rows the RPCs charge.
 */
import { SiteDataError } from './siteDataError';

export interface ShippingRateRow {
  delivery: string;
  price: number;
  free_over: number | null;
}

export interface AdoptTierRow {
  slug: string;
  monthly_price: number;
}

export interface HostingPlanRow {
  slug: string;
  yearly_price: number;
}

export interface WorkshopOfferingRow {
  slug: string;
  price: number;
  min_age: number | null;
  max_age: number | null;
}

export interface SwarmFeeRow {
  fee_min: number;
  fee_max: number;
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
 * Items of a document (tiers, plans) with the price of their row, in the table's order (the RPCs
 * sort by the sort_order staff edit). An item the words name but the table lacks fails the build;
 * a row without words is left out with a warning.
 */
function priced<T extends { id: string }>(
  items: T[],
  rows: { slug: string; price: number }[],
  where: { document: string; table: string; what: string },
  warn: (message: string) => void,
): (T & { price: number })[] {
  const slugs = rows.map((row) => row.slug);
  const out = items.map((item) => {
    const row = rows.find((r) => r.slug === item.id);
    if (!row) throw new SiteDataError(`The ${where.what} "${item.id}" of ${where.document} has no row (price) in ${where.table}`);
    return { ...item, price: row.price };
  });
  for (const slug of slugs) {
    if (!out.some((item) => item.id === slug)) warn(`${where.what[0]!.toUpperCase()}${where.what.slice(1)} "${slug}" is left out of the site: ${where.document} has no words for it`);
  }
  return out.sort((a, b) => slugs.indexOf(a.id) - slugs.indexOf(b.id));
}

/** The adoption document with each tier's monthly price (cents) and the gift terms (months). */
export function withAdoptTiers(
  doc: Record<string, unknown>,
  rows: AdoptTierRow[],
  giftMonths: number[],
  warn: (message: string) => void = () => {},
) {
  const tiers = priced(doc.tiers as { id: string }[], rows.map((r) => ({ slug: r.slug, price: r.monthly_price })),
    { document: 'catalog/adopt-tiers', table: 'buzz_haven.adopt_tiers', what: 'adoption tier' }, warn);
  return { ...doc, tiers, giftMonths: [...giftMonths].sort((a, b) => a - b) };
}

/** The hosting document with each plan's yearly price (cents). */
export function withHostingPlans(doc: Record<string, unknown>, rows: HostingPlanRow[], warn: (message: string) => void = () => {}) {
  const plans = priced(doc.plans as { id: string }[], rows.map((r) => ({ slug: r.slug, price: r.yearly_price })),
    { document: 'catalog/hosting', table: 'buzz_haven.hosting_plans', what: 'hosting plan' }, warn);
  return { ...doc, plans };
}

/** The swarm document with the fee range of buzz_haven.swarm_fee's one row (cents). */
export function withSwarmFee(doc: Record<string, unknown>, rows: SwarmFeeRow[]) {
  const fee = rows[0];
  if (!fee) throw new SiteDataError('The swarm fee is missing from buzz_haven.swarm_fee');
  return { ...doc, feeMin: fee.fee_min, feeMax: fee.fee_max };
}

/** 5, 12 -> '5-12'; one bound -> '5+' or 'up to 12'; none -> null. */
export function ageRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${min}-${max}`;
  if (min !== null) return `${min}+`;
  return max !== null ? `up to ${max}` : null;
}

/** The workshop document with each offering's price per person (cents) and age range. */
export function withWorkshopOfferings(doc: Record<string, unknown>, rows: WorkshopOfferingRow[], warn: (message: string) => void = () => {}) {
  const withPrices = priced(doc.offerings as { id: string }[], rows,
    { document: 'catalog/workshop-offerings', table: 'buzz_haven.workshop_offerings', what: 'workshop offering' }, warn);
  const rowOf = new Map(rows.map((row) => [row.slug, row]));
  const offerings = withPrices.map((o) => ({ ...o, ages: ageRange(rowOf.get(o.id)!.min_age, rowOf.get(o.id)!.max_age) }));
  return { ...doc, offerings };
}
