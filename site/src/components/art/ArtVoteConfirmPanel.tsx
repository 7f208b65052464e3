import * as React from 'react';
import { postRpc } from '../forms/postRpc';
import { tokenOf } from './artFunction';

export interface ArtVoteConfirmText {
  confirming: string; voted: string; replaced: string; closed: string; unknown: string; missing: string; error: string;
}

type Outcome = 'voted' | 'replaced' | 'closed' | 'unknown';

/**
 * /art/vote/confirm?token=...: the vote e-mail's link counts the vote (confirm_buzz_haven_art_vote):
 * one per address per month, a later one replacing it, none after the close.
 */
export default function ArtVoteConfirmPanel({ text }: { text: ArtVoteConfirmText }) {
  const [state, setState] = React.useState<'loading' | 'missing' | 'error' | Outcome>('loading');
  const [title, setTitle] = React.useState('');
  React.useEffect(() => {
    const token = tokenOf(window.location.search);
    if (!token) {
      setState('missing');
      return;
    }
    postRpc<{ outcome: Outcome; title?: string }>('confirm_buzz_haven_art_vote', { p_token: token }).then(
      (answer) => {
        setTitle(answer.title ?? '');
        setState(answer.outcome);
      },
      () => setState('error'),
    );
  }, []);
  if (state === 'loading') return <p role="status">{text.confirming}</p>;
  const good = state === 'voted' || state === 'replaced';
  return (
    <div role={good ? 'status' : 'alert'}>
      {title && <p className="lead">{title}</p>}
      <p className={`form-status ${good ? 'form-status-success' : 'form-status-error'}`} data-outcome={state}>{text[state]}</p>
    </div>
  );
}
