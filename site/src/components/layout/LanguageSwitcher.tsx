import * as React from 'react';
import { LocationContext } from '@gatsbyjs/reach-router';
import { type Locale, locales, splitLocalePath } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { switchLink } from '../../lib/localeLinks';
import { SWITCHER_CLASS } from './switcherScript';

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
 * The head's switcher script (switcherScript.ts) adds the query and anchor as a link is followed,
 * before this page's code has even arrived, and remembers the choice (for the next visit's home
 * page, never to redirect).
 */
export function LanguageSwitcher({ navLabel, names }: Props) {
  const pathname = React.useContext(LocationContext)?.location.pathname ?? '/';
  const current = splitLocalePath(pathname).locale;
  return (
    <nav className={SWITCHER_CLASS} aria-label={navLabel}>
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
