import * as React from 'react';
import { CtaLink } from '../layout/SmartLink';
import { CardGrid } from '../sections/CardGrid';
import { Section } from '../sections/Section';
import type { HomeContent } from './types';

/**
 * "What We Stand For" (end of the founder welcome): six values and the CTAs to /services and
 * /contact. It is a bloom zone of the decorative animation.
 */
export function Values({ values }: { values: HomeContent['values'] }) {
  return (
    <Section id="values" tone="honey" heading={values.heading} intro={values.text} data-anim-zone="bloom" data-home-section="values">
      <CardGrid items={values.items} />
      <div className="btn-row btn-row-center">
        {values.ctas.map((cta) => (
          <CtaLink key={cta.to} cta={cta} />
        ))}
      </div>
    </Section>
  );
}
