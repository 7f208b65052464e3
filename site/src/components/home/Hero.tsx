import * as React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Picture } from '../layout/Picture';
import { CtaLink } from '../layout/SmartLink';
import type { HomeContent } from './types';
import * as styles from './Hero.module.css';

/** Section 1: headline, 'Explore Our Honey' -> /shop and 'Host a Hive' -> /services. */
export function Hero({ hero, image }: { hero: HomeContent['hero']; image: IGatsbyImageData | undefined }) {
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
          <Picture image={image} alt={hero.imageAlt} eager className={styles.image} />
        </div>
      </div>
    </section>
  );
}
