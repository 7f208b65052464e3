import * as React from 'react';
import { LocationContext } from '@gatsbyjs/reach-router';
import { type Locale, locales, splitLocalePath } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { rememberLocale, switchLink } from '../../lib/localeLinks';

interface Props {
  /** The switcher's name for screen readers ("Language"). */
  navLabel: string;
  /** Each language's name in that language ("English", "Español"). */
  names: Record<Locale, string>;
}

/**
 * The header's English | Español: each other language is a real link to this page in it (same
 * path, and the query and #anchor the visitor has when they follow it), marked with its language
 * (`hreflang`, `lang`) so a screen reader says it in that language; the page's own language is
 * plain text marked as current. It is a full page load, so the new page arrives with its <html lang>.
 * Following it remembers the choice (for the next visit's home page, never to redirect).
 */
export function LanguageSwitcher({ navLabel, names }: Props) {
  const pathname = React.useContext(LocationContext)?.location.pathname ?? '/';
  const current = splitLocalePath(pathname).locale;
  // The server knows the path only: the query and anchor are added as the link is used.
  const withWhereYouAre = (event: React.SyntheticEvent<HTMLAnchorElement>, locale: Locale) => {
    event.currentTarget.href = switchLink(window.location.pathname, `${window.location.search}${window.location.hash}`, locale);
  };
  return (
    <nav className="language-switcher" aria-label={navLabel}>
      <ul>
        {locales.map((locale) => (
          <li key={locale} className={locale === current ? 'language-current' : undefined}>
            {locale === current ? (
              <span lang={locale} aria-current="true">{names[locale]}</span>
            ) : (
              <a
                href={switchLink(pathname, '', locale)}
                hrefLang={locale}
                lang={locale}
                onPointerDown={(event) => withWhereYouAre(event, locale)}
                onFocus={(event) => withWhereYouAre(event, locale)}
                onClick={(event) => {
                  withWhereYouAre(event, locale);
                  rememberLocale(locale);
                }}
              >
                {/* Phones show the language's code; its name stays the link's accessible name. */}
                <span className="language-name">{names[locale]}</span>
                <span className="language-code" aria-hidden="true">{locale.toUpperCase()}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
