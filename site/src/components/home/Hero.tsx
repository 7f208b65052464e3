import * as React from 'react';
import { StaticImage } from 'gatsby-plugin-image';
import { CtaLink } from '../layout/SmartLink';
import type { HomeContent } from './types';
import * as styles from './Hero.module.css';

/** Section 1: headline, 'Explore Our Honey' -> /shop and 'Host a Hive' -> /services. */
export function Hero({ hero }: { hero: HomeContent['hero'] }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title" data-home-section="hero">
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          {hero.eyebrow && <span className="eyebrow">{hero.eyebrow}</span>}
          <h1 id="hero-title">{hero.title}</h1>
          <p className="lead">{hero.text}</p>
          <div className="btn-row">
            {hero.ctas.map((cta) => (
              <CtaLink key={cta.to} cta={cta} />
            ))}
          </div>
        </div>
        <div className={styles.art}>
          <StaticImage
            src="../../images/hero.png"
            alt={hero.imageAlt}
            width={560}
            loading="eager"
            placeholder="none"
            formats={['auto', 'webp', 'avif']}
            className={styles.image}
          />
        </div>
      </div>
    </section>
  );
}
