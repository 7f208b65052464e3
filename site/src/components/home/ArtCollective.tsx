import * as React from 'react';
import { StaticImage } from 'gatsby-plugin-image';
import type { HomeContent } from './types';
import * as styles from './ArtCollective.module.css';

/** The five-step hive-wrap art process (submit, vote monthly, print, install, connect via maps). */
export function ArtCollective({ block }: { block: HomeContent['artCollective'] }) {
  return (
    <div className={styles.wrap}>
      <div>
        <h3>{block.heading}</h3>
        {block.text && <p>{block.text}</p>}
        <ol className={styles.steps}>
          {block.steps.map((step, index) => (
            <li key={step.title}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <strong>{step.title}</strong>
                {step.text && <p>{step.text}</p>}
              </div>
            </li>
          ))}
        </ol>
      </div>
      <StaticImage src="../../images/hive-wraps.png" alt={block.imageAlt} width={520} placeholder="blurred" className={styles.image} />
    </div>
  );
}
