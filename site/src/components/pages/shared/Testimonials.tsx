import * as React from 'react';
import type { PageTestimonial } from './types';

/** Quotes from hosts, subscribers and neighbours. */
export function Testimonials({ items }: { items: PageTestimonial[] }) {
  return (
    <ul className={`grid ${items.length === 2 ? 'grid-2' : 'grid-3'} pages-plain`} role="list">
      {items.map((item) => (
        <li key={item.name} className="card">
          <figure className="pages-figure">
            <blockquote className="quote">
              <p>“{item.quote}”</p>
            </blockquote>
            <figcaption className="quote-author">
              {item.name}
              {item.role && <span className="pages-role">{item.role}</span>}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
