/**
 * What the site build reads from the database, with the anon key (GATSBY_SUPABASE_URL and
 * GATSBY_SUPABASE_ANON_KEY; defaults: the local backend): the published content documents, the
 * shop's public products, the public workshop sessions and the price tables (shipping rates,
 * adoption tiers and gift terms, hosting plans, the swarm fee, workshop offerings: the rows the order and adoption RPCs charge) and the published honey batches (a page each). Every document is validated with its
 * zod schema (supabase/functions/_shared/content-schema); a missing or invalid one, or an unreachable backend, fails the build
 * with a message naming the document and field, or the URL and how to start the backend, so an
 * empty or broken site is never published.
 */
import { documentKeys, validateDocument } from '../../../supabase/functions/_shared/content-schema/index.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../components/forms/config';
import type { AdoptTierRow, HostingPlanRow, ShippingRateRow, SwarmFeeRow, WorkshopOfferingRow } from './priceRows';
import { SiteDataError } from './siteDataError';
import type { HiveSignRow } from './hiveSigns';

export interface ShopProductRow {
  id: string;
  slug: string | null;
  name: string;
  description: string | null;
  price: number;
  size_label: string | null;
  section: string | null;
  featured: boolean;
  sort_order: number;
  image_url: string | null;
  image_alt: string | null;
}

export interface WorkshopRow {
  id: string;
  title: string;
  start_time: string;
  end_time: string | null;
  capacity: number | null;
  spots_left: number | null;
  offering: string | null;
}

/** A published honey batch (get_buzz_haven_public_honey_batches): its /honey/<code> page. */
export interface HoneyBatchRow {
  code: string;
  product_slug: string | null;
  product_name: string;
  net_weight: string | null;
  jar_count: number;
  bottled_on: string | null;
  notes: string | null;
  harvested_in: string;
  season: string;
  harvested_on: string;
  /** Each hive's latest art wrap (public art; photo_url a media-library picture), null without one. */
  hives: { id: string; name: string; neighbourhood: string; wrap: { title: string; artist: string; photo_url: string | null } | null }[];
  harvests: {
    harvested_on: string; season: string; neighbourhood: string; hive: string;
    weight_lb: number | null; moisture_pct: number | null; floral_notes: string | null;
  }[];
}

export interface SiteData {
  documents: Record<string, Record<string, unknown>>;
  products: ShopProductRow[];
  workshops: WorkshopRow[];
  shippingRates: ShippingRateRow[];
  adoptTiers: AdoptTierRow[];
  giftMonths: number[];
  hostingPlans: HostingPlanRow[];
  swarmFee: SwarmFeeRow[];
  workshopOfferings: WorkshopOfferingRow[];
  honeyBatches: HoneyBatchRow[];
  hiveSigns: HiveSignRow[];
}

export { SiteDataError };

async function rpc<T>(fn: string, url: string, key: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new SiteDataError(
      `The site build cannot reach the Supabase backend at ${url} (${(error as Error).message}). ` +
        'Start the local backend with `npm start` (or `node --import tsx supabase/local/src/main.ts`), ' +
        'or set GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY to your Supabase project.',
    );
  }
  const text = await response.text();
  if (!response.ok) {
    throw new SiteDataError(`The site build's call to ${fn} at ${url} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as T;
}

/**
 * Checks every published English document against its schema; returns the parsed bodies by key
 * (a row without `locale` is English; the translations are not read here).
 */
export function checkDocuments(rows: { key: string; locale?: string; body: unknown }[]): SiteData['documents'] {
  const byKey = new Map(rows.filter((row) => (row.locale ?? 'en') === 'en').map((row) => [row.key, row.body]));
  const documents: SiteData['documents'] = {};
  for (const key of documentKeys) {
    if (!byKey.has(key)) {
      throw new SiteDataError(
        `The content document "${key}" is not published in the database. A new database gets every document from content/ ` +
          '(the local backend at its first start, `npm run seed-content` for a hosted project).',
      );
    }
    const result = validateDocument(key, byKey.get(key));
    if (!result.ok) {
      const problems = result.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`);
      throw new SiteDataError(`The published content document "${key}" is invalid: ${problems.join('; ')}`);
    }
    documents[key] = result.data as Record<string, unknown>;
  }
  return documents;
}

/**
 * Where the build reads: BUZZ_SITE_DATA_URL when set (the publisher and scripts/build.mjs point it
 * at the backend they use, which may not be the one the visitors' browsers call), else the
 * site's GATSBY_SUPABASE_URL.
 */
export const SITE_DATA_URL = (process.env.BUZZ_SITE_DATA_URL || SUPABASE_URL).replace(/\/+$/, '');

export async function fetchSiteData(url = SITE_DATA_URL, key = SUPABASE_ANON_KEY): Promise<SiteData> {
  const [content, products, workshops, shippingRates, adoptTiers, giftTerms, hostingPlans, swarmFee, workshopOfferings, honeyBatches,
    hiveSigns] = await Promise.all([
    rpc<{ key: string; locale?: string; body: unknown }[]>('get_buzz_haven_published_content', url, key),
    rpc<ShopProductRow[]>('get_buzz_haven_shop_products', url, key),
    rpc<WorkshopRow[]>('get_buzz_haven_workshop_availability', url, key),
    rpc<ShippingRateRow[]>('get_buzz_haven_shipping_rates', url, key),
    rpc<AdoptTierRow[]>('get_buzz_haven_adopt_tiers', url, key),
    rpc<{ months: number }[]>('get_buzz_haven_adopt_gift_terms', url, key),
    rpc<HostingPlanRow[]>('get_buzz_haven_hosting_plans', url, key),
    rpc<SwarmFeeRow[]>('get_buzz_haven_swarm_fee', url, key),
    rpc<WorkshopOfferingRow[]>('get_buzz_haven_workshop_offerings', url, key),
    rpc<HoneyBatchRow[]>('get_buzz_haven_public_honey_batches', url, key),
    rpc<HiveSignRow[]>('get_buzz_haven_public_hive_signs', url, key),
  ]);
  return {
    documents: checkDocuments(content), products, workshops, shippingRates, adoptTiers,
    giftMonths: giftTerms.map((term) => term.months), hostingPlans, swarmFee, workshopOfferings, honeyBatches,
    hiveSigns,
  };
}
