import * as React from 'react';
import { CtaLink } from '../layout/SmartLink';
import { SectionHeader } from './SectionHeader';
import type { HomeContent } from './types';

/**
 * "What We Stand For" (end of the founder welcome): six values and the CTAs to /services and
 * /contact. It is a bloom zone of the decorative animation.
 */
export function Values({ values }: { values: HomeContent['values'] }) {
  return (
    <section className="section section-honey" aria-labelledby="values-title" data-anim-zone="bloom" data-home-section="values">
      <div className="container">
        <SectionHeader id="values-title" heading={values.heading} text={values.text} />
        <ul className="grid grid-3 plain-list">
          {values.items.map((value) => (
            <li key={value.title} className="card">
              {value.icon && (
                <span className="card-icon" aria-hidden="true">
                  {value.icon}
                </span>
              )}
              <h3>{value.title}</h3>
              {value.text && <p>{value.text}</p>}
            </li>
          ))}
        </ul>
        <div className="btn-row btn-row-center">
          {values.ctas.map((cta) => (
            <CtaLink key={cta.to} cta={cta} />
          ))}
        </div>
      </div>
    </section>
  );
}
