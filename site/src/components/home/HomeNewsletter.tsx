import * as React from 'react';
import { NewsletterIsland } from '../forms/NewsletterIsland';
import type { NewsletterText } from '../../hooks/useSiteContent';
import type { HomeContent } from './types';
import * as styles from './HomeNewsletter.module.css';

/** Section 9: the newsletter sign-up (required e-mail field, type email). */
export function HomeNewsletter({ block, text, rateLimited }: { block: HomeContent['newsletter']; text: NewsletterText; rateLimited: string }) {
  return (
    <section className={`section section-leaf ${styles.block}`} aria-labelledby="home-newsletter-title" data-home-section="newsletter">
      <div className={`container ${styles.inner}`}>
        {block.eyebrow && <span className="eyebrow">{block.eyebrow}</span>}
        <h2 id="home-newsletter-title">{block.heading}</h2>
        {block.text && <p className="lead">{block.text}</p>}
        <NewsletterIsland text={text} source="home" rateLimited={rateLimited} />
      </div>
    </section>
  );
}
