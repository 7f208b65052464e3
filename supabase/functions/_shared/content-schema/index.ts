/**
 * The document schemas of the public site's content: one zod schema per document (a page, the
 * site-wide texts, or a catalogue group), used by the admin's forms, the site build and the
 * publish-content Edge Function alike. A document's key is its path under content/ without
 * '.yaml' ('pages/about' is content/pages/about.yaml, its starting content).
 */
import type { z } from 'zod/v4';
import { withFallback } from './locales.ts';
import { schema as home } from './home.ts';
import { schema as site } from './site.ts';
import { schema as messages } from './messages.ts';
import { schema as pagesAbout } from './pages/about.ts';
import { schema as pagesArt } from './pages/art.ts';
import { schema as pagesArtLicence } from './pages/art-licence.ts';
import { schema as pagesCart } from './pages/cart.ts';
import { schema as pagesAdoptHive } from './pages/adopt-hive.ts';
import { schema as pagesContact } from './pages/contact.ts';
import { schema as pagesFaq } from './pages/faq.ts';
import { schema as pagesHoney } from './pages/honey.ts';
import { schema as pagesHostHive } from './pages/host-hive.ts';
import { schema as pagesHives } from './pages/hives.ts';
import { schema as pagesImpact } from './pages/impact.ts';
import { schema as pagesMyHive } from './pages/my-hive.ts';
import { schema as pagesPrivacy } from './pages/privacy.ts';
import { schema as pagesServices } from './pages/services.ts';
import { schema as pagesShipping } from './pages/shipping.ts';
import { schema as pagesShop } from './pages/shop.ts';
import { schema as pagesSwarmManagement } from './pages/swarm-management.ts';
import { schema as pagesTerms } from './pages/terms.ts';
import { schema as pagesWorkshops } from './pages/workshops.ts';
import { schema as catalogAdoptTiers } from './catalog/adopt-tiers.ts';
import { schema as catalogHosting } from './catalog/hosting.ts';
import { schema as catalogImpactStats } from './catalog/impact-stats.ts';
import { schema as catalogPolicies } from './catalog/policies.ts';
import { schema as catalogShippingRates } from './catalog/shipping-rates.ts';
import { schema as catalogSwarm } from './catalog/swarm.ts';
import { schema as catalogWorkshopOfferings } from './catalog/workshop-offerings.ts';

export interface DocumentSchema {
  /** Shown in the admin's Content list. */
  title: string;
  schema: z.ZodType;
}

export const documentSchemas = {
  'home': { title: 'Home page', schema: home },
  'site': { title: 'Site: header, footer, contact details, newsletter', schema: site },
  'messages': { title: 'E-mails: confirmations to customers and staff alerts', schema: messages },
  'pages/about': { title: 'About', schema: pagesAbout },
  'pages/art': { title: 'Hive-wrap art collective', schema: pagesArt },
  'pages/art-licence': { title: 'Art collective licence terms', schema: pagesArtLicence },
  'pages/adopt-hive': { title: 'Adopt a Hive', schema: pagesAdoptHive },
  'pages/cart': { title: 'Cart', schema: pagesCart },
  'pages/contact': { title: 'Contact', schema: pagesContact },
  'pages/faq': { title: 'FAQ', schema: pagesFaq },
  'pages/honey': { title: 'Honey batch pages (/honey/<code>)', schema: pagesHoney },
  'pages/host-hive': { title: 'Host a Hive', schema: pagesHostHive },
  'pages/hives': { title: 'Hive map', schema: pagesHives },
  'pages/impact': { title: 'Community Impact', schema: pagesImpact },
  'pages/my-hive': { title: 'My Hive (adopters and hosts)', schema: pagesMyHive },
  'pages/privacy': { title: 'Privacy Policy', schema: pagesPrivacy },
  'pages/services': { title: 'Services', schema: pagesServices },
  'pages/shipping': { title: 'Shipping & Returns', schema: pagesShipping },
  'pages/shop': { title: 'Shop', schema: pagesShop },
  'pages/swarm-management': { title: 'Swarm Management', schema: pagesSwarmManagement },
  'pages/terms': { title: 'Terms of Service', schema: pagesTerms },
  'pages/workshops': { title: 'Workshops', schema: pagesWorkshops },
  'catalog/adopt-tiers': { title: 'Catalogue: Adopt-a-Hive tiers', schema: catalogAdoptTiers },
  'catalog/hosting': { title: 'Catalogue: hosting plans', schema: catalogHosting },
  'catalog/impact-stats': { title: 'Catalogue: impact figures', schema: catalogImpactStats },
  'catalog/policies': { title: 'Catalogue: policies', schema: catalogPolicies },
  'catalog/shipping-rates': { title: 'Catalogue: shipping rates', schema: catalogShippingRates },
  'catalog/swarm': { title: 'Catalogue: swarm fees and hotline', schema: catalogSwarm },
  'catalog/workshop-offerings': { title: 'Catalogue: workshop offerings', schema: catalogWorkshopOfferings },
} satisfies Record<string, DocumentSchema>;

export type DocumentKey = keyof typeof documentSchemas;
export const documentKeys = Object.keys(documentSchemas) as DocumentKey[];

export function isDocumentKey(key: string): key is DocumentKey {
  return Object.prototype.hasOwnProperty.call(documentSchemas, key);
}

/** One problem of a document, as the Edge Function answers it (422) and the admin shows it. */
export interface DocumentIssue {
  path: string[];
  message: string;
}

/** Validates a document body; issues with their field paths, or the parsed body. */
export function validateDocument(key: string, body: unknown):
  | { ok: true; data: unknown }
  | { ok: false; issues: DocumentIssue[] } {
  if (!isDocumentKey(key)) return { ok: false, issues: [{ path: [], message: `Unknown document "${key}"` }] };
  const result = documentSchemas[key].schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
  };
}

/**
 * Validates a translation the way it will be shown: completed from the English body
 * (`withFallback`: an empty field takes the English words) and then checked with the document's
 * schema. `missing` lists the fields that fall back to English.
 */
export function validateTranslation(key: string, translation: unknown, english: unknown):
  | { ok: true; data: unknown; missing: string[] }
  | { ok: false; issues: DocumentIssue[]; missing: string[] } {
  const { body, missing } = withFallback(translation, english);
  return { ...validateDocument(key, body), missing };
}
