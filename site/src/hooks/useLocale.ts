import * as React from 'react';
import { LocationContext } from '@gatsbyjs/reach-router';
import { type Locale, splitLocalePath } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { rememberedLocale } from '../lib/localeLinks';

const usePathname = () => React.useContext(LocationContext)?.location.pathname ?? '/';

/**
 * The language of the page being shown, from its path (/es/... is Spanish): the same on the
 * server, in the browser and in a page's Head (each renders inside the router's location), and for
 * the 404 page, which answers any unknown path.
 */
export function useLocale(): Locale {
  return splitLocalePath(usePathname()).locale;
}

/** The node of the page's language among a static query's nodes (one per language). */
export function useLocaleNode<T extends { locale: string | null }>(nodes: readonly T[], what: string): T {
  const locale = useLocale();
  const node = nodes.find((n) => n.locale === locale);
  if (!node) throw new Error(`${what} is missing or empty`);
  return node;
}

const noSubscription = () => () => {};

/**
 * The language the page's links lead to: the page's own, except on the English home page of a
 * visitor who chose another language last time (the switcher remembers it), whose links then lead
 * to that language. The visitor is never redirected; the server HTML has the page's language.
 */
export function useLinkLocale(): Locale {
  const pathname = usePathname();
  const locale = splitLocalePath(pathname).locale;
  const onHome = pathname === '/';
  return React.useSyncExternalStore(
    noSubscription,
    () => (onHome ? rememberedLocale() ?? locale : locale),
    () => locale,
  );
}
