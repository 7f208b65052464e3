import * as React from 'react';
import type { SiteContent } from '../../../hooks/useSiteContent';
import '../shared/pages.css';

export interface ContactDetailsText {
  heading: string;
  emailLabel: string;
  phoneLabel: string;
  hoursLabel: string;
  areaLabel: string;
  swarmLabel: string;
  address: string;
  addressLabel: string;
  socialHeading: string;
}

interface Props {
  text: ContactDetailsText;
  contact: SiteContent['contact'];
  social: SiteContent['social'];
  swarmHotline: string;
}

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** E-mail, phones, hours, area and address, then the social links. */
export function ContactDetails({ text, contact, social, swarmHotline }: Props) {
  return (
    <div className="card" id="contact-details">
      <h2>{text.heading}</h2>
      <dl className="pages-facts">
        <dt>{text.emailLabel}</dt>
        <dd>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </dd>
        <dt>{text.phoneLabel}</dt>
        <dd>
          <a href={tel(contact.phone)}>{contact.phone}</a>
        </dd>
        <dt>{text.hoursLabel}</dt>
        <dd>{contact.hours}</dd>
        <dt>{text.swarmLabel}</dt>
        <dd>
          <a href={tel(swarmHotline)}>{swarmHotline}</a>
        </dd>
        <dt>{text.addressLabel}</dt>
        <dd>{text.address}</dd>
        <dt>{text.areaLabel}</dt>
        <dd>{contact.area}</dd>
      </dl>
      <h3>{text.socialHeading}</h3>
      <ul className="pages-social pages-plain">
        {social.map((link) => (
          <li key={link.url}>
            <a href={link.url} rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
