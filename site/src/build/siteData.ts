/**
 * What the site build reads from the database, with the anon key (GATSBY_SUPABASE_URL and
 * GATSBY_SUPABASE_ANON_KEY; defaults: the local backend): the published content documents, the
 * shop's public products, the public workshop sessions and volunteer shifts and the price tables (shipping rates,
 * adoption tiers and gift terms, hosting plans, the swarm fee, workshop offerings: the rows the order and adoption RPCs charge) and the published honey batches (a page each). Every document is validated with its
 * zod schema (supabase/functions/_shared/content-schema); a missing or invalid one, or an unreachable backend, fails the build
 * with a message naming the document and field, or the URL and how to start the backend, so an
 * empty or broken site is never published.
 */
import { posix } from 'path';
import { documentKeys, validateDocument } from '../../../supabase/functions/_shared/content-schema/index.ts';
import { type Locale, defaultLocale, isLocale, locales, withFallback } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../components/forms/config';
import type { AdoptTierRow, HostingPlanRow, ShippingRateRow, SwarmFeeRow, WorkshopOfferingRow } from './priceRows';
import { SiteDataError } from './siteDataError';
import type { HiveSignRow } from './hiveSigns';
import type { VolunteerShift } from '../components/pages/volunteer/volunteerShifts';

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
  /** The Spanish pages' name and description; null or empty: the English shows (src/lib/rowLanguage.ts). */
  name_es?: string | null;
  description_es?: string | null;
}

export interface WorkshopRow {
  id: string;
  title: string;
  start_time: string;
  end_time: string | null;
  location?: string | null;
  capacity: number | null;
  spots_left: number | null;
  offering: string | null;
}

/** An upcoming public volunteer shift (get_buzz_haven_volunteer_shifts, which the volunteer form reads too). */
export type VolunteerShiftRow = VolunteerShift;

/** A published honey batch (get_buzz_haven_public_honey_batches): its /honey/<code> page. */
export interface HoneyBatchRow {
  code: string;
  product_slug: string | null;
  product_name: string;
  net_weight: string | null;
  jar_count: number;
  bottled_on: string | null;
  notes: string | null;
  /** The Spanish pages' product name and notes; null: the English shows (src/lib/rowLanguage.ts). */
  product_name_es?: string | null;
  notes_es?: string | null;
  harvested_in: string;
  season: string;
  harvested_on: string;
  /** Each hive's latest art wrap (public art; photo_url a media-library picture), null without one. */
  hives: {
    id: string; name: string; name_es?: string | null; neighbourhood: string;
    wrap: { title: string; artist: string; photo_url: string | null } | null;
  }[];
  harvests: {
    harvested_on: string; season: string; neighbourhood: string; hive: string; hive_es?: string | null;
    weight_lb: number | null; moisture_pct: number | null; floral_notes: string | null;
  }[];
}

/** A published content document as get_buzz_haven_published_content returns it (no locale: English). */
export interface PublishedContentRow {
  key: string;
  locale?: string | null;
  body: unknown;
}

