import * as React from 'react';
import { Choices, Input, OptionalTextArea } from '../../forms/FormFields';
import { FormStatusMessage } from '../../forms/FormStatusMessage';
import { Honeypot, honeypotValue } from '../../forms/Honeypot';
import { postRpc } from '../../forms/postRpc';
import { failureMessage } from '../../forms/rpcMessage';
import { useRpcForm } from '../../../hooks/useRpcForm';
import { HOST_APPLICATION_RPC, type HostApplicationAnswer, applicationMessage, hostApplicationPayload } from './hostApplication';
import { columnBounds, columnChoices } from '../../forms/columnRules';
import { usePageLocale } from '../../../hooks/usePageLocale';

export interface HostApplyText {
  heading: string; intro: string; requiredNote: string; noScript: string; name: string; email: string; phone: string;
  address: string; zip: string; zipHint: string; yardLength: string; yardWidth: string; yardHint: string;
  sun: Record<'legend' | 'full' | 'partial' | 'shade', string>;
  water: Record<'legend' | 'onSite' | 'nearby' | 'none', string>;
  access: Record<'legend' | 'level' | 'steps' | 'difficult', string>;
  pets: string; children: string; answerYes: string; answerNo: string;
  hiveStyle: Record<'legend' | 'standard' | 'artistic', string>;
  photo: string; photoHint: string; message: string; optional: string; submit: string; sending: string;
  success: string; waitlist: string; error: string;
}

export interface HostApplicationFormProps {
  text: HostApplyText;
  honeypot: string;
  rateLimited: string;
}

/**
 * The host application (#apply). Uncontrolled fields: what was typed before the island hydrated
 * is kept, and a refusal (a yard under the minimum, a bad ZIP) leaves everything in place.
 */
export function HostApplicationForm({ text, honeypot, rateLimited }: HostApplicationFormProps) {
  const formRef = React.useRef<HTMLFormElement>(null);
  const locale = usePageLocale();
  const { status, onSubmit, sending } = useRpcForm(
    async () => {
      const form = formRef.current;
      if (!form) throw new Error('form missing');
      const data = new FormData(form);
      const answer = await postRpc<HostApplicationAnswer>(HOST_APPLICATION_RPC, {
        ...hostApplicationPayload(data, honeypotValue(form)), p_locale: locale,
      });
      const message = applicationMessage(answer, String(data.get('zip') ?? '').trim(), text);
      form.reset();
      return message;
    },
    (message) => message,
    (error) => failureMessage(error, { error: text.error, rateLimited }),
  );
  const yesNo: [string, string][] = [['yes', text.answerYes], ['no', text.answerNo]];
  return (
    <form ref={formRef} method="post" id="host-application" className="card pages-request-form" onSubmit={onSubmit} aria-labelledby="apply-form-heading">
      <h2 id="apply-form-heading">{text.heading}</h2>
      <p>{text.intro}</p>
      <noscript>
        <p className="notice">{text.noScript}</p>
      </noscript>
      <p className="pages-muted">{text.requiredNote}</p>
      <Input id="host-name" name="name" label={text.name} required {...columnBounds('host_applications', 'name')} autoComplete="name" />
      <Input id="host-email" name="email" type="email" label={text.email} required {...columnBounds('host_applications', 'email')} autoComplete="email" />
      <Input id="host-phone" name="phone" type="tel" label={text.phone} optional={text.optional} {...columnBounds('host_applications', 'phone')} autoComplete="tel" />
      <Input id="host-address" name="address" label={text.address} required {...columnBounds('host_applications', 'address')} autoComplete="street-address" />
      <Input id="host-zip" name="zip" label={text.zip} hint={text.zipHint} required inputMode="numeric" pattern="[0-9]{5}" {...columnBounds('host_applications', 'zip')} autoComplete="postal-code" />
      <Input id="host-yard-length" name="yard_length" type="number" label={text.yardLength} hint={text.yardHint} required {...columnBounds('host_applications', 'yard_length_ft')} step={1} />
      <Input id="host-yard-width" name="yard_width" type="number" label={text.yardWidth} required {...columnBounds('host_applications', 'yard_width_ft')} step={1} />
      <Choices name="sun" legend={text.sun.legend} options={columnChoices('host_applications', 'sun', text.sun)} />
      <Choices name="water" legend={text.water.legend} options={columnChoices('host_applications', 'water', text.water)} />
      <Choices name="access" legend={text.access.legend} options={columnChoices('host_applications', 'access', text.access)} />
      <Choices name="pets" legend={text.pets} options={yesNo} />
      <Choices name="children" legend={text.children} options={yesNo} />
      <Choices name="hive_style" legend={text.hiveStyle.legend} options={[['standard', text.hiveStyle.standard], ['artistic', text.hiveStyle.artistic]]} />
      <Input id="host-photo" name="photo_url" type="url" label={text.photo} hint={text.photoHint} optional={text.optional} {...columnBounds('host_applications', 'yard_photo_url')} />
      <OptionalTextArea id="host-message" name="message" label={text.message} optional={text.optional} maxLength={columnBounds('host_applications', 'message').maxLength} />
      <Honeypot id="host-website" label={honeypot} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? text.sending : text.submit}
      </button>
      <FormStatusMessage status={status} id="host-application-status" />
    </form>
  );
}

export default HostApplicationForm;
