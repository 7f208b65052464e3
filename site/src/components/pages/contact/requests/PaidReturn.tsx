import * as React from 'react';
import { postRpc } from '../../../forms/postRpc';
import { ADOPTION_PAYMENT_RPC, REGISTRATION_PAYMENT_RPC, cardCheckoutUrl } from './cardCheckout';
import { type PaymentRequestText, fill } from './requestText';
import { usePageLocale } from '../../../../hooks/usePageLocale';
import { SITE_WORDS } from '../../../../lib/siteWords';

interface Props {
  text: PaymentRequestText;
  timeZone: string;
  /**
   * The page's query string: ?workshop=paid&registration=<id>&session_id=<cs_...> or ?adopt=paid&adoption=<id>&session_id=...,
   * or the manage link of the adoption_paid e-mail: ?adopt=manage&token=<manage token>.
   */
  search: string;
}

interface PlacePayment { status: string; event_title: string }
interface AdoptionPayment { state: string; mode: string | null; paid_until: string | null; manage_token: string | null }

const ATTEMPTS = 20;

/**
 * Where Stripe's Checkout sends the registrant or adopter back. The webhook may arrive a moment
 * after the browser, so the state is asked again every second for a while. Cancelled on Stripe's
 * page: nothing was charged. A paid subscription shows the link to the customer portal.
 */
export function PaidReturn({ text, timeZone, search }: Props) {
  const locale = usePageLocale();
  const params = new URLSearchParams(search);
  const registration = params.get('registration');
  const adoption = params.get('adoption');
  const session = params.get('session_id');
  // The e-mailed manage link: only the button (a click opens the portal; a mail scanner's visit opens nothing).
  const token = params.get('adopt') === 'manage' && /^[0-9a-f]{64}$/.test(params.get('token') ?? '') ? params.get('token') : null;
  const [message, setMessage] = React.useState(params.get('payment') === 'cancelled' ? text.cancelled : params.get('adopt') === 'manage' ? '' : text.checking);
  const [manage, setManage] = React.useState<string | null>(token);
  const [opening, setOpening] = React.useState(false);

  React.useEffect(() => {
    if (!session || (!registration && !adoption)) return undefined;
    let stopped = false;
    const ask = async (attempt: number): Promise<void> => {
      try {
        if (registration) {
          const place = await postRpc<PlacePayment>(REGISTRATION_PAYMENT_RPC, { p_registration_id: registration, p_session_id: session });
          if (stopped) return;
          if (place.status === 'confirmed' || place.status === 'attended') return setMessage(fill(text.placePaid, { title: place.event_title }));
          if (place.status === 'expired' || place.status === 'cancelled') return setMessage(text.placeExpired);
          setMessage(text.placeWaiting);
        } else {
          const paid = await postRpc<AdoptionPayment>(ADOPTION_PAYMENT_RPC, { p_adoption_id: adoption, p_session_id: session });
          if (stopped) return;
          if (paid.state === 'active' || paid.state === 'past_due') {
            setManage(paid.manage_token);
            return setMessage(paid.mode === 'payment' && paid.paid_until
              ? fill(text.adoptGiftPaid, { date: new Intl.DateTimeFormat(SITE_WORDS[locale].dateLocale, { dateStyle: 'long', timeZone }).format(new Date(paid.paid_until)) })
              : text.adoptPaid);
          }
          setMessage(text.adoptWaiting);
        }
      } catch {
        if (stopped) return;
      }
      if (attempt < ATTEMPTS) setTimeout(() => void ask(attempt + 1), 1000);
    };
    void ask(1);
    return () => {
      stopped = true;
    };
  }, [registration, adoption, session, text, timeZone, locale]);

  const openPortal = async () => {
    if (!manage || opening) return;
    setOpening(true);
    try {
      window.location.assign(await cardCheckoutUrl({ kind: 'portal', token: manage }));
    } catch {
      setOpening(false);
      setMessage(text.startError);
    }
  };

  return (
    <section className="card pages-request-form" id="payment-return" aria-live="polite">
      <p className="form-status" data-payment-status>{message}</p>
      {manage && (
        <button type="button" className="btn btn-secondary" onClick={() => void openPortal()} disabled={opening}>
          {opening ? text.starting : text.manage}
        </button>
      )}
    </section>
  );
}
