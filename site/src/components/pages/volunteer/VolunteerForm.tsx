import * as React from 'react';
import { Input, fill } from '../../forms/FormFields';
import { FormStatusMessage } from '../../forms/FormStatusMessage';
import { Honeypot, honeypotValue } from '../../forms/Honeypot';
import { postRpc } from '../../forms/postRpc';
import { failureMessage } from '../../forms/rpcMessage';
import { useRpcForm } from '../../../hooks/useRpcForm';
import { VOLUNTEER_SHIFTS_RPC, VOLUNTEER_SIGNUP_RPC, type VolunteerShift, shiftWhen } from './volunteerShifts';
import { columnBounds } from '../../forms/columnRules';
import { usePageLocale } from '../../../hooks/usePageLocale';

export interface VolunteerText {
  heading: string; intro: string; loading: string; none: string; placesLeft: string; full: string; shift: string;
  requiredNote: string; noScript: string; name: string; email: string; phone: string; submit: string; sending: string;
  success: string; error: string;
}

export interface VolunteerFormProps {
  text: VolunteerText;
  honeypot: string;
  rateLimited: string;
}

/**
 * The volunteer sign-up (#volunteer): the open shifts with their places left (read in the browser,
 * so the count is today's), then name, e-mail and phone. A full shift cannot be chosen, and a shift
 * that fills meanwhile is refused by the server with its own message; the places are read again
 * after each answer.
 */
export function VolunteerForm({ text, honeypot, rateLimited }: VolunteerFormProps) {
  const formRef = React.useRef<HTMLFormElement>(null);
  const [shifts, setShifts] = React.useState<VolunteerShift[] | null>(null);
  const load = React.useCallback(() => {
    postRpc<VolunteerShift[]>(VOLUNTEER_SHIFTS_RPC, {}).then(setShifts, () => setShifts([]));
  }, []);
  React.useEffect(load, [load]);
  const locale = usePageLocale();
  const { status, onSubmit, sending } = useRpcForm(
    async () => {
      const form = formRef.current;
      if (!form) throw new Error('form missing');
      const data = new FormData(form);
      const shiftId = String(data.get('shift') ?? '');
      try {
        await postRpc(VOLUNTEER_SIGNUP_RPC, {
          p_event_id: shiftId || null,
          p_name: String(data.get('name') ?? '').trim(),
          p_email: String(data.get('email') ?? '').trim(),
          p_phone: String(data.get('phone') ?? '').trim(),
          p_website: honeypotValue(form),
          p_locale: locale,
        });
      } finally {
        load();
      }
      const shift = shifts?.find((s) => s.id === shiftId);
      form.reset();
      return shift ? `${shift.title}, ${shiftWhen(shift, locale)}` : '';
    },
    (shift) => fill(text.success, { shift }),
    (error) => failureMessage(error, { error: text.error, rateLimited }),
  );
  return (
    <form ref={formRef} method="post" id="volunteer-signup" className="card pages-request-form" onSubmit={onSubmit} aria-labelledby="volunteer-form-heading">
      <h3 id="volunteer-form-heading">{text.heading}</h3>
      <p>{text.intro}</p>
      <noscript>
        <p className="notice">{text.noScript}</p>
      </noscript>
      {shifts === null && <p className="pages-muted">{text.loading}</p>}
      {shifts !== null && shifts.length === 0 && <p>{text.none}</p>}
      {shifts !== null && shifts.length > 0 && (
        <>
          <p className="pages-muted">{text.requiredNote}</p>
          <fieldset className="field">
            <legend>
              {text.shift}
              <span className="required-mark" aria-hidden="true">
                *
              </span>
            </legend>
            {shifts.map((shift) => (
              <label key={shift.id} className="choice">
                <input type="radio" name="shift" value={shift.id} required disabled={shift.places_left === 0} />
                {shift.title}, {shiftWhen(shift, locale)}
                {shift.location ? `, ${shift.location}` : ''}
                {' - '}
                {shift.places_left === 0 ? text.full : fill(text.placesLeft, { left: shift.places_left, capacity: shift.capacity })}
              </label>
            ))}
          </fieldset>
          <Input id="volunteer-name" name="name" label={text.name} required {...columnBounds('volunteer_signups', 'name')} autoComplete="name" />
          <Input id="volunteer-email" name="email" type="email" label={text.email} required {...columnBounds('volunteer_signups', 'email')} autoComplete="email" />
          <Input id="volunteer-phone" name="phone" type="tel" label={text.phone} required {...columnBounds('volunteer_signups', 'phone')} autoComplete="tel" />
          <Honeypot id="volunteer-website" label={honeypot} />
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? text.sending : text.submit}
          </button>
        </>
      )}
      <FormStatusMessage status={status} id="volunteer-status" />
    </form>
  );
}

export default VolunteerForm;
