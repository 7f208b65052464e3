/**
 * The public map of the hives for the build: get_buzz_haven_hive_map, read with the anon
 * key like the rest of the site's data. The database already made every position approximate
 * (get_buzz_haven_hive_map rounds it to a grid cell); each row becomes one PublicHive
 * node (schema/pages-hives.graphql), so /hives is static HTML with its list and markers' data.
 */
import { SUPABASE_ANON_KEY } from '../components/forms/config';
import { SITE_DATA_URL } from './siteData';
import { type Locale, defaultLocale } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { inLanguage } from '../lib/rowLanguage';

export interface HiveMapRow {
  id: string;
  name: string;
  neighbourhood: string;
  latitude: number | string;
  longitude: number | string;
  host_name: string | null;
  adopter_names: string[] | null;
  wrap_title: string | null;
  wrap_artist: string | null;
  wrap_image_url: string | null;
  wrap_installed_on: string | null;
  /** The Spanish pages' name; null: the English shows. */
  name_es?: string | null;
}

export interface PublicHiveNode {
  hiveId: string;
  locale: Locale;
  name: string;
  neighbourhood: string;
  lat: number;
  lng: number;
  hostName: string | null;
  adopterNames: string[];
  wrapTitle: string | null;
  wrapArtist: string | null;
  /** An https URL or an image data URL (the media library's); anything else is dropped. */
  wrapImageUrl: string | null;
  wrapInstalledOn: string | null;
  order: number;
}

/** An https URL or an image data URL (what a wrap photo may be on a static page); anything else is not. */
export const isImageUrl = (url: string | null): url is string =>
  !!url && (/^https?:\/\//i.test(url) || /^data:image\/(png|jpe?g|webp|gif|svg\+xml)[;,]/i.test(url));

/** The rows as nodes of one language, in the database's order (neighbourhood, then name). */
export function publicHives(rows: HiveMapRow[], locale: Locale = defaultLocale): PublicHiveNode[] {
  return rows.map((row, order) => ({
    hiveId: row.id,
    locale,
    name: inLanguage(row, 'name', locale),
    neighbourhood: row.neighbourhood,
    lat: Number(row.latitude),
    lng: Number(row.longitude),
    hostName: row.host_name,
    adopterNames: row.adopter_names ?? [],
    wrapTitle: row.wrap_title,
    wrapArtist: row.wrap_artist,
    wrapImageUrl: isImageUrl(row.wrap_image_url) ? row.wrap_image_url : null,
    wrapInstalledOn: row.wrap_installed_on,
    order,
  }));
}

/** The map's rows from where the build reads (SITE_DATA_URL), with the anon key. */
export async function fetchHiveMap(url = SITE_DATA_URL, key = SUPABASE_ANON_KEY): Promise<HiveMapRow[]> {
  const response = await fetch(`${url}/rest/v1/rpc/get_buzz_haven_hive_map`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`The site build's call to get_buzz_haven_hive_map at ${url} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as HiveMapRow[];
}
