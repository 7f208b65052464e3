import * as React from 'react';
import { FormStatusMessage } from '../forms/FormStatusMessage';
import { Honeypot, honeypotValue } from '../forms/Honeypot';
import { RpcError } from '../forms/postRpc';
import { failureMessage } from '../forms/rpcMessage';
import { useRpcForm } from '../../hooks/useRpcForm';
import { CtaLink } from '../layout/SmartLink';
import type { FormsText } from '../../hooks/useSiteContent';
import { Field } from '../pages/contact/Field';
import { CartLines } from './CartLines';
import { formatCents } from '../../lib/price';
import '../pages/shared/pages.css';
import { DELIVERIES, type Delivery, type ShippingRates, namedAsBuilt, totals, withProductIds } from './cartLogic';
import { useCart } from '../../hooks/useCart';
import { writeCart } from './cartStore';
import type { CartText } from './cartText';
import { CartProblem, type CheckoutValues, EMPTY_CHECKOUT, type OrderResult, sendOrderRequest } from './orderRequest';
import { PaymentFields, type PaymentChoice, UnpaidOrder } from './CardPayment';
import { type PaymentOptions, paymentOptions, savePending, startCheckout } from './checkoutApi';
import { columnBounds } from '../forms/columnRules';
import { usePageLocale } from '../../hooks/usePageLocale';

interface Props {
  text: CartText;
  rates: ShippingRates;
  forms: FormsText;
  /** The shop's products as built in the page's language (ids of lines stored before lines carried them, the lines' names). */
  products: readonly { productId: string; slug: string; name: string }[];
}

function Confirmation({ result, text }: { result: OrderResult; text: CartText }) {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="card cart-confirmation" role="status" tabIndex={-1} data-order-number={result.number}>
      <h2>{text.success.heading}</h2>
      <p className="cart-number">
        {text.success.number}: <strong>{result.number}</strong>
      </p>
      <dl className="pages-facts">
        <dt>{text.summary.subtotal}</dt>
        <dd>{formatCents(result.subtotal)}</dd>
        <dt>{text.summary.shipping}</dt>
        <dd>{result.shipping ? formatCents(result.shipping) : text.summary.free}</dd>
        <dt>{text.summary.total}</dt>
        <dd>{formatCents(result.total)}</dd>
      </dl>
      <p>{text.success.text}</p>
      <CtaLink cta={{ ...text.success.again, variant: 'primary' }} />
    </div>
  );
}

/**
 * The cart page's app: the lines (localStorage, shared with other tabs), the delivery choice
 * priced by the content's rates, the visitor's details and 'Send order request'. On success the
 * cart is emptied and the request number shown; on a refusal the server's message is shown, the
 * cart takes the shop's current prices when they changed, and everything typed stays.
 */
