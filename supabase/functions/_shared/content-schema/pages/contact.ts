/** The 'pages/contact' document (content/pages/contact.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageFaq, PageHero, PageSeo } from '../shared.ts';

const ContactFields = z.strictObject({
  name: text,
  email: text,
  phone: text,
  subject: text,
  message: text,
  hearAbout: text,
});

const ContactForm = z.strictObject({
  heading: text,
  requiredNote: text,
  fields: ContactFields,
  optional: text,
  subjectPlaceholder: text,
  hearAboutPlaceholder: text,
  subjects: z.array(text),
  hearAbout: z.array(text),
  submit: text,
  noScript: text,
  sending: text,
  success: text,
  error: text,
  serverError: text,
});

const ContactWorkshopRequest = z.strictObject({
  heading: text,
  intro: text,
  workshop: text,
  event: text,
  eventPlaceholder: text,
  placesLeft: text,
  full: text,
  noEvents: text,
  loadError: text,
  places: text,
  placesHint: text,
  ages: text,
  agesHint: text,
  submit: text,
  waitlistOffer: text,
  waitlist: text,
  confirmed: text,
  waitlisted: text,
  spotsLeft: text,
});

const ContactAdoptRequest = z.strictObject({
  heading: text,
  intro: text,
  tier: text,
  perMonth: text,
  plan: text,
  monthly: text,
  gift: text,
  giftTotal: text,
  recipientName: text,
  recipientEmail: text,
  message: text,
  submit: text,
  success: text,
});

// Card payments' words (issue 25), shown only while payments are on; absent: the forms as before.
const ContactRequestPayment = z.strictObject({
  workshopNote: text,
  adoptNote: text,
  workshopSubmit: text,
  adoptSubmit: text,
  adoptChoice: text,
  adoptLater: text,
  adoptCard: text,
  starting: text,
  startError: text,
  checking: text,
  placePaid: text,
  placeWaiting: text,
  placeExpired: text,
  cancelled: text,
  adoptPaid: text,
  adoptGiftPaid: text,
  adoptWaiting: text,
  manage: text,
});

const ContactRequests = z.strictObject({
  timeZone: text,
  loading: text,
  name: text,
  email: text,
  optional: text,
  requiredNote: text,
  sending: text,
  error: text,
  noPayment: text,
  workshop: ContactWorkshopRequest,
  adopt: ContactAdoptRequest,
  payment: ContactRequestPayment.nullish(),
});

const ContactDetails = z.strictObject({
  heading: text,
  emailLabel: text,
  phoneLabel: text,
  hoursLabel: text,
  areaLabel: text,
  swarmLabel: text,
  address: text,
  addressLabel: text,
  socialHeading: text,
});

const ContactMap = z.strictObject({
  heading: text,
  text: text,
  label: text,
  directionsNote: text.nullish(),
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  form: ContactForm,
  requests: ContactRequests,
  details: ContactDetails,
  map: ContactMap,
  faq: PageFaq,
  newsletterHeading: text,
});
