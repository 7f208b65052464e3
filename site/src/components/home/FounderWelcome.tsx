import * as React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Picture } from '../layout/Picture';
import { CtaLink } from '../layout/SmartLink';
import { ArtCollective } from './ArtCollective';
import { FounderLetter } from './FounderLetter';
import type { HomeContent } from './types';
import * as styles from './FounderWelcome.module.css';

type Props = Pick<HomeContent, 'welcome' | 'mission' | 'artCollective'> & {
  founderImage: IGatsbyImageData | undefined;
  wrapsImage: IGatsbyImageData | undefined;
};

/**
 * Section 2: founder welcome ('Read My Story' -> /about), the letter card, the mission list and
 * the five-step art collective process; <Values> follows with the six values and its CTAs.
 */
export function FounderWelcome({ welcome, mission, artCollective, founderImage, wrapsImage }: Props) {
  return (
    <section className="section" aria-labelledby="welcome-title" data-home-section="welcome">
      <div className="container">
        <div className={styles.intro}>
          <div className={styles.portrait}>
            <Picture image={founderImage} alt={welcome.founderAlt} className={styles.photo} />
          </div>
          <div>
            {welcome.eyebrow && <span className="eyebrow">{welcome.eyebrow}</span>}
            <h2 id="welcome-title">{welcome.heading}</h2>
            {welcome.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            <div className="btn-row">
              <CtaLink cta={welcome.cta} />
            </div>
          </div>
          <FounderLetter letter={welcome.letter} />
        </div>
        <div className={styles.mission}>
          <h3>{mission.heading}</h3>
          <ul className="check-list">
            {mission.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <ArtCollective block={artCollective} image={wrapsImage} />
      </div>
    </section>
  );
}
