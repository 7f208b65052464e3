import * as React from 'react';
import { Choices, Input, OptionalTextArea } from '../../forms/FormFields';
import { FormStatusMessage } from '../../forms/FormStatusMessage';
import { Honeypot } from '../../forms/Honeypot';
import { postRpc } from '../../forms/postRpc';
import { failureMessage } from '../../forms/rpcMessage';
import { useRpcForm } from '../../../hooks/useRpcForm';
import type { SwarmReportText } from './reportText';
import { FORMED_WHEN, HEIGHTS, type Reason, SIZES, SWARM_RPC, failedCriteria, swarmPayload } from './swarmReport';
import { columnBounds } from '../../forms/columnRules';
import { usePageLocale } from '../../../hooks/usePageLocale';

export interface SwarmReportFormProps {
  text: SwarmReportText;
  honeypot: string;
  rateLimited: string;
}

/**
 * The swarm report (#swarm-report). Its fields are uncontrolled (read on change and on submit),
 * so anything typed before the island hydrated is kept. Once the three questions of the criteria
 * are answered it tells the visitor whether the swarm qualifies; the report can be sent either way.
 */
export function SwarmReportForm({ text, honeypot, rateLimited }: SwarmReportFormProps) {
  const formRef = React.useRef<HTMLFormElement>(null);
  const [reasons, setReasons] = React.useState<Reason[] | null>(null);
  const check = () => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    setReasons(failedCriteria({
      formedWhen: String(data.get('formed_when') ?? ''),
      size: String(data.get('size') ?? ''),
      structure: String(data.get('structure') ?? ''),
    }));
  };
  React.useEffect(check, []);
  const locale = usePageLocale();
  const { status, onSubmit, sending } = useRpcForm(
    async () => {
      const form = formRef.current;
      if (!form) throw new Error('form missing');
      await postRpc(SWARM_RPC, { ...swarmPayload(new FormData(form)), p_locale: locale });
      form.reset();
      setReasons(null);
    },
    () => text.success,
    (error) => failureMessage(error, { error: text.error, rateLimited }),
  );

  return (
    <form ref={formRef} method="post" id="swarm-report" className="card pages-request-form" onSubmit={onSubmit} onChange={check} aria-labelledby="swarm-report-heading">
      <h2 id="swarm-report-heading">{text.heading}</h2>
      <p>{text.intro}</p>
      <noscript>
        <p className="notice">{text.noScript}</p>
      </noscript>
      <p className="pages-muted">{text.requiredNote}</p>
      <Input id="swarm-location" name="location" label={text.location} hint={text.locationHint} required {...columnBounds('swarm_reports', 'location')} autoComplete="street-address" />
      <Choices name="formed_when" legend={text.formedWhen.legend} options={(Object.keys(FORMED_WHEN) as (keyof typeof FORMED_WHEN)[]).map((key) => [FORMED_WHEN[key], text.formedWhen[key]])} />
      <Choices name="size" legend={text.size.legend} options={SIZES.map((size) => [size, text.size[size]])} />
      <Choices name="height" legend={text.height.legend} options={HEIGHTS.map((height) => [height, text.height[height]])} />
      <Choices name="structure" legend={text.structure.legend} options={[['outside', text.structure.outside], ['inside', text.structure.inside]]} />
      <div className="swarm-verdict" aria-live="polite">
        {reasons && reasons.length === 0 && <p className="form-status form-status-success">{text.qualifies}</p>}
        {reasons && reasons.length > 0 && (
          <div className="form-status form-status-warning">
            <p>{text.notQualifies}</p>
            <ul>
              {reasons.map((reason) => (
                <li key={reason}>{text.reasons[reason]}</li>
              ))}
            </ul>
            <p>{text.stillSend}</p>
          </div>
        )}
      </div>
      <Input id="swarm-photo" name="photo_url" type="url" label={text.photo} hint={text.photoHint} optional={text.optional} {...columnBounds('swarm_reports', 'photo_url')} />
      <Input id="swarm-name" name="name" label={text.name} required {...columnBounds('swarm_reports', 'name')} autoComplete="name" />
      <Input id="swarm-phone" name="phone" type="tel" label={text.phone} required {...columnBounds('swarm_reports', 'phone')} autoComplete="tel" />
      <Input id="swarm-email" name="email" type="email" label={text.email} optional={text.optional} autoComplete="email" />
      <OptionalTextArea id="swarm-notes" name="notes" label={text.notes} optional={text.optional} maxLength={columnBounds('swarm_reports', 'notes').maxLength} />
      <Honeypot id="swarm-website" label={honeypot} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? text.sending : text.submit}
      </button>
      <FormStatusMessage status={status} id="swarm-report-status" />
    </form>
  );
}

export default SwarmReportForm;
