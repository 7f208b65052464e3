import * as React from 'react';
import { SmartLink } from '../layout/SmartLink';
import { Input } from '../forms/FormFields';
import { FormStatusMessage } from '../forms/FormStatusMessage';
import { Honeypot, honeypotValue } from '../forms/Honeypot';
import { postRpc } from '../forms/postRpc';
import { failureMessage } from '../forms/rpcMessage';
import { useRpcForm } from '../../hooks/useRpcForm';
import { columnBounds } from '../forms/columnRules';
import { usePageLocale } from '../../hooks/usePageLocale';

export interface ArtSubmitText {
  title: string; statement: string; artistName: string; email: string; link: string; linkHint: string;
  consent: string; licenceLink: { label: string; to: string }; imageNote: string; requiredNote: string;
  button: string; sending: string; success: string; error: string; noScript: string;
}

export interface ArtSubmitFormProps {
  text: ArtSubmitText;
  honeypot: string;
  rateLimited: string;
}

/**
 * /art's submission form: the design's words and the artist's address
 * (submit_buzz_haven_art_design). The image comes after the e-mailed link confirmed the address
 * (/art/upload), so nothing is stored from an address nobody confirmed.
 */
export default function ArtSubmitForm({ text, honeypot, rateLimited }: ArtSubmitFormProps) {
  const form = React.useRef<HTMLFormElement>(null);
  const locale = usePageLocale();
  const { status, onSubmit, sending } = useRpcForm(
    () => {
      const data = new FormData(form.current!);
      const value = (name: string) => String(data.get(name) ?? '');
      return postRpc('submit_buzz_haven_art_design', {
        p_title: value('title'), p_statement: value('statement'), p_artist_name: value('artist_name'),
        p_email: value('email'), p_link: value('link') || null, p_consent: data.get('consent') === 'on',
        p_website: honeypotValue(form.current), p_locale: locale,
      });
    },
    () => text.success,
    (error) => failureMessage(error, { error: text.error, rateLimited }),
  );
  if (status.state === 'success') return <FormStatusMessage status={status} />;
  return (
    <form ref={form} onSubmit={onSubmit} data-form="art-submit">
      <p className="field-hint">{text.requiredNote}</p>
      <Input id="art-title" name="title" label={text.title} required {...columnBounds('art_designs', 'title')} />
      <div className="field">
        <label htmlFor="art-statement">
          {text.statement}
          <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <textarea id="art-statement" name="statement" required {...columnBounds('art_designs', 'statement')} rows={5} />
      </div>
      <Input id="art-artist" name="artist_name" label={text.artistName} required {...columnBounds('art_designs', 'artist_name')} autoComplete="name" />
      <Input id="art-email" name="email" type="email" label={text.email} required autoComplete="email" />
      <Input id="art-link" name="link" type="url" label={text.link} hint={text.linkHint} {...columnBounds('art_designs', 'link')} pattern="https?://.+" />
      <p className="field-hint">{text.imageNote}</p>
      <div className="field">
        <label className="choice">
          <input type="checkbox" name="consent" required />
          {text.consent}
        </label>
        <p className="field-hint">
          <SmartLink to={text.licenceLink.to}>{text.licenceLink.label}</SmartLink>
        </p>
      </div>
      <Honeypot id="art-website" label={honeypot} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? text.sending : text.button}
      </button>
      <noscript>
        <p className="notice">{text.noScript}</p>
      </noscript>
      <FormStatusMessage status={status} />
    </form>
  );
}
