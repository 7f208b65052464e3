/**
 * The map's tiles: GATSBY_MAP_TILE_URL (a Leaflet tile URL template) and
 * GATSBY_MAP_TILE_ATTRIBUTION at build time; OpenStreetMap's tiles and attribution by default.
 * The page's Content-Security-Policy allows images from the template's host
 * (scripts/site-build.mjs). DEFAULT_CENTRE is where the map opens when no hive is on it.
 */
export const TILE_URL = process.env.GATSBY_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = process.env.GATSBY_MAP_TILE_ATTRIBUTION
  || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const DEFAULT_CENTRE: [number, number] = [37.8, -122.25];
export const DEFAULT_ZOOM = 13;
export const MAX_ZOOM = 16;
