/** The words of content/pages/contact.yaml `requests` (schema/pages-contact.graphql). */
export interface WorkshopRequestText {
  heading: string;
  intro: string;
  workshop: string;
  event: string;
  eventPlaceholder: string;
  placesLeft: string;
  full: string;
  noEvents: string;
  loadError: string;
  places: string;
  placesHint: string;
  ages: string;
  agesHint: string;
  submit: string;
  waitlistOffer: string;
  waitlist: string;
  confirmed: string;
  waitlisted: string;
  spotsLeft: string;
}

export interface AdoptRequestText {
  heading: string;
  intro: string;
  tier: string;
  perMonth: string;
  plan: string;
  monthly: string;
  gift: string;
  giftTotal: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  submit: string;
  success: string;
}

/** Card payments' words; null: payments' words absent, the forms as before. */
export interface PaymentRequestText {
  workshopNote: string;
  adoptNote: string;
  workshopSubmit: string;
  adoptSubmit: string;
  adoptChoice: string;
  adoptLater: string;
  adoptCard: string;
  starting: string;
  startError: string;
  checking: string;
  placePaid: string;
  placeWaiting: string;
  placeExpired: string;
  cancelled: string;
  adoptPaid: string;
  adoptGiftPaid: string;
  adoptWaiting: string;
  manage: string;
}

export interface RequestsText {
  timeZone: string;
  loading: string;
  name: string;
  email: string;
  optional: string;
  requiredNote: string;
  sending: string;
  error: string;
  noPayment: string;
  workshop: WorkshopRequestText;
  adopt: AdoptRequestText;
  payment?: PaymentRequestText | null;
}

/** Replaces {name} markers of a content sentence. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
