/**
 * The service catalogue (content/catalog/*.yaml) and the {{group.key}} placeholders that page
 * copy uses to quote it. Prices and rules are written once in the catalogue; prose on any page
 * refers to them by name, so changing a price in one file changes every sentence that cites it.
 */
import type { Locale } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import { formatCents } from '../lib/price';
import { SITE_WORDS, joinLast, withNumber } from '../lib/siteWords';

export interface HostingPlan {
  id: string;
  name: string;
  /** Yearly price in cents (buzz_haven.hosting_plans). */
  price: number;
  period: string;
  summary: string;
  features: string[];
}

export interface AdoptTier {
  id: string;
  name: string;
  /** Monthly price in cents (buzz_haven.adopt_tiers). */
  price: number;
  period: string;
  popular?: boolean | null;
  perks: string[];
}

export interface WorkshopOffering {
  id: string;
  title: string;
  durationHours: number;
  /** Price per person in cents (buzz_haven.workshop_offerings). */
  price: number;
  priceUnit: string;
  ages?: string | null;
  audience: string;
  description: string;
}

export interface WorkshopSession {
  date: string;
  /** The date as the schedule shows it (formatted at build time by GraphQL). */
  dateLabel: string;
  workshop: string;
  time: string;
  /** Places left when the site was built (null: the event has no capacity); refreshed live on the page. */
  spotsLeft: number | null;
  /** The workshop event in the database. */
  eventId: string;
  /** ISO start and end instants (schema.org Event JSON-LD). */
  start: string;
  end: string | null;
  location: string | null;
}

export interface Figure {
  value: string;
  label: string;
}

export interface Catalog {
  hosting: {
    plans: HostingPlan[];
    paymentPlans: string;
    minimumSpace: string;
    honeyPerYear: string;
    honeyHarvests: string;
    visitSchedule: string;
    beeLifespan: string;
  };
  adopt: { tiers: AdoptTier[]; popularLabel: string; giftMonths: number[] };
  swarm: {
    /** The fee range in cents (buzz_haven.swarm_fee). */
    feeMin: number;
    feeMax: number;
    feeWaiver: string;
    hotline: string;
    responseHours: number;
    hotlineDays: string;
    hotlineSeason: string;
    criteria: string[];
  };
  workshops: { offerings: WorkshopOffering[]; schedule: WorkshopSession[]; privateMinimum: number };
  /** Rates in cents (buzz_haven.shipping_rates); freeOver null: standard is never free. */
  shipping: { standard: number; freeOver: number | null; express: number; handlingHours: number; region: string };
  policies: { returnDays: number; returnCondition: string; damageReportHours: number };
  impact: { claims: Figure[]; goalsYear: number; goals: Figure[] };
  /** Contact details of content/site.yaml (their single source). */
  site: { email: string; phone: string; hours: string; area: string };
}

/** "3, 6 or 12" ("3, 6 o 12" in Spanish) */
export function joinOr(values: Array<string | number>, locale: Locale = 'en'): string {
  return joinLast(values, SITE_WORDS[locale].or);
}

/** 7500, 15000 -> "$75-150": the range (in cents) as the specification writes it. */
export function formatPriceRange(min: number, max: number): string {
  return `${formatCents(min)}-${formatCents(max).replace('$', '')}`;
}

/** Every placeholder value that page copy may quote, keyed "group.key", with units in the page's language. */
export function catalogVars(catalog: Catalog, locale: Locale = 'en'): Record<string, string> {
  const { hosting, adopt, swarm, workshops, shipping, policies, impact, site } = catalog;
  const words = SITE_WORDS[locale];
  const vars: Record<string, string> = {
    'hosting.paymentPlans': hosting.paymentPlans,
    'hosting.minimumSpace': hosting.minimumSpace,
    'hosting.honeyPerYear': hosting.honeyPerYear,
    'hosting.honeyHarvests': hosting.honeyHarvests,
    'hosting.visitSchedule': hosting.visitSchedule,
    'hosting.beeLifespan': hosting.beeLifespan,
    'adopt.giftMonths': withNumber(words.months, joinOr(adopt.giftMonths, locale)),
    'swarm.fee': formatPriceRange(swarm.feeMin, swarm.feeMax),
    'swarm.waiver': swarm.feeWaiver,
    'swarm.hotline': swarm.hotline,
    'swarm.responseHours': withNumber(words.hours, swarm.responseHours),
    'swarm.days': swarm.hotlineDays,
    'swarm.season': swarm.hotlineSeason,
    'workshops.privateMinimum': String(workshops.privateMinimum),
    'shipping.standard': formatCents(shipping.standard),
    'shipping.express': formatCents(shipping.express),
    'shipping.handlingHours': withNumber(words.hours, shipping.handlingHours),
    'shipping.region': shipping.region,
    'policies.returnDays': withNumber(words.days, policies.returnDays),
    'policies.returnCondition': policies.returnCondition,
    'policies.damageReportHours': withNumber(words.hours, policies.damageReportHours),
    'impact.goalsYear': String(impact.goalsYear),
    'site.email': site.email,
    'site.phone': site.phone,
    'site.hours': site.hours,
    'site.area': site.area,
  };
  // Prices by id: {{hosting.standard}}, {{adopt.hive-guardian}}, {{workshops.beekeeping-basics}}.
  for (const plan of hosting.plans) vars[`hosting.${plan.id}`] = formatCents(plan.price);
  for (const tier of adopt.tiers) vars[`adopt.${tier.id}`] = formatCents(tier.price);
  // Quoted only while standard shipping can be free (an unknown placeholder fails the build).
  if (shipping.freeOver !== null) vars['shipping.freeOver'] = formatCents(shipping.freeOver);
  for (const offering of workshops.offerings) vars[`workshops.${offering.id}`] = formatCents(offering.price);
  return vars;
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * Replaces {{group.key}} placeholders. An unknown key throws, so a typo in content fails the
 * build with the key's name instead of shipping "{{hostng.standard}}" to visitors.
 */
export function fillTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_match, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`Unknown content placeholder {{${key}}} in "${text}"`);
    return value;
  });
}

/** fillTemplate applied to every string of a content object (arrays and nested objects too). */
export function fillDeep<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') return fillTemplate(value, vars) as T;
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, vars)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fillDeep(item, vars);
    return out as T;
  }
  return value;
}
