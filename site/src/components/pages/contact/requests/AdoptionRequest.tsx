import * as React from 'react';
import { formatCents } from '../../../../lib/price';
import { FormStatusMessage } from '../../../forms/FormStatusMessage';
import { Honeypot, honeypotValue } from '../../../forms/Honeypot';
import { postRpc } from '../../../forms/postRpc';
import { failureMessage } from '../../../forms/rpcMessage';
import { useRpcForm } from '../../../../hooks/useRpcForm';
import type { FormsText } from '../../../../hooks/useSiteContent';
import type { AdoptTier } from '../../../../build/catalog';
import { Field, SelectField } from '../Field';
import { type RequestsText, fill } from './requestText';
import { cardCheckoutUrl, cardPaymentsOn } from './cardCheckout';
import { columnBounds } from '../../../forms/columnRules';
import { usePageLocale } from '../../../../hooks/usePageLocale';

export const ADOPTION_RPC = 'submit_buzz_haven_adoption_request';

interface Props {
  tiers: AdoptTier[];
  giftMonths: number[];
  initialTier: string;
  text: RequestsText;
  forms: FormsText;
}

const EMPTY = { name: '', email: '', recipientName: '', recipientEmail: '', message: '' };

/** Adopt-a-Hive request: tier, monthly or a gift of 3, 6 or 12 months (with its recipient). */
export function AdoptionRequest({ tiers, giftMonths, initialTier, text, forms }: Props) {
  const t = text.adopt;
  const [tier, setTier] = React.useState(initialTier);
  const [plan, setPlan] = React.useState('monthly');
  const [values, setValues] = React.useState(EMPTY);
  const formRef = React.useRef<HTMLFormElement>(null);
  const chosen = tiers.find((item) => item.id === tier);
  const months = plan === 'monthly' ? null : Number(plan.slice('gift-'.length));
  const gift = months !== null;
  const locale = usePageLocale();
  // Card payments: asked once; off (or no words for them) is the request as before.
  // Sending the request as before stays the first choice; paying now by card is the other.
  const [byCard, setByCard] = React.useState(false);
  const [choice, setChoice] = React.useState<'later' | 'card'>('later');
  const payText = byCard ? text.payment ?? null : null;
  const pay = payText && choice === 'card' ? payText : null;
  React.useEffect(() => {
    if (text.payment) void cardPaymentsOn().then(setByCard);
  }, [text.payment]);

  const { status, onSubmit, sending } = useRpcForm(
    async () => {
      const sent = await postRpc<{ id: string }>(ADOPTION_RPC, {
        p_tier: tier,
        p_plan: plan,
        p_name: values.name.trim(),
        p_email: values.email.trim(),
        p_recipient_name: gift ? values.recipientName.trim() : null,
        p_recipient_email: gift && values.recipientEmail.trim() ? values.recipientEmail.trim() : null,
        p_message: values.message.trim() ? values.message.trim() : null,
        p_website: honeypotValue(formRef.current),
        p_locale: locale,
      });
      if (pay) {
        // Stripe's page takes the payment (a subscription, or the gift at once) and returns to /contact?adopt=paid.
        try {
          window.location.assign(await cardCheckoutUrl({ kind: 'adoption', adoption_id: sent.id, email: values.email.trim() }));
        } catch {
          return { name: chosen?.name ?? tier, message: pay.startError };
        }
        return { name: chosen?.name ?? tier, message: pay.starting };
      }
      return { name: chosen?.name ?? tier, message: null };
    },
    ({ name, message }) => message ?? fill(t.success, { tier: name }),
    (error) => failureMessage(error, { error: text.error, rateLimited: forms.rateLimited }),
  );
  const bind = (key: keyof typeof EMPTY, label: string) => ({
    id: `adopt-${key}`,
    name: key,
    label,
    value: values[key],
    onChange: (value: string) => setValues((current) => ({ ...current, [key]: value })),
  });

  return (
    <form ref={formRef} method="post" id="adoption-request" className="card pages-request-form" onSubmit={onSubmit} aria-labelledby="adoption-request-heading">
      <h2 id="adoption-request-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      <p className="pages-muted">{text.requiredNote}</p>
      <SelectField
        id="adopt-tier"
        name="tier"
        label={t.tier}
        value={tier}
        onChange={setTier}
        required
        placeholder={t.tier}
        options={tiers.map((item) => ({ value: item.id, label: `${item.name} - ${formatCents(item.price)} ${t.perMonth}` }))}
      />
      <fieldset className="field">
        <legend>{t.plan}</legend>
        {['monthly', ...giftMonths.map((count) => `gift-${count}`)].map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="plan" value={value} checked={plan === value} onChange={() => setPlan(value)} />
            {value === 'monthly' ? t.monthly : fill(t.gift, { months: value.slice('gift-'.length) })}
          </label>
        ))}
        {gift && chosen && (
          <p className="field-hint" data-gift-total>
            {fill(t.giftTotal, { months, price: formatCents(chosen.price), total: formatCents(chosen.price * months) })}
          </p>
        )}
      </fieldset>
      <Field {...bind('name', text.name)} autoComplete="name" required inputProps={columnBounds('adoption_requests', 'name')} />
      <Field {...bind('email', text.email)} type="email" autoComplete="email" required />
      {gift && (
        <>
          <Field {...bind('recipientName', t.recipientName)} required inputProps={columnBounds('adoption_requests', 'recipient_name')} />
          <Field {...bind('recipientEmail', t.recipientEmail)} type="email" optionalLabel={text.optional} />
          <Field {...bind('message', t.message)} multiline optionalLabel={text.optional} />
        </>
      )}
      {payText && (
        <fieldset className="field" data-adopt-payment>
          <legend>{payText.adoptChoice}</legend>
          <label className="choice">
            <input type="radio" name="adopt-payment" value="later" checked={choice === 'later'} onChange={() => setChoice('later')} />
            {payText.adoptLater}
          </label>
          <label className="choice">
            <input type="radio" name="adopt-payment" value="card" checked={choice === 'card'} onChange={() => setChoice('card')} />
            {payText.adoptCard}
          </label>
        </fieldset>
      )}
      <Honeypot id="adopt-website" label={forms.honeypot} />
      <p className="pages-muted">{pay ? pay.adoptNote : text.noPayment}</p>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? (pay ? pay.starting : text.sending) : pay ? pay.adoptSubmit : t.submit}
      </button>
      <FormStatusMessage status={status} id="adoption-request-status" />
    </form>
  );
}
