import * as React from 'react';
import { FormStatusMessage } from '../forms/FormStatusMessage';
import { Honeypot, honeypotValue } from '../forms/Honeypot';
import { postRpc } from '../forms/postRpc';
import { failureMessage } from '../forms/rpcMessage';
import { useRpcForm } from '../../hooks/useRpcForm';
import { usePageLocale } from '../../hooks/usePageLocale';

export interface ArtVoteText { email: string; button: string; sending: string; sent: string; error: string }

export interface ArtVoteFormProps {
  designId: string;
  title: string;
  text: ArtVoteText;
  honeypot: string;
  rateLimited: string;
}

/**
 * One design's vote on /art/vote: the visitor's address; the vote counts once they open the
 * e-mailed link (vote_buzz_haven_art, then /art/vote/confirm). The server refuses a design off
 * this month's ballot, a closed vote and too many requests, each with its own message.
 */
export default function ArtVoteForm({ designId, title, text, honeypot, rateLimited }: ArtVoteFormProps) {
  const form = React.useRef<HTMLFormElement>(null);
  const id = `vote-${designId}`;
  const locale = usePageLocale();
  const { status, onSubmit, sending } = useRpcForm(
    () => postRpc('vote_buzz_haven_art', {
      p_design_id: designId,
      p_email: String(new FormData(form.current!).get('email') ?? ''),
      p_website: honeypotValue(form.current),
      p_locale: locale,
    }),
    () => text.sent,
    (error) => failureMessage(error, { error: text.error, rateLimited }),
  );
  return (
    <form ref={form} onSubmit={onSubmit} data-form="art-vote" aria-label={`${text.button}: ${title}`}>
      <div className="field">
        <label htmlFor={`${id}-email`}>{text.email}</label>
        <input id={`${id}-email`} name="email" type="email" required autoComplete="email" />
      </div>
      <Honeypot id={`${id}-website`} label={honeypot} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? text.sending : text.button}
      </button>
      <FormStatusMessage status={status} />
    </form>
  );
}
