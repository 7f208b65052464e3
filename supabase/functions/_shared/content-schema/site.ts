/** The 'site' document (content/site.yaml). */
import { z } from 'zod/v4';
import { link, text, words } from './fields.ts';
import { Cta } from './shared.ts';

const SiteBrand = z.strictObject({
  name: text,
  tagline: text.nullish(),
  logoAlt: text.nullish(),
});

const SiteContact = words('email', 'phone', 'hours', 'area');

const SiteSocial = z.strictObject({
  label: text,
  url: link,
});

const SiteMenu = words('open', 'close', 'navLabel', 'footerNavLabel', 'legalNavLabel');

/** The page a campaign's Unsubscribe link opens (site/src/pages/newsletter/unsubscribe.tsx). */
const SiteNewsletterUnsubscribe = z.strictObject({
  seoTitle: text,
  heading: text,
  text: text,
  button: text,
  sending: text,
  done: text,
  error: text,
  /** The page was opened without a token. */
  missing: text,
  noScript: text,
});

const SiteNewsletter = z.strictObject({
  heading: text,
  text: text.nullish(),
  label: text,
  placeholder: text.nullish(),
  button: text,
  sending: text,
  success: text,
  error: text,
  /** Shown when JavaScript is off: the sign-up needs it. */
  noScript: text,
  /** The home page's notice after the confirmation link (/?newsletter=confirmed or =unknown). */
  confirmed: text,
  unknown: text,
  unsubscribe: SiteNewsletterUnsubscribe,
});

/** The header's cart link: 'Cart' and the count's spoken words. */
const SiteCart = z.strictObject({
  label: text,
  countLabel: text,
});

/** Words shared by the request forms (cart, registrations, adoptions, swarm reports). */
const SiteForms = z.strictObject({
  honeypot: text,
  rateLimited: text,
});

const SiteFooter = z.strictObject({
  about: text,
  exploreHeading: text,
  contactHeading: text,
  legal: z.array(Cta),
  copyright: text,
});

const SiteNotFound = z.strictObject({
  code: text,
  heading: text,
  text: text.nullish(),
  link: Cta,
  seoTitle: text,
  seoDescription: text,
});

/**
 * The header's language switcher: its label for screen readers and each language's own name
 * (shown in that language on every page, so a visitor finds theirs).
 */
const SiteLanguage = z.strictObject({
  navLabel: text,
  names: words('en', 'es'),
});

export const schema = z.strictObject({
  brand: SiteBrand,
  skipLink: text,
  menu: SiteMenu,
  nav: z.array(Cta),
  contact: SiteContact,
  social: z.array(SiteSocial),
  newsletter: SiteNewsletter,
  cart: SiteCart,
  forms: SiteForms,
  footer: SiteFooter,
  notFound: SiteNotFound,
  language: SiteLanguage,
});
