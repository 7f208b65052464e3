/** The 'pages/cart' document (content/pages/cart.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { Cta, PageHero, PageSeo } from '../shared.ts';

const CartEmpty = z.strictObject({
  text: text,
  link: Cta,
});

const CartLines = z.strictObject({
  caption: text,
  product: text,
  price: text,
  quantity: text,
  lineTotal: text,
  remove: text,
  quantityOf: text,
  removeOf: text,
  quantityHint: text,
  unavailable: text,
});

const CartSummary = z.strictObject({
  heading: text,
  subtotal: text,
  shipping: text,
  total: text,
  free: text,
});

const CartDelivery = z.strictObject({
  legend: text,
  standard: text,
  express: text,
  pickup: text,
  region: text,
});

const CartDetails = z.strictObject({
  heading: text,
  requiredNote: text,
  name: text,
  email: text,
  phone: text,
  optional: text,
});

const CartAddress = z.strictObject({
  heading: text,
  line1: text,
  line2: text,
  city: text,
  state: text,
  stateHint: text,
  zip: text,
});

const CartSuccess = z.strictObject({
  heading: text,
  number: text,
  text: text,
  again: Cta,
});

/** Card payments (shown only while the shop's card payments are on). */
const CartPayment = z.strictObject({
  legend: text,
  card: text,
  later: text,
  cardNote: text,
  cardOnly: text,
  submit: text,
  starting: text,
  startError: text,
  cancelled: text,
  order: text,
  retry: text,
});

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

