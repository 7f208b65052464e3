/** The 'pages/contact' document (content/pages/contact.yaml). */
import { z } from 'zod/v4';
import { text, words } from '../fields.ts';
import { PageFaq, PageHero, PageSeo } from '../shared.ts';

const ContactFields = words('name', 'email', 'phone', 'subject', 'message', 'hearAbout');

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

const ContactWorkshopRequest = words(
  'heading', 'intro', 'workshop', 'event', 'eventPlaceholder', 'placesLeft', 'full', 'noEvents',
  'loadError', 'places', 'placesHint', 'ages', 'agesHint', 'submit', 'waitlistOffer', 'waitlist',
  'confirmed', 'waitlisted', 'spotsLeft',
);

const ContactAdoptRequest = words(
  'heading', 'intro', 'tier', 'perMonth', 'plan', 'monthly', 'gift', 'giftTotal',
  'recipientName', 'recipientEmail', 'message', 'submit', 'success',
);

// Card payments' words, shown only while payments are on; absent: the forms as before.
const ContactRequestPayment = words(
  'workshopNote', 'adoptNote', 'workshopSubmit', 'adoptSubmit', 'adoptChoice', 'adoptLater',
  'adoptCard', 'starting', 'startError', 'checking', 'placePaid', 'placeWaiting', 'placeExpired',
  'cancelled', 'adoptPaid', 'adoptGiftPaid', 'adoptWaiting', 'manage',
);

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

const ContactDetails = words(
  'heading', 'emailLabel', 'phoneLabel', 'hoursLabel', 'areaLabel', 'swarmLabel', 'address',
  'addressLabel', 'socialHeading',
);

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
