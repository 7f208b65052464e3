/** The words of content/pages/cart.yaml (schema/pages-cart.graphql). */
import type { Cta } from '../../hooks/useSiteContent';

export interface CartText {
  noScript: string;
  loading: string;
  empty: { text: string; link: Cta };
  lines: {
    caption: string;
    product: string;
    price: string;
    quantity: string;
    lineTotal: string;
    remove: string;
    quantityOf: string;
    removeOf: string;
    quantityHint: string;
    unavailable: string;
  };
  summary: { heading: string; subtotal: string; shipping: string; total: string; free: string };
  delivery: { legend: string; standard: string; express: string; pickup: string; region: string };
  details: { heading: string; requiredNote: string; name: string; email: string; phone: string; optional: string };
  address: { heading: string; line1: string; line2: string; city: string; state: string; stateHint: string; zip: string };
  noPayment: string;
  submit: string;
  sending: string;
  error: string;
  pricesUpdated: string;
  unavailable: string;
  success: { heading: string; number: string; text: string; again: Cta };
  /** Card payments (content/pages/cart.yaml `payment`); absent in a document older than them. */
  payment?: CartPaymentText | null;
  paid?: CartPaidText | null;
}

export interface CartPaymentText {
  legend: string;
  card: string;
  later: string;
  cardNote: string;
  cardOnly: string;
  submit: string;
  starting: string;
  startError: string;
  cancelled: string;
  order: string;
  retry: string;
}

export interface CartPaidText {
  seoTitle: string;
  heading: string;
  number: string;
  total: string;
  checking: string;
  paid: string;
  awaiting: string;
  unpaid: string;
  refunded: string;
  notFound: string;
  again: Cta;
}
