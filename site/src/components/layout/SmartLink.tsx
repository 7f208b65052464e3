import * as React from 'react';
import { Link } from 'gatsby';
import { useLinkLocale } from '../../hooks/useLocale';
import { localeLink } from '../../lib/localeLinks';

type Props = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

// The admin (/admin, /auth) is a separate app and external URLs leave the site: both need a
// full page load, so only the Gatsby pages go through client-side routing.
const isGatsbyPage = (to: string) => to.startsWith('/') && !/^\/(admin|auth)(\/|$|#|\?)/.test(to);

/**
 * A link that uses Gatsby's router for site pages and a plain anchor for everything else. Content
 * writes site paths in English (/shop); on a Spanish page they lead to the Spanish page (/es/shop).
 */
export function SmartLink({ to, children, ...rest }: Props) {
  const locale = useLinkLocale();
  if (isGatsbyPage(to)) {
    return (
      <Link to={localeLink(to, locale)} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

/** A content Cta rendered as a button-looking link (variant primary/secondary). */
export function CtaLink({ cta, className }: { cta: { label: string; to: string; variant?: string | null }; className?: string }) {
  const look = cta.variant === 'secondary' ? 'btn btn-secondary' : 'btn btn-primary';
  return (
    <SmartLink to={cta.to} className={className ? `${look} ${className}` : look}>
      {cta.label}
    </SmartLink>
  );
}
