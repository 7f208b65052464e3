import * as React from 'react';
import { SmartLink } from '../../layout/SmartLink';
import type { Cta } from '../shared/types';
import '../shared/pages.css';

export interface ServiceCard {
  /** The anchor other pages link to (/services#hosting). */
  id: string;
  title: string;
  text: string;
  price: string;
  link: Cta;
  icon?: string | null;
}

/** The four services, each an anchored card leading to its own page. */
export function ServiceCards({ services }: { services: readonly ServiceCard[] }) {
  return (
    <div className="grid grid-4">
      {services.map((service) => (
        <article key={service.id} id={service.id} className="card" aria-labelledby={`${service.id}-title`}>
          {service.icon && (
            <span className="card-icon" aria-hidden="true">
              {service.icon}
            </span>
          )}
          <h3 id={`${service.id}-title`}>{service.title}</h3>
          <p>{service.text}</p>
          <p className="pages-muted">
            <strong>{service.price}</strong>
          </p>
          <SmartLink to={service.link.to} className="btn btn-primary pages-card-button">
            {service.link.label}
          </SmartLink>
        </article>
      ))}
    </div>
  );
}
