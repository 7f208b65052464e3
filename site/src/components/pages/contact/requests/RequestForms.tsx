import * as React from 'react';
import type { FormsText } from '../../../../hooks/useSiteContent';
import type { AdoptTier, WorkshopOffering } from '../../../../build/catalog';
import { AdoptionRequest } from './AdoptionRequest';
import { PaidReturn } from './PaidReturn';
import type { RequestsText } from './requestText';
import { WorkshopRegistration } from './WorkshopRegistration';

export interface RequestFormsProps {
  text: RequestsText;
  forms: FormsText;
  offerings: WorkshopOffering[];
  tiers: AdoptTier[];
  giftMonths: number[];
  /** The page's location.search (changes on a client-side navigation between choices). */
  search: string;
}

/**
 * The form a Register or Subscribe link asked for (/contact?workshop=<offering id> or
 * ?adopt=<tier id>), above the general message form. The query string is read after hydration
 * (the server renders nothing here), and again on a client-side navigation to another choice.
 */
export function RequestForms({ text, forms, offerings, tiers, giftMonths, search }: RequestFormsProps) {
  const [current, setCurrent] = React.useState('');
  React.useEffect(() => setCurrent(window.location.search), [search]);
  const params = new URLSearchParams(current);
  const offering = offerings.find((item) => item.id === params.get('workshop'));
  const tier = tiers.find((item) => item.id === params.get('adopt'));
  // Back from Stripe's Checkout: ?workshop=paid&registration=... or ?adopt=paid&adoption=...;
  // the adoption_paid e-mail's manage link: ?adopt=manage&token=...
  if ((params.get('workshop') === 'paid' || params.get('adopt') === 'paid' || params.get('adopt') === 'manage') && text.payment) {
    return <PaidReturn text={text.payment} timeZone={text.timeZone} search={current} />;
  }
  if (offering) return <WorkshopRegistration key={offering.id} offering={offering} text={text} forms={forms} />;
  if (tier) {
    return <AdoptionRequest key={tier.id} tiers={tiers} giftMonths={giftMonths} initialTier={tier.id} text={text} forms={forms} />;
  }
  return null;
}

export default RequestForms;
