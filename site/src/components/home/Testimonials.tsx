import * as React from 'react';
import type { HomeContent } from './types';

/** Section 8: three testimonials. */
export function Testimonials({ block }: { block: HomeContent['testimonials'] }) {
  return (
    <section className="section" aria-labelledby="testimonials-title" data-home-section="testimonials">
      <div className="container">
        <div className="section-header">
          <h2 id="testimonials-title">{block.heading}</h2>
        </div>
        <ul className="grid grid-3 plain-list">
          {block.items.map((item) => (
            <li key={item.name} className="card">
              <figure style={{ margin: 0 }}>
                <blockquote className="quote">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="quote-author">
                  {item.name}
                  {item.role && <span className="price-unit"> · {item.role}</span>}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
