/**
 * Site links in the page's language: a link written in content as an English path (`/shop#gift`)
 * leads to the same page in the language of the page it is on (`/es/shop#gift`), and the language
 * switcher leads to the page being read in the other language, keeping its query and anchor.
 */
import { type Locale, defaultLocale, isLocale, localePath, splitLocalePath } from '../../../supabase/functions/_shared/content-schema/locales.ts';

const parts = (to: string) => {
  const match = /^([^?#]*)(.*)$/.exec(to)!;
  // '/es/' and '/shop/' are the same pages as '/es' and '/shop' (URLs have no trailing slash).
  const path = match[1]!.length > 1 ? match[1]!.replace(/\/+$/, '') : match[1] || '/';
  return { path: path || '/', rest: match[2]! };
};

/** A site link in a language: ('/shop#gift', 'es') -> '/es/shop#gift'; a link already in a language is kept. */
export function localeLink(to: string, locale: Locale): string {
  const { path, rest } = parts(to);
  if (splitLocalePath(path).locale !== defaultLocale) return to;
  return `${localePath(path, locale)}${rest}`;
}

/** The same page in another language: ('/es/shop', '?q=1#gift', 'en') -> '/shop?q=1#gift'. */
export function switchLink(pathname: string, suffix: string, locale: Locale): string {
  const { path } = splitLocalePath(parts(pathname).path);
  return `${localePath(path, locale)}${suffix}`;
}

/** Where the chosen language is kept (read here, written also by the switcher's head script). */
export const LOCALE_STORAGE_KEY = 'buzz-haven-locale';

/** Read once per page load: every link of the home page asks. */
let remembered: Locale | null | undefined;

/** The language the visitor chose last time, if any. */
export function rememberedLocale(): Locale | null {
  if (remembered !== undefined) return remembered;
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    remembered = isLocale(value) ? value : null;
  } catch {
    remembered = null;
  }
  return remembered;
}
