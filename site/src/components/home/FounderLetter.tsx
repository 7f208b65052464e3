import * as React from 'react';
import { useHoverFocus } from '../../hooks/useHoverFocus';
import type { HomeContent } from './types';
import * as styles from './FounderLetter.module.css';

/**
 * The founder's letter card. Its decoration (a bee circling, the paper lifting) runs only while
 * the card is hovered or focused; CSS keys the animation off data-animating, so leaving or
 * blurring stops it at once. Reduced-motion users get a still card.
 */
export function FounderLetter({ letter }: { letter: HomeContent['welcome']['letter'] }) {
  const { active, handlers } = useHoverFocus();
  return (
    <article
      className={styles.letter}
      tabIndex={0}
      aria-labelledby="founder-letter-title"
      data-founder-letter=""
      data-animating={active ? 'true' : 'false'}
      {...handlers}
    >
      <span className={styles.orbit} aria-hidden="true">
        <span className={styles.bee}>🐝</span>
      </span>
      <h3 id="founder-letter-title" className={styles.label}>
        {letter.label}
      </h3>
      <p className={styles.greeting}>{letter.greeting}</p>
      {letter.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p className={styles.signOff}>{letter.signOff}</p>
      <p className={styles.signature}>{letter.signature}</p>
      {letter.role && <p className={styles.role}>{letter.role}</p>}
      {letter.hint && <p className={styles.hint}>{letter.hint}</p>}
    </article>
  );
}
