import * as React from 'react';
import { FormStatusMessage } from '../../../forms/FormStatusMessage';
import { Honeypot, honeypotValue } from '../../../forms/Honeypot';
import { RpcError, postRpc } from '../../../forms/postRpc';
import { failureMessage } from '../../../forms/rpcMessage';
import type { FormStatus } from '../../../../hooks/useRpcForm';
import type { FormsText } from '../../../../hooks/useSiteContent';
import type { WorkshopOffering } from '../../../../build/catalog';
import { Field, SelectField } from '../Field';
import { type RequestsText, fill } from './requestText';
import { type WorkshopEvent, eventsOfOffering, parseAges, placesFit } from './workshopEvents';
import { cardCheckoutUrl, cardPaymentsOn } from './cardCheckout';
import { columnBounds } from '../../../forms/columnRules';
import { usePageLocale } from '../../../../hooks/usePageLocale';
import { SITE_WORDS } from '../../../../lib/siteWords';

export const AVAILABILITY_RPC = 'get_buzz_haven_workshop_availability';
export const REGISTER_RPC = 'register_buzz_haven_workshop';

interface Registration {
  id: string;
  /** held: card payments are on and the place waits for its payment (as long as buzz_haven.workshop_hold_minutes says). */
  status: 'confirmed' | 'waitlisted' | 'held';
  position: number | null;
  spots_left: number | null;
}

interface Props {
  offering: WorkshopOffering;
  text: RequestsText;
  forms: FormsText;
}

/**
 * Registration for one workshop offering: a date among its upcoming public events (live places
 * from the database), name, e-mail, places and, for the children's workshop, the children's ages.
 * When the places do not fit, the visitor is offered the waitlist.
 */
