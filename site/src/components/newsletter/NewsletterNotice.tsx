import * as React from 'react';
import type { NewsletterText } from '../../hooks/useSiteContent';
import { confirmOutcomeOf, type ConfirmOutcome } from './newsletterQuery';
import * as styles from './NewsletterNotice.module.css';

/**
 * The home page's notice after the newsletter confirmation link (its 303 lands on
 * `/?newsletter=confirmed` or `=unknown`). The live region is always rendered (empty) so the text
 * is announced when it appears after hydration.
 */
export function NewsletterNotice({ text }: { text: Pick<NewsletterText, 'confirmed' | 'unknown'> }) {
  const [outcome, setOutcome] = React.useState<ConfirmOutcome | null>(null);
  React.useEffect(() => {
    setOutcome(confirmOutcomeOf(window.location.search));
  }, []);
  return (
    <div role="status" aria-live="polite">
      {outcome && (
        <div className="container">
          <p className={`form-status ${outcome === 'confirmed' ? 'form-status-success' : 'form-status-warning'} ${styles.notice}`} data-newsletter-notice={outcome}>
            {text[outcome]}
          </p>
        </div>
      )}
    </div>
  );
}
