import * as React from 'react';
import { CartLink } from '../cart/CartLink';
import { BeeMark } from './BeeMark';
import { LanguageSwitcher } from './LanguageSwitcher';
import { HYDRATED_TOGGLE_ATTR, NAV_TOGGLE_CLASS, openedBeforeHydration } from './menuScript';
import { SmartLink } from './SmartLink';
import type { SiteContent } from '../../hooks/useSiteContent';

const NAV_ID = 'site-nav';

/**
 * Sticky header with the six main links and the language switcher (always visible). Below 820 px the links fold into a disclosure menu:
 * the toggle announces its state (aria-expanded/aria-controls), Escape closes the menu and
 * returns focus to the toggle, and choosing a link closes it. Until the header hydrates, the
 * inline menu script (menuScript.ts) does the same; the header starts from the state the script left.
 * Both words of the toggle are in the page, the CSS shows the one for its state.
 */
export function Header({ site }: { site: SiteContent }) {
  const [open, setOpen] = React.useState(() =>
    typeof document !== 'undefined' && openedBeforeHydration(document.querySelector(`button.${NAV_TOGGLE_CLASS}`)));
  const toggleRef = React.useRef<HTMLButtonElement>(null);

  React.useEffect(() => {
    toggleRef.current?.setAttribute(HYDRATED_TOGGLE_ATTR, '');
  }, []);

  React.useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <SmartLink to="/" className="brand" aria-label={site.brand.logoAlt ?? site.brand.name}>
          <BeeMark />
          <span>{site.brand.name}</span>
        </SmartLink>
        <div className="site-header-tools">
          <LanguageSwitcher navLabel={site.language.navLabel} names={site.language.names} />
          <CartLink label={site.cart.label} countLabel={site.cart.countLabel} />
          <button
            ref={toggleRef}
            type="button"
            className={NAV_TOGGLE_CLASS}
            aria-expanded={open}
            aria-controls={NAV_ID}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="nav-toggle-bars" aria-hidden="true" />
            <span className="nav-toggle-label" data-when="closed">{site.menu.open}</span>
            <span className="nav-toggle-label" data-when="open">{site.menu.close}</span>
          </button>
        </div>
        <nav id={NAV_ID} className="site-nav" aria-label={site.menu.navLabel} data-open={open}>
          <ul>
            {site.nav.map((item) => (
              <li key={item.to}>
                <SmartLink to={item.to} onClick={() => setOpen(false)}>
                  {item.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
