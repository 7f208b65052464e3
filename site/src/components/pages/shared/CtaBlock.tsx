import * as React from 'react';
import { CtaLink } from '../../layout/SmartLink';
import type { PageCtaBlock } from './types';

/** The closing band of a page: heading, one sentence and its buttons (first one primary). */
export function CtaBlock({ block, id = 'next-steps' }: { block: PageCtaBlock; id?: string }) {
  return (
    <section id={id} className="section section-honey pages-cta" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`}>{block.heading}</h2>
        {block.text && <p className="lead">{block.text}</p>}
        <div className="btn-row btn-row-center">
          {block.buttons.map((cta, index) => (
            <CtaLink key={cta.to + cta.label} cta={{ ...cta, variant: cta.variant ?? (index ? 'secondary' : 'primary') }} />
          ))}
        </div>
      </div>
    </section>
  );
}
