import * as React from 'react';
import { FormStatusMessage } from '../../forms/FormStatusMessage';
import { RpcError, postRpc } from '../../forms/postRpc';
import { failureMessage } from '../../forms/rpcMessage';
import { useRpcForm } from '../../../hooks/useRpcForm';
import { CONTACT_RPC, type ContactValues, EMPTY_CONTACT, contactPayload } from './contactMessage';
import { Field, SelectField } from './Field';
import { usePageLocale } from '../../../hooks/usePageLocale';

export interface ContactFormText {
  heading: string;
  requiredNote: string;
  fields: Record<keyof ContactValues, string>;
  optional: string;
  subjectPlaceholder: string;
  hearAboutPlaceholder: string;
  subjects: readonly string[];
  hearAbout: readonly string[];
  submit: string;
  noScript: string;
  sending: string;
  success: string;
  error: string;
  /** A refusal by the server; {message} is its own words. */
  serverError: string;
}

function readTypedValues(form: HTMLFormElement | null): Partial<ContactValues> | null {
  if (!form) return null;
  const typed: Partial<ContactValues> = {};
  for (const key of Object.keys(EMPTY_CONTACT) as Array<keyof ContactValues>) {
    const field = form.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`#contact-${key}`);
    if (field?.value) typed[key] = field.value;
  }
  return Object.keys(typed).length ? typed : null;
}

/**
 * The message form (#contact-form). Sends through the anon RPC; one request at a time; on
 * success the fields are cleared, on failure they keep everything the visitor typed.
 */
export function ContactForm({ text, rateLimited }: { text: ContactFormText; rateLimited: string }) {
  // On a slow connection a visitor can type before the form hydrates; those values live only in
  // the DOM. The first render (the hydrating one, before React sets the fields) adopts them.
  const [values, setValues] = React.useState<ContactValues>(() => ({
    ...EMPTY_CONTACT,
    ...(typeof document === 'undefined' ? null : readTypedValues(document.querySelector<HTMLFormElement>('#contact-form'))),
  }));
  const locale = usePageLocale();
  const { status, onSubmit, sending } = useRpcForm(
    async () => {
      const id = await postRpc<string>(CONTACT_RPC, { ...contactPayload(values), p_locale: locale });
      setValues(EMPTY_CONTACT);
      return id;
    },
    () => text.success,
    // The server's own words for what it refused (too long, invalid e-mail); the content's for the rest.
    (error) => {
      const message = failureMessage(error, { error: text.error, rateLimited });
      return error instanceof RpcError && message !== text.error && message !== rateLimited
        ? text.serverError.replace('{message}', message)
        : message;
    },
  );
  const bind = (key: keyof ContactValues) => ({
    id: `contact-${key}`,
    label: text.fields[key],
    value: values[key],
    onChange: (value: string) => setValues((current) => ({ ...current, [key]: value })),
  });

  return (
    // method="post": without JavaScript the browser must not put what was typed into the URL.
    <form method="post" id="contact-form" className="card pages-contact-form" onSubmit={onSubmit} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">{text.heading}</h2>
      <p className="pages-muted">{text.requiredNote}</p>
      <noscript>
        <p className="notice">{text.noScript}</p>
      </noscript>
      <Field {...bind('name')} name="name" autoComplete="name" required />
      <Field {...bind('email')} name="email" type="email" autoComplete="email" required />
      <Field {...bind('phone')} name="phone" type="tel" autoComplete="tel" optionalLabel={text.optional} />
      <SelectField {...bind('subject')} name="subject" options={text.subjects} placeholder={text.subjectPlaceholder} required />
      <Field {...bind('message')} name="message" multiline required />
      <SelectField
        {...bind('hearAbout')}
        name="hear_about"
        options={text.hearAbout}
        placeholder={text.hearAboutPlaceholder}
        optionalLabel={text.optional}
      />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? text.sending : text.submit}
      </button>
      <FormStatusMessage status={status} id="contact-form-status" />
    </form>
  );
}

export default ContactForm;
