import * as React from 'react';
import { CtaLink } from '../layout/SmartLink';
import type { HomeContent } from './types';
import * as styles from './Management.module.css';

/** Section 6: 'Browse Shop' -> /shop, 'Access Admin' -> /admin. The animation's art zone. */
export function Management({ block }: { block: HomeContent['management'] }) {
  return (
    <section className={`section ${styles.block}`} aria-labelledby="management-title" data-anim-zone="art" data-home-section="management">
      <div className={`container ${styles.inner}`}>
        {block.eyebrow && <span className={`eyebrow ${styles.eyebrow}`}>{block.eyebrow}</span>}
        <h2 id="management-title">{block.heading}</h2>
        <p className="lead">{block.text}</p>
        <div className="btn-row btn-row-center">
          {block.ctas.map((cta) => (
            <CtaLink key={cta.to} cta={cta} />
          ))}
        </div>
      </div>
    </section>
  );
}
