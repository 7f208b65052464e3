import * as React from 'react';
import type { SectionTestimonial } from './types';
import './sections.css';

interface Props {
  items: readonly SectionTestimonial[];
  /** `inline`: "Name · role" on one line (home page); `below`: the role on its own line. */
  byline?: 'inline' | 'below';
}

/** Quotes from hosts, subscribers and neighbours, two or three to a row. */
export function Testimonials({ items, byline = 'below' }: Props) {
  return (
    <ul className={`grid ${items.length === 2 ? 'grid-2' : 'grid-3'} plain-list`} role="list">
      {items.map((item) => (
        <li key={item.name} className="card">
          <figure className={byline === 'below' ? 'section-figure' : 'section-figure-plain'}>
            <blockquote className="quote">
              <p>“{item.quote}”</p>
            </blockquote>
            <figcaption className="quote-author">
              {item.name}
              {item.role &&
                (byline === 'below' ? (
                  <span className="section-role">{item.role}</span>
                ) : (
                  <span className="price-unit"> · {item.role}</span>
                ))}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
