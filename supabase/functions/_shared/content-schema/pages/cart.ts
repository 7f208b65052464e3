/** The 'pages/cart' document (content/pages/cart.yaml). */
import { z } from 'zod/v4';
import { text, words } from '../fields.ts';
import { Cta, PageHero, PageSeo } from '../shared.ts';

const CartEmpty = z.strictObject({
  text: text,
  link: Cta,
});

const CartLines = words(
  'caption', 'product', 'price', 'quantity', 'lineTotal', 'remove', 'quantityOf', 'removeOf',
  'quantityHint', 'unavailable',
);

const CartSummary = words('heading', 'subtotal', 'shipping', 'total', 'free');

const CartDelivery = words('legend', 'standard', 'express', 'pickup', 'region');

const CartDetails = words('heading', 'requiredNote', 'name', 'email', 'phone', 'optional');

const CartAddress = words('heading', 'line1', 'line2', 'city', 'state', 'stateHint', 'zip');

const CartSuccess = z.strictObject({
  heading: text,
  number: text,
  text: text,
  again: Cta,
});

/** Card payments (shown only while the shop's card payments are on). */
const CartPayment = words(
  'legend', 'card', 'later', 'cardNote', 'cardOnly', 'submit', 'starting', 'startError',
  'cancelled', 'order', 'retry',
);

/** /cart/paid: the page Stripe's checkout returns to. */
const CartPaid = z.strictObject({
  seoTitle: text,
  heading: text,
  number: text,
  total: text,
  checking: text,
  paid: text,
  awaiting: text,
  unpaid: text,
  refunded: text,
  notFound: text,
  again: Cta,
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  noScript: text,
  loading: text,
  empty: CartEmpty,
  lines: CartLines,
  summary: CartSummary,
  delivery: CartDelivery,
  details: CartDetails,
  address: CartAddress,
  noPayment: text,
  submit: text,
  sending: text,
  error: text,
  pricesUpdated: text,
  unavailable: text,
  success: CartSuccess,
  payment: CartPayment.nullish(),
  paid: CartPaid.nullish(),
});

