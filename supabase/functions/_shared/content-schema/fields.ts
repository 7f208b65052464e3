/** Field rules shared by every document schema (one source for each rule). */
import { z } from 'zod/v4';

/** Longest text a field may hold (a paragraph of a legal page is the longest today). */
export const MAX_TEXT = 5000;

/** A required piece of copy: not empty, bounded. */
export const text = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(MAX_TEXT, `Too long (${MAX_TEXT} characters at most)`);

/** A group of required texts: `words('heading', 'text')` is `z.strictObject({ heading: text, text: text })`. */
export function words<K extends string>(...keys: K[]) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>);
}

/** A picture of the site: a path relative to the document's YAML file in content/. */
export const imagePath = text.regex(/\.(png|jpe?g|webp|avif)$/i, 'Must be a .png, .jpg, .webp or .avif path');

/**
 * Where a link may point: a path of this site (`/shop`, `/faq#returns`), or an `https:`, `http:`,
 * `mailto:` or `tel:` address. Anything else (`javascript:`, `data:`, `vbscript:`, `//host`) is
 * refused, since a link a staff member publishes runs in the visitor's browser on the site's own
 * origin, where the back office also lives. The scheme is read as a browser reads it (WHATWG URL:
 * leading spaces and control characters stripped, tabs and newlines removed, case ignored).
 */
export const LINK_SCHEMES = ['https:', 'http:', 'mailto:', 'tel:'] as const;
export const LINK_ERROR = 'Must be a site path such as /contact, or an https:, http:, mailto: or tel: link';

export function isSafeLink(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const link = value.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  if (/^[/#?]/.test(link)) return !/^[/\\]{2}/.test(link) && !/^\/\\/.test(link);
  try {
    return (LINK_SCHEMES as readonly string[]).includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

/** A link target (see isSafeLink). */
export const link = text.refine(isSafeLink, LINK_ERROR);