export interface SiteData {
  /** The English documents by key. */
  documents: Record<string, Record<string, unknown>>;
  /** Every language's documents by key, each completed from the English one (withFallback). */
  localized: Record<Locale, Record<string, Record<string, unknown>>>;
  products: ShopProductRow[];
  workshops: WorkshopRow[];
  volunteerShifts: VolunteerShiftRow[];
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

const invalid = (key: string, locale: Locale, issues: { path: PropertyKey[]; message: string }[]) => {
  const problems = issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`);
  const which = locale === defaultLocale ? `"${key}"` : `"${key}" (${locale})`;
  return new SiteDataError(`The published content document ${which} is invalid: ${problems.join('; ')}`);
};

/** Checks every published English document against its schema; returns the parsed bodies by key. */
export function checkDocuments(rows: PublishedContentRow[]): SiteData['documents'] {
  return localizeDocuments(rows)[defaultLocale];
}

/** A relative path to a picture (not a URL, not a site path). */
const PICTURE = /^(?![a-z][a-z0-9+.-]*:|\/)\S+\.(png|jpe?g|webp|avif|gif|svg)$/i;

/**
 * A translation's pictures are paths relative to its own starting YAML file (content/es/<key>.yaml,
 * one folder deeper); the build resolves every language's pictures from the English file (the
 * fields a translation leaves out take the English paths), so they are rewritten relative to it.
 */
export function rebasePictures(body: unknown, key: string, locale: Locale): unknown {
  if (locale === defaultLocale) return body;
  const englishDir = posix.dirname(key);
  const ownDir = posix.join(locale, englishDir);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string' && PICTURE.test(value)) return posix.relative(englishDir, posix.join(ownDir, value));
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(body);
}

/**
 * Every language's documents from the published rows: English must have every document; another
 * language's row may be missing or partial, and its empty fields take the English words
 * (withFallback), so a page without a translation yet shows English. Each result is checked
 * against the document's schema.
 */
export function localizeDocuments(rows: PublishedContentRow[]): SiteData['localized'] {
  const byLocale = new Map<Locale, Map<string, unknown>>(locales.map((locale) => [locale, new Map()]));
  for (const row of rows) {
    const locale = row.locale ?? defaultLocale;
    if (isLocale(locale)) byLocale.get(locale)!.set(row.key, row.body);
  }
  const english = byLocale.get(defaultLocale)!;
  const out = Object.fromEntries(locales.map((locale) => [locale, {}])) as SiteData['localized'];
  for (const key of documentKeys) {
    if (!english.has(key)) {
      throw new SiteDataError(
        `The content document "${key}" is not published in the database. A new database gets every document from content/ ` +
          '(the local backend at its first start, `npm run seed-content` for a hosted project).',
      );
    }
    for (const locale of locales) {
      const body = locale === defaultLocale
        ? english.get(key)
        : withFallback(rebasePictures(byLocale.get(locale)!.get(key), key, locale), english.get(key)).body;
      const result = validateDocument(key, body);
      if (!result.ok) throw invalid(key, locale, result.issues);
      out[locale][key] = result.data as Record<string, unknown>;
    }
  }
  return out;
}

/**
 * Where the build reads: BUZZ_SITE_DATA_URL when set (the publisher and scripts/build.mjs point it
 * at the backend they use, which may not be the one the visitors' browsers call), else the
 * site's GATSBY_SUPABASE_URL.
 */
export const SITE_DATA_URL = (process.env.BUZZ_SITE_DATA_URL || SUPABASE_URL).replace(/\/+$/, '');

export async function fetchSiteData(url = SITE_DATA_URL, key = SUPABASE_ANON_KEY): Promise<SiteData> {
  const [content, products, workshops, volunteerShifts, shippingRates, adoptTiers, giftTerms, hostingPlans, swarmFee, workshopOfferings, honeyBatches,
    hiveSigns] = await Promise.all([
    rpc<PublishedContentRow[]>('get_buzz_haven_published_content', url, key),
    rpc<ShopProductRow[]>('get_buzz_haven_shop_products', url, key),
    rpc<WorkshopRow[]>('get_buzz_haven_workshop_availability', url, key),
    rpc<VolunteerShiftRow[]>('get_buzz_haven_volunteer_shifts', url, key),
    rpc<ShippingRateRow[]>('get_buzz_haven_shipping_rates', url, key),
    rpc<AdoptTierRow[]>('get_buzz_haven_adopt_tiers', url, key),
    rpc<{ months: number }[]>('get_buzz_haven_adopt_gift_terms', url, key),
    rpc<HostingPlanRow[]>('get_buzz_haven_hosting_plans', url, key),
    rpc<SwarmFeeRow[]>('get_buzz_haven_swarm_fee', url, key),
    rpc<WorkshopOfferingRow[]>('get_buzz_haven_workshop_offerings', url, key),
    rpc<HoneyBatchRow[]>('get_buzz_haven_public_honey_batches', url, key),
    rpc<HiveSignRow[]>('get_buzz_haven_public_hive_signs', url, key),
  ]);
  const localized = localizeDocuments(content);
  return {
    documents: localized[defaultLocale], localized, products, workshops, volunteerShifts, shippingRates, adoptTiers,
    giftMonths: giftTerms.map((term) => term.months), hostingPlans, swarmFee, workshopOfferings, honeyBatches,
    hiveSigns,
  };
}
