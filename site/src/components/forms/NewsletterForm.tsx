import * as React from 'react';
import type { NewsletterText } from '../../hooks/useSiteContent';
import { FormStatusMessage } from './FormStatusMessage';
import { postRpc } from './postRpc';
import { isRateLimited } from './rpcMessage';
import { useRpcForm } from '../../hooks/useRpcForm';
import { usePageLocale } from '../../hooks/usePageLocale';

export const NEWSLETTER_RPC = 'subscribe_buzz_haven_newsletter';

export interface NewsletterFormProps {
  text: NewsletterText;
  /** Distinguishes several forms on one page (ids and test hooks); unique per page. */
  source: string;
  /** The forms' words for a visitor past the sign-up limit (PT429). */
  rateLimited: string;
}

/**
 * E-mail sign-up used in the footer, on the home page and on /contact. The RPC answers true for a
 * new address and for one already on the list alike (it never tells who is subscribed), so both
 * get the same thank-you. The field is uncontrolled (read on submit): no render per keystroke,
 * and an address typed before the form hydrated is kept. Pages load it through NewsletterIsland
 * (code fetched when visible or idle).
 */
export function NewsletterForm({ text, source, rateLimited }: NewsletterFormProps) {
  const inputId = `newsletter-email-${source}`;
  const statusId = `newsletter-status-${source}`;
  const inputRef = React.useRef<HTMLInputElement>(null);
  const locale = usePageLocale();
  const { status, onSubmit, sending } = useRpcForm(
    () => postRpc<boolean>(NEWSLETTER_RPC, { p_email: (inputRef.current?.value ?? '').trim(), p_locale: locale }),
    () => text.success,
    (error) => (isRateLimited(error) ? rateLimited : text.error),
  );

  return (
    // Without JavaScript the sign-up cannot be sent (there is no server to post to): method
    // "dialog" outside a <dialog> makes the button do nothing (HTML's form submission algorithm
    // stops there, after the submit event), so the address stays typed, and <noscript> says why.
    // No javascript: action, which the pages' Content-Security-Policy refuses (form-action).
    // With JavaScript, onSubmit (or the held-submit script before hydration) always runs first.
    <form
      className="newsletter-form"
      method="dialog"
      onSubmit={onSubmit}
      data-form={`newsletter-${source}`}
      aria-describedby={statusId}
    >
      <noscript>
        <p className="notice newsletter-noscript">{text.noScript}</p>
      </noscript>
      <label htmlFor={inputId} className="visually-hidden">
        {text.label}
      </label>
      <div className="newsletter-row">
        <input
          ref={inputRef}
          id={inputId}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder={text.placeholder ?? undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? text.sending : text.button}
        </button>
      </div>
      <FormStatusMessage status={status} id={statusId} />
    </form>
  );
}

export default NewsletterForm;
