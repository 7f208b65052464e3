import * as React from 'react';
import { CtaLink } from '../../layout/SmartLink';
import type { Cta } from './types';

interface Hero {
  title: string;
  eyebrow?: string | null;
  intro?: string | null;
  buttons?: readonly Cta[] | null;
}

/** The top band of a content page; holds the page's only <h1>. */
export function PageHero({ hero }: { hero: Hero }) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        {hero.eyebrow && <p className="eyebrow">{hero.eyebrow}</p>}
        <h1 id="page-title">{hero.title}</h1>
        {hero.intro && <p className="lead">{hero.intro}</p>}
        {hero.buttons && hero.buttons.length > 0 && (
          <div className="btn-row btn-row-center">
            {hero.buttons.map((cta, index) => (
              <CtaLink key={cta.to + cta.label} cta={{ ...cta, variant: cta.variant ?? (index ? 'secondary' : 'primary') }} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
