/**
 * The build's refusal to go on without its data (a missing or invalid document or price row, an
 * unreachable backend): its message names what is wrong and how to fix it. Its own file, so the
 * readers of the data (siteData.ts, priceRows.ts) import it without importing each other.
 */
export class SiteDataError extends Error {
  override name = 'SiteDataError';
}
