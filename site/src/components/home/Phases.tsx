import * as React from 'react';
import { Section } from '../sections/Section';
import type { ItemsBlock } from './types';
import * as styles from './Phases.module.css';

/** Section 3: the four-phase explainer (Spot & Collect ... Habitat & Learning). */
export function Phases({ block }: { block: ItemsBlock }) {
  return (
    <Section id="phases" tone="alt" eyebrow={block.eyebrow} heading={block.heading} intro={block.text} data-home-section="phases">
        <ol className={`grid grid-4 ${styles.phases}`}>
          {block.items.map((phase, index) => (
            <li key={phase.title} className={`card ${styles.phase}`}>
              <span className={styles.step}>{index + 1}</span>
              {phase.icon && (
                <span className="card-icon" aria-hidden="true">
                  {phase.icon}
                </span>
              )}
              <h3>{phase.title}</h3>
              {phase.text && <p>{phase.text}</p>}
            </li>
          ))}
        </ol>
    </Section>
  );
}
