import * as React from 'react';
import type { NewsletterText } from '../../hooks/useSiteContent';
import { postRpc } from '../forms/postRpc';
import { unsubscribeTokenOf } from './newsletterQuery';

type State = 'loading' | 'missing' | 'ready' | 'sending' | 'done' | 'error';

/**
 * The unsubscribe page's one button. Opening the page does nothing (mail scanners follow links):
 * only the button's POST unsubscribes, through the same anon RPC as the one-click
 * List-Unsubscribe POST of the newsletter function (supabase/functions/newsletter/handler.ts,
 * unsubscribe_buzz_haven_newsletter). The
 * RPC goes to the REST API the page's CSP already allows (forms/config.ts); it answers true for
 * any token, so the page tells nothing about who is subscribed.
 */
export function UnsubscribePanel({ text }: { text: NewsletterText['unsubscribe'] }) {
  const [state, setState] = React.useState<State>('loading');
  const token = React.useRef<string | null>(null);
  React.useEffect(() => {
    token.current = unsubscribeTokenOf(window.location.search);
    setState(token.current ? 'ready' : 'missing');
  }, []);

  async function unsubscribe() {
    if (!token.current || state === 'sending' || state === 'done') return;
    setState('sending');
    try {
      await postRpc('unsubscribe_buzz_haven_newsletter', { p_token: token.current });
      setState('done');
    } catch {
      setState('error');
    }
  }

  const message = state === 'done' ? text.done : state === 'missing' ? text.missing : state === 'error' ? text.error : '';
  const isError = state === 'error' || state === 'missing';
  return (
    <div data-form="newsletter-unsubscribe">
      {state !== 'done' && state !== 'missing' && (
        <button type="button" className="btn btn-primary" disabled={state === 'loading' || state === 'sending'} onClick={unsubscribe}>
          {state === 'sending' ? text.sending : text.button}
        </button>
      )}
      <noscript>
        <p className="notice">{text.noScript}</p>
      </noscript>
      <div role={isError ? 'alert' : 'status'} aria-live="polite">
        {message && <p className={`form-status ${isError ? 'form-status-error' : 'form-status-success'}`}>{message}</p>}
      </div>
    </div>
  );
}
