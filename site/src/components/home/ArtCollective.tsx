import * as React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Picture } from '../layout/Picture';
import type { HomeContent } from './types';
import * as styles from './ArtCollective.module.css';

/** The five-step hive-wrap art process (submit, vote monthly, print, install, connect via maps). */
export function ArtCollective({ block, image }: { block: HomeContent['artCollective']; image: IGatsbyImageData | undefined }) {
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
      <Picture image={image} alt={block.imageAlt} className={styles.image} />
    </div>
  );
}
