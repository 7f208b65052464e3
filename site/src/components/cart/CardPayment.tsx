import * as React from 'react';
import type { CartPaymentText } from './cartText';
import { type PaymentOptions, readPending, startCheckout } from './checkoutApi';

export type PaymentChoice = 'later' | 'card';

/**
 * The cart's payment choice while card payments are on: pay at pickup / invoice (first, as
 * before card payments) or Pay now by card; with pay at pickup switched off, card only (a note).
 */
export function PaymentFields({ text, options, choice, onChange }: {
  text: CartPaymentText;
  options: PaymentOptions;
  choice: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
}) {
  if (!options.payLater) return <p className="notice" data-payment-note>{text.cardOnly}</p>;
  return (
    <fieldset className="field">
      <legend>{text.legend}</legend>
      {(['later', 'card'] as const).map((value) => (
        <label key={value} className="choice">
          <input type="radio" name="payment" value={value} checked={choice === value} onChange={() => onChange(value)} />
          {value === 'card' ? text.card : text.later}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * An order sent for card payment but not paid: Stripe's page was left (cancel_url brings the
 * visitor back with ?order=…&payment=cancelled) or could not be opened. Pay now starts Checkout
 * again for the same order (the server hands back a session still open), when this browser
 * sent it (it keeps the order's number and e-mail).
 */
export function UnpaidOrder({ text, number, message }: { text: CartPaymentText; number: string; message: string }) {
  const pending = React.useMemo(() => readPending(number), [number]);
  const [state, setState] = React.useState<'idle' | 'starting' | 'error'>('idle');
  const retry = async () => {
    if (!pending) return;
    setState('starting');
    try {
      window.location.assign(await startCheckout(pending.number, pending.email));
    } catch {
      setState('error');
    }
  };
  return (
    <div className="card cart-unpaid" role="status" data-unpaid-order={number}>
      <p>{state === 'error' ? text.startError : message}</p>
      <p className="cart-number">
        {text.order}: <strong>{number}</strong>
      </p>
      {pending && (
        <button type="button" className="btn btn-primary" onClick={() => void retry()} disabled={state === 'starting'}>
          {state === 'starting' ? text.starting : text.retry}
        </button>
      )}
    </div>
  );
}
