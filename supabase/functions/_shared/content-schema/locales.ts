/**
 * The languages of the public site (the table buzz_haven.languages holds the same codes) and how a
 * translated document is completed from the default language's.
 * - English is the default: its pages live at the root (`/shop`), every other language's under its
 *   code (`/es/shop`).
 * - A translation may leave a field empty: the built page then shows the English words there, and
 *   the back office lists those fields (`withFallback`), so a Spanish page never has an empty block.
 */

export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** A site path in a language: ('/shop', 'es') -> '/es/shop'; ('/', 'es') -> '/es'; English unchanged. */
export function localePath(path: string, locale: Locale): string {
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The language a site path is in and the path without it: '/es/shop' -> { locale: 'es', path: '/shop' }. */
export function splitLocalePath(path: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$|[?#])(.*)$/.exec(path);
  if (match && isLocale(match[1]) && match[1] !== defaultLocale) {
    const rest = match[2] || '/';
    return { locale: match[1], path: rest.startsWith('/') ? rest : `/${rest}` };
  }
  return { locale: defaultLocale, path };
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A translation completed from the default language's document: every field the translation leaves
 * empty (missing, null or blank) takes the default's value, and its path is listed in `missing`
 * ('hero.title', 'values.items[2].body'). Objects are completed field by field and lists item by
 * item (a translated list keeps its own length when it has items; an empty list is missing). A
 * field only the translation has is kept.
 */
export function withFallback(translation: unknown, fallback: unknown): { body: unknown; missing: string[] } {
  const missing: string[] = [];
  const walk = (value: unknown, base: unknown, path: string): unknown => {
    if (isEmpty(value) || (Array.isArray(value) && value.length === 0 && Array.isArray(base) && base.length > 0)) {
      if (!isEmpty(base)) missing.push(path || '(whole document)');
      return base;
    }
    if (isObject(value) && isObject(base)) {
      const out: Record<string, unknown> = {};
      for (const key of new Set([...Object.keys(base), ...Object.keys(value)])) {
        const next = walk(value[key], base[key], path ? `${path}.${key}` : key);
        if (next !== undefined) out[key] = next;
      }
      return out;
    }
    if (Array.isArray(value) && Array.isArray(base)) {
      return value.map((item, i) => walk(item, base[i], `${path}[${i}]`));
    }
    return value;
  };
  return { body: walk(translation, fallback, ''), missing };
}
