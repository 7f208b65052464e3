/**
 * Turns the database rows into the shapes of the site's content nodes: the workshop schedule's
 * sessions (dates and times as Los Angeles reads them) and the shop's products (their ids, prices
 * in cents, the shop page's short anchors). Pure functions, unit-tested.
 */
import type { ShopProductRow, VolunteerShiftRow, WorkshopRow } from './siteData';
import type { z } from 'zod/v4';
import type { productNode } from './contentNodes';
import { type Locale, defaultLocale } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { inLanguage } from '../lib/rowLanguage';

export const SITE_TIME_ZONE = 'America/Los_Angeles';

export interface ScheduleSession {
  /** YYYY-MM-DD in Los Angeles */
  date: string;
  /** the offering id */
  workshop: string;
  /** "9:00 AM - 12:00 PM" */
  time: string;
  spotsLeft: number | null;
  eventId: string;
  /** ISO start and end (schema.org Event JSON-LD); end null when the event has none. */
  start: string;
  end: string | null;
  location: string | null;
}

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
// Some ICU versions put a narrow no-break space before AM/PM; the schedule writes a plain one.
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, hour: 'numeric', minute: '2-digit' })
    .format(new Date(iso))
    .replace(/\s/g, ' ');

/** One session per public workshop event of a known offering, in date order. */
export function scheduleSessions(rows: WorkshopRow[], offeringIds: string[], warn: (message: string) => void = () => {}): ScheduleSession[] {
  const known = new Set(offeringIds);
  const sessions: ScheduleSession[] = [];
  for (const row of [...rows].sort((a, b) => a.start_time.localeCompare(b.start_time))) {
    if (!row.offering || !known.has(row.offering)) {
      warn(`Workshop event "${row.title}" (${row.id}) is left out of the schedule: its offering "${row.offering ?? ''}" is not one of ${[...known].join(', ')}`);
      continue;
    }
    sessions.push({
      date: dayOf(row.start_time),
      workshop: row.offering,
      time: row.end_time ? `${timeOf(row.start_time)} - ${timeOf(row.end_time)}` : timeOf(row.start_time),
      spotsLeft: row.spots_left,
      eventId: row.id,
      start: row.start_time,
      end: row.end_time,
      location: row.location ?? null,
    });
  }
  return sessions;
}

/**
 * A shop product as shopProducts gives it to gatsby-node: the Product node (contentNodes.ts, the one
 * home of its fields) before its picture is downloaded (from imageUrl) and its current batch added.
 */
export type ShopProductNode = Omit<z.infer<typeof productNode>, 'image' | 'currentBatch' | 'featured'> & {
  featured: boolean;
  imageUrl: string | null;
};

/** The public products the shop can show (a slug and a section), in their order, in one language. */
export function shopProducts(
  rows: ShopProductRow[],
  anchors: { slug: string; anchor: string }[] = [],
  warn: (message: string) => void = () => {},
  locale: Locale = defaultLocale,
): ShopProductNode[] {
  const anchorOf = new Map(anchors.map((a) => [a.slug, a.anchor]));
  const out: ShopProductNode[] = [];
  for (const row of rows) {
    if (!row.slug || (row.section !== 'honey' && row.section !== 'beeswax')) {
      warn(`Product "${row.name}" is left out of the shop: it needs a slug and a section (honey or beeswax)`);
      continue;
    }
    out.push({
      productId: row.id,
      slug: row.slug,
      locale,
      name: inLanguage(row, 'name', locale),
      price: row.price,
      size: row.size_label ?? '',
      description: inLanguage(row, 'description', locale) ?? '',
      category: row.section,
      anchor: anchorOf.get(row.slug) ?? null,
      featured: row.featured,
      order: row.sort_order,
      imageAlt: row.image_alt ?? row.name,
      imageUrl: row.image_url,
    });
  }
  return out;
}

/** A volunteer shift as the VolunteerShift node holds it (contentNodes.ts volunteerShiftNode). */
export function volunteerShiftFields(row: VolunteerShiftRow) {
  return {
    shiftId: row.id, title: row.title, start: row.start_time, end: row.end_time, location: row.location,
    description: row.description, capacity: row.capacity, placesLeft: row.places_left,
  };
}