export function WorkshopRegistration({ offering, text, forms }: Props) {
  const t = text.workshop;
  const [events, setEvents] = React.useState<WorkshopEvent[] | null>(null);
  const [loadFailed, setLoadFailed] = React.useState(false);
  const [values, setValues] = React.useState({ event: '', name: '', email: '', places: '1', ages: '' });
  const [status, setStatus] = React.useState<FormStatus>({ state: 'idle' });
  const [offerWaitlist, setOfferWaitlist] = React.useState(false);
  const inFlight = React.useRef(false);
  const formRef = React.useRef<HTMLFormElement>(null);
  const withAges = Boolean(offering.ages);
  const locale = usePageLocale();
  // Card payments: asked once; off (or no words for them) is registration as before.
  const [byCard, setByCard] = React.useState(false);
  const pay = byCard && offering.price > 0 ? text.payment ?? null : null; // a free offering registers as before
  React.useEffect(() => {
    if (text.payment) void cardPaymentsOn().then(setByCard);
  }, [text.payment]);

  const loadEvents = React.useCallback(async () => {
    const all = await postRpc<WorkshopEvent[]>(AVAILABILITY_RPC, {});
    const mine = eventsOfOffering(all, offering);
    setEvents(mine);
    return mine;
  }, [offering]);

  React.useEffect(() => {
    loadEvents().then(
      (mine) => setValues((current) => (current.event || mine.length !== 1 ? current : { ...current, event: mine[0].id })),
      () => setLoadFailed(true),
    );
  }, [loadEvents]);

  const dateFormat = React.useMemo(
    () => new Intl.DateTimeFormat(SITE_WORDS[locale].dateLocale, {
      weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: text.timeZone,
    }),
    [text.timeZone, locale],
  );
  const eventLabel = (event: WorkshopEvent) => {
    const when = dateFormat.format(new Date(event.start_time));
    const left = event.spots_left === null ? '' : event.spots_left > 0 ? ` (${event.spots_left} ${t.placesLeft})` : ` (${t.full})`;
    return `${when}${left}`;
  };

  const set = (key: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'event' || key === 'places') setOfferWaitlist(false);
  };

  const send = async (joinWaitlist: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus({ state: 'sending' });
    const places = Number(values.places);
    try {
      const result = await postRpc<Registration>(REGISTER_RPC, {
        p_event_id: values.event,
        p_name: values.name.trim(),
        p_email: values.email.trim(),
        p_places: places,
        p_child_ages: withAges ? parseAges(values.ages).map((age) => (Number.isNaN(age) ? -1 : age)) : null,
        p_join_waitlist: joinWaitlist,
        p_website: honeypotValue(formRef.current),
        p_locale: locale,
        ...(pay && { p_pay: true }),
      });
      setOfferWaitlist(false);
      if (result.status === 'held' && pay) {
        // The place is held; Stripe's page takes the payment and returns to /contact?workshop=paid.
        try {
          window.location.assign(await cardCheckoutUrl({ kind: 'registration', registration_id: result.id, email: values.email.trim() }));
        } catch {
          setStatus({ state: 'error', message: pay.startError });
        }
        return;
      }
      const message = result.status === 'waitlisted'
        ? fill(t.waitlisted, { position: result.position ?? '' })
        : `${t.confirmed}${result.spots_left === null ? '' : ` ${fill(t.spotsLeft, { count: result.spots_left })}`}`;
      setStatus({ state: 'success', message });
      loadEvents().catch(() => undefined);
    } catch (error) {
      let full = false;
      if (error instanceof RpcError && error.status === 409) {
        const fresh = await loadEvents().catch(() => null);
        const event = fresh?.find((e) => e.id === values.event);
        full = Boolean(event && !placesFit(event, places));
      }
      setOfferWaitlist(full);
      setStatus({
        state: 'error',
        message: full
          ? `${failureMessage(error, { error: text.error, rateLimited: forms.rateLimited })} ${t.waitlistOffer}`
          : failureMessage(error, { error: text.error, rateLimited: forms.rateLimited }),
      });
    } finally {
      inFlight.current = false;
    }
  };

  const sending = status.state === 'sending';
  return (
    <form
      ref={formRef}
      method="post"
      id="workshop-registration"
      className="card pages-request-form"
      aria-labelledby="workshop-registration-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void send(false);
      }}
    >
      <h2 id="workshop-registration-heading">
        {t.heading}: {offering.title}
      </h2>
      <p>{t.intro}</p>
      <p className="pages-muted">{text.requiredNote}</p>
      {loadFailed && <p className="form-status form-status-error">{t.loadError}</p>}
      {!loadFailed && events === null && <p>{text.loading}</p>}
      {events !== null && events.length === 0 && <p className="notice">{t.noEvents}</p>}
      {events !== null && events.length > 0 && (
        <>
          <SelectField
            id="workshop-event"
            name="event"
            label={t.event}
            value={values.event}
            onChange={set('event')}
            required
            placeholder={t.eventPlaceholder}
            options={events.map((event) => ({ value: event.id, label: eventLabel(event) }))}
          />
          <Field id="workshop-name" name="name" label={text.name} value={values.name} onChange={set('name')} autoComplete="name" required inputProps={columnBounds('event_registrations', 'name')} />
          <Field id="workshop-email" name="email" type="email" label={text.email} value={values.email} onChange={set('email')} autoComplete="email" required />
          <Field
            id="workshop-places"
            name="places"
            type="number"
            label={t.places}
            value={values.places}
            onChange={set('places')}
            required
            hint={t.placesHint}
            inputProps={{ ...columnBounds('event_registrations', 'places'), step: 1, inputMode: 'numeric' }}
          />
          {withAges && (
            <Field id="workshop-ages" name="ages" label={t.ages} value={values.ages} onChange={set('ages')} required hint={t.agesHint} />
          )}
          <Honeypot id="workshop-website" label={forms.honeypot} />
          <p className="pages-muted">{pay ? pay.workshopNote : text.noPayment}</p>
          <div className="btn-row">
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {sending ? (pay ? pay.starting : text.sending) : pay ? pay.workshopSubmit : t.submit}
            </button>
            {offerWaitlist && (
              <button type="button" className="btn btn-secondary" disabled={sending} onClick={() => void send(true)}>
                {t.waitlist}
              </button>
            )}
          </div>
          <FormStatusMessage status={status} id="workshop-registration-status" />
        </>
      )}
    </form>
  );
}
