import * as React from 'react';
import { FormStatusMessage } from '../forms/FormStatusMessage';
import { postRpc } from '../forms/postRpc';
import { failureMessage } from '../forms/rpcMessage';
import { useRpcForm } from '../../hooks/useRpcForm';
import { postArtFunction, tokenOf, uploadToSignedUrl } from './artFunction';

export interface ArtUploadText {
  confirming: string; unknown: string; missing: string; intro: string; image: string; imageHint: string;
  button: string; uploading: string; done: string; alreadyDone: string; error: string; noScript: string;
}

type Confirmation = { outcome: 'unknown' } | { outcome: 'confirmed'; title: string; needs_upload: boolean };
type State = 'loading' | 'missing' | 'unknown' | 'ready' | 'already' | 'error';

/**
 * /art/upload?token=...: the artist's confirmation e-mail link. Opening it confirms the address
 * (confirm_buzz_haven_art_design); then the image goes to a signed upload URL the art Edge Function
 * issues, and the function checks the stored file (type from its bytes, size, pixels) and answers
 * why a file is refused, or that the design now waits for moderation.
 */
export default function ArtUploadPanel({ text, rateLimited }: { text: ArtUploadText; rateLimited: string }) {
  const [state, setState] = React.useState<State>('loading');
  const [title, setTitle] = React.useState('');
  const token = React.useRef<string | null>(null);
  const form = React.useRef<HTMLFormElement>(null);

  React.useEffect(() => {
    token.current = tokenOf(window.location.search);
    if (!token.current) {
      setState('missing');
      return;
    }
    postRpc<Confirmation>('confirm_buzz_haven_art_design', { p_token: token.current }).then(
      (answer) => {
        if (answer.outcome !== 'confirmed') return setState('unknown');
        setTitle(answer.title);
        setState(answer.needs_upload ? 'ready' : 'already');
      },
      () => setState('error'),
    );
  }, []);

  const { status, onSubmit, sending } = useRpcForm(
    async () => {
      const file = (form.current!.elements.namedItem('image') as HTMLInputElement).files?.[0];
      if (!file) throw new Error('no file');
      const signed = await postArtFunction<{ signedUrl: string; path: string }>({
        action: 'upload-url', token: token.current, type: file.type, bytes: file.size,
      });
      await uploadToSignedUrl(signed.signedUrl, file);
      return postArtFunction({ action: 'check', token: token.current, path: signed.path });
    },
    () => text.done,
    (error) => failureMessage(error, { error: text.error, rateLimited }),
  );

  if (state === 'loading') return <p role="status">{text.confirming}</p>;
  if (state !== 'ready') {
    const message = { missing: text.missing, unknown: text.unknown, already: text.alreadyDone, error: text.error }[state];
    return <p role={state === 'already' ? 'status' : 'alert'} className={`form-status ${state === 'already' ? 'form-status-success' : 'form-status-error'}`}>{message}</p>;
  }
  if (status.state === 'success') return <FormStatusMessage status={status} />;
  return (
    <form ref={form} onSubmit={onSubmit} data-form="art-upload">
      <p className="lead">{title}</p>
      <p>{text.intro}</p>
      <div className="field">
        <label htmlFor="art-image">
          {text.image}
          <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input id="art-image" name="image" type="file" accept="image/png,image/jpeg,image/webp" required aria-describedby="art-image-hint" />
        <p id="art-image-hint" className="field-hint">{text.imageHint}</p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? text.uploading : text.button}
      </button>
      <FormStatusMessage status={status} />
    </form>
  );
}
