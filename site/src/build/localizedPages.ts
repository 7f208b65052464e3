/**
 * The pages of every language: a page of src/pages (or a created page) at its English path also
 * exists under each other language's prefix (/about and /es/about), each with its `locale` in the
 * context; page queries select their documents with it (`aboutPage(locale: { eq: $locale })`).
 * A language's 404 page also answers every unknown path under its prefix (matchPath), so Gatsby's
 * runtime shows the Spanish one for a broken /es/ link; the host does the same (scripts/hosting.json).
 */
import { type Locale, defaultLocale, locales, localePath } from '../../../supabase/functions/_shared/content-schema/locales.ts';

interface PageInput {
  path: string;
  component: string;
  context?: Record<string, unknown>;
  matchPath?: string;
}

const isNotFound = (path: string) => /^\/404(\.html)?\/?$/.test(path);

/** The page in each language, English first. */
export function localizedPages<P extends PageInput>(page: P): (P & { context: { locale: Locale } })[] {
  return locales.map((locale) => {
    const path = localePath(page.path, locale);
    const twin = { ...page, path, context: { ...page.context, locale } };
    if (locale !== defaultLocale && isNotFound(page.path)) return { ...twin, matchPath: `${localePath('/', locale)}/*` };
    if (locale !== defaultLocale && page.matchPath) return { ...twin, matchPath: localePath(page.matchPath, locale) };
    return twin;
  });
}
