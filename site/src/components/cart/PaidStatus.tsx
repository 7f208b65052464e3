import * as React from 'react';
import { CtaLink } from '../layout/SmartLink';
import { formatCents } from '../../lib/price';
import type { CartPaidText } from './cartText';
import { type OrderPayment, clearPending, orderPayment } from './checkoutApi';

/** How long the page keeps asking while Stripe's webhook is on its way (every POLL_MS). */
export const POLL_MS = 1500;
export const POLL_FOR_MS = 30_000;

type View = { state: 'checking' } | { state: 'notFound' } | { state: 'found'; order: OrderPayment };

/**
 * /cart/paid?order=BH-…&session_id=cs_…: Checkout's success URL. Shows the order's payment as the
 * server knows it (get_buzz_haven_order_payment, only for the holder of the session id): 'paid'
 * once the signed webhook has arrived; until then it asks again every 1.5 s for 30 s.
 */
export function PaidStatus({ text }: { text: CartPaidText }) {
  const [view, setView] = React.useState<View>({ state: 'checking' });
  React.useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const number = params.get('order') ?? '';
    const session = params.get('session_id') ?? '';
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      try {
        const order = await orderPayment(number, session);
        if (stopped) return;
        setView({ state: 'found', order });
        if (order.payment_state === 'paid') clearPending();
        if (order.payment_state === 'awaiting_payment' && Date.now() - started < POLL_FOR_MS) timer = setTimeout(() => void ask(), POLL_MS);
      } catch {
        if (!stopped) setView({ state: 'notFound' });
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  if (view.state === 'checking') return <p role="status">{text.checking}</p>;
  if (view.state === 'notFound') return <p role="alert" className="notice">{text.notFound}</p>;
  const { order } = view;
  const message = order.payment_state === 'paid' ? text.paid
    : order.payment_state === 'awaiting_payment' ? text.awaiting
    : order.payment_state === 'refunded' || order.payment_state === 'partially_refunded' ? text.refunded
    : text.unpaid;
  return (
    <div className="card cart-confirmation" role="status" data-payment-state={order.payment_state}>
      <p>{message}</p>
      <dl className="pages-facts">
        <dt>{text.number}</dt>
        <dd>
          <strong>{order.number}</strong>
        </dd>
        <dt>{text.total}</dt>
        <dd>{formatCents(order.total)}</dd>
      </dl>
      <CtaLink cta={{ ...text.again, variant: 'primary' }} />
    </div>
  );
}