export function CartApp({ text, rates, forms, products }: Props) {
  const lines = useCart();
  const [ready, setReady] = React.useState(false);
  const [values, setValues] = React.useState<CheckoutValues>(EMPTY_CHECKOUT);
  const [result, setResult] = React.useState<OrderResult | null>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  // Card payments: asked once; null (off, or a document without their words) is the cart as before.
  const [options, setOptions] = React.useState<PaymentOptions | null>(null);
  const [choice, setChoice] = React.useState<PaymentChoice>('later');
  const [unpaid, setUnpaid] = React.useState<{ number: string; message: string } | null>(null);
  const [leaving, setLeaving] = React.useState(false);
  const payText = text.payment ?? null;
  React.useEffect(() => {
    setReady(true);
    if (!payText) return;
    const params = new URLSearchParams(window.location.search);
    const returned = params.get('order');
    if (params.get('payment') === 'cancelled' && returned) setUnpaid({ number: returned, message: payText.cancelled });
    void paymentOptions().then((found) => {
      setOptions(found);
      if (found && !found.payLater) setChoice('card');
    });
  }, [payText]);
  const byCard = Boolean(options && payText) && (choice === 'card' || options?.payLater === false);
  const locale = usePageLocale();
  // Success shows the Confirmation (not a status line): the cart is emptied and the number kept.
  const { status, onSubmit, sending } = useRpcForm(
    async () => {
      const answer = await sendOrderRequest(withProductIds(lines, products), values, honeypotValue(formRef.current), writeCart,
        byCard ? 'card' : undefined, locale);
      writeCart([]);
      if (byCard && payText) {
        // The order is stored (unpaid); Stripe's page takes the payment and returns to /cart/paid.
        savePending({ number: answer.number, email: values.email.trim() });
        try {
          const url = await startCheckout(answer.number, values.email.trim());
          setLeaving(true);
          window.location.assign(url);
        } catch {
          setUnpaid({ number: answer.number, message: payText.startError });
        }
        return answer;
      }
      setResult(answer);
      return answer;
    },
    () => '',
    (error) => {
      if (error instanceof CartProblem) return text.unavailable;
      const message = failureMessage(error, { error: text.error, rateLimited: forms.rateLimited });
      return error instanceof RpcError && error.status === 409 ? `${message} ${text.pricesUpdated}` : message;
    },
  );

  if (result) return <Confirmation result={result} text={text} />;
  if (leaving && payText) return <p role="status" className="cart-loading">{payText.starting}</p>;
  if (!ready) return <p className="cart-loading">{text.loading}</p>;
  const unpaidOrder = unpaid && payText ? <UnpaidOrder text={payText} number={unpaid.number} message={unpaid.message} /> : null;
  if (!lines.length) {
    return (
      <>
        {unpaidOrder}
        <div className="card cart-empty">
          <p>{text.empty.text}</p>
          <CtaLink cta={{ ...text.empty.link, variant: 'primary' }} />
        </div>
      </>
    );
  }

  const sum = totals(lines, values.delivery, rates);
  const pickup = values.delivery === 'pickup';
  const bind = (key: keyof CheckoutValues, label: string) => ({
    id: `cart-${key}`,
    name: key,
    label,
    value: values[key],
    onChange: (value: string) => setValues((current) => ({ ...current, [key]: value })),
  });
  const deliveryLabel: Record<Delivery, string> = {
    standard: text.delivery.standard,
    express: text.delivery.express,
    pickup: text.delivery.pickup,
  };

  return (
    <div className="cart-layout">
      {unpaidOrder}
      <CartLines lines={namedAsBuilt(lines, products)} text={text.lines} />
      <form ref={formRef} method="post" id="order-form" className="card cart-form" onSubmit={onSubmit} aria-labelledby="order-details-heading">
        <h2 id="order-details-heading">{text.details.heading}</h2>
        <p className="pages-muted">{text.details.requiredNote}</p>
        <Field {...bind('name', text.details.name)} autoComplete="name" required inputProps={columnBounds('orders', 'customer_name')} />
        <Field {...bind('email', text.details.email)} type="email" autoComplete="email" required inputProps={columnBounds('orders', 'customer_email')} />
        <Field
          {...bind('phone', text.details.phone)}
          type="tel"
          autoComplete="tel"
          optionalLabel={text.details.optional}
          inputProps={columnBounds('orders', 'customer_phone')}
        />
        <fieldset className="field">
          <legend>{text.delivery.legend}</legend>
          {DELIVERIES.map((delivery) => (
            <label key={delivery} className="choice">
              <input
                type="radio"
                name="delivery"
                value={delivery}
                checked={values.delivery === delivery}
                onChange={() => setValues((current) => ({ ...current, delivery }))}
              />
              {deliveryLabel[delivery]}
            </label>
          ))}
          <p className="field-hint">{text.delivery.region}</p>
        </fieldset>
        {!pickup && (
          <fieldset className="field cart-address">
            <legend>{text.address.heading}</legend>
            <Field {...bind('line1', text.address.line1)} autoComplete="address-line1" required inputProps={columnBounds('orders', 'address_line1')} />
            <Field
              {...bind('line2', text.address.line2)}
              autoComplete="address-line2"
              optionalLabel={text.details.optional}
              inputProps={columnBounds('orders', 'address_line2')}
            />
            <div className="field-row">
              <Field {...bind('city', text.address.city)} autoComplete="address-level2" required inputProps={columnBounds('orders', 'city')} />
              <Field
                {...bind('state', text.address.state)}
                autoComplete="address-level1"
                required
                hint={text.address.stateHint}
                inputProps={{ ...columnBounds('orders', 'state'), pattern: '[A-Za-z]{2}', className: 'cart-state' }}
              />
              <Field
                {...bind('zip', text.address.zip)}
                autoComplete="postal-code"
                required
                inputProps={{ ...columnBounds('orders', 'zip'), pattern: '[0-9]{5}(-?[0-9]{4})?', inputMode: 'numeric' }}
              />
            </div>
          </fieldset>
        )}
        <Honeypot id="order-website" label={forms.honeypot} />
        <section className="cart-summary" aria-labelledby="cart-summary-heading">
          <h2 id="cart-summary-heading">{text.summary.heading}</h2>
          <dl className="pages-facts">
            <dt>{text.summary.subtotal}</dt>
            <dd data-cart-subtotal>{formatCents(sum.subtotal)}</dd>
            <dt>{text.summary.shipping}</dt>
            <dd data-cart-shipping>{sum.shipping ? formatCents(sum.shipping) : text.summary.free}</dd>
            <dt>{text.summary.total}</dt>
            <dd data-cart-total>{formatCents(sum.total)}</dd>
          </dl>
        </section>
        {options && payText && <PaymentFields text={payText} options={options} choice={choice} onChange={setChoice} />}
        {!(options && payText && !options.payLater) && <p className="notice">{byCard && payText ? payText.cardNote : text.noPayment}</p>}
        <button type="submit" className="btn btn-primary" disabled={sending} data-pay={byCard ? 'card' : undefined}>
          {byCard && payText ? (sending ? payText.starting : payText.submit) : sending ? text.sending : text.submit}
        </button>
        <FormStatusMessage status={status} id="order-status" />
      </form>
    </div>
  );
}

export default CartApp;
