import * as React from 'react';
import { NewsletterIsland } from '../forms/NewsletterIsland';
import { SmartLink } from './SmartLink';
import type { SiteContent } from '../../hooks/useSiteContent';

/** Site footer: about text, the six main links, contact details, newsletter, legal links. */
export function Footer({ site }: { site: SiteContent }) {
  return (
    <footer className="site-footer" data-anim-zone="bloom">
      <div className="container">
        <div className="footer-grid">
          <div>
            <h2>{site.brand.name}</h2>
            <p>{site.footer.about}</p>
          </div>
          <nav aria-label={site.menu.footerNavLabel}>
            <h2>{site.footer.exploreHeading}</h2>
            <ul className="footer-links">
              {site.nav.map((item) => (
                <li key={item.to}>
                  <SmartLink to={item.to}>{item.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2>{site.footer.contactHeading}</h2>
            <ul className="footer-links">
              <li>{site.contact.area}</li>
              <li>
                <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
              </li>
              <li>
                <a href={`tel:${site.contact.phone.replace(/[^\d+]/g, '')}`}>{site.contact.phone}</a>
              </li>
              <li>{site.contact.hours}</li>
            </ul>
          </div>
          <div>
            <h2>{site.newsletter.heading}</h2>
            {site.newsletter.text && <p>{site.newsletter.text}</p>}
            <NewsletterIsland text={site.newsletter} source="footer" rateLimited={site.forms.rateLimited} />
          </div>
        </div>
        <div className="footer-bottom">
          <p>{site.footer.copyright}</p>
          <nav aria-label={site.menu.legalNavLabel}>
            <ul>
              {site.footer.legal.map((item) => (
                <li key={item.to}>
                  <SmartLink to={item.to}>{item.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
