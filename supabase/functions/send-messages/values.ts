/**
 * The placeholder values of one outbox message (supabase/functions/_shared/content-schema/messages.ts lists which each kind
 * offers): the data frozen by the SQL triggers (into buzz_haven.outbox_messages.data),
 * formatted for people (dollars, the business's local time, the form's labels), plus the business's
 * contact from the published 'site' document, the swarm rules of 'catalog/swarm' and the tier names
 * of 'catalog/adopt-tiers'.
 */
import { defaultLocale, type Locale, localePath } from '../_shared/content-schema/locales.ts';
import { fillWords, valueWords, type ValueWords } from './valueWords.ts';

export type Data = Record<string, any>;

/** The business is in California: dates are written in its time. */
export const TIME_ZONE = 'America/Los_Angeles';

export interface Line { name: string; quantity: number; unit_price: number; line_total: number }

export const money = (cents: unknown): string =>
  typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '';

const EN = valueWords('en');

/** A plan's words: 'monthly', or 'gift-6' as a 6-month gift. */
function planName(plan: unknown, words: ValueWords): string {
  if (plan === 'monthly') return words.plan.monthly;
  const months = /^gift-(\d+)$/.exec(String(plan ?? ''))?.[1];
  return months ? fillWords(words.plan.gift, { months }) : str(plan);
}

const yesNo = (v: unknown, words: ValueWords) => (v === true ? words.yes : v === false ? words.no : '');
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const dateLocale = (locale?: Locale) => valueWords(locale).dateLocale;

/** "Saturday, May 2, 2026 at 10:00 AM - 12:00 PM" in the business's time (Spanish: "sábado, 2 de mayo de 2026, 10:00 a.m."). */
export function when(start: unknown, end: unknown, locale?: Locale): string {
  if (typeof start !== 'string') return '';
  const day = new Intl.DateTimeFormat(dateLocale(locale), { timeZone: TIME_ZONE, dateStyle: 'full', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(dateLocale(locale), { timeZone: TIME_ZONE, timeStyle: 'short' });
  const from = day.format(new Date(start));
  return typeof end === 'string' ? `${from} - ${time.format(new Date(end))}` : from;
}

/** "May 2, 2026" in the business's time (a gift's end). */
export function longDate(value: unknown, locale?: Locale): string {
  if (typeof value !== 'string') return '';
  return new Intl.DateTimeFormat(dateLocale(locale), { timeZone: TIME_ZONE, dateStyle: 'long' }).format(new Date(value));
}

/** '2026-05-02' -> 'May 2, 2026': a calendar day (an inspection's), the same in every time zone. */
export function dayName(value: unknown, locale?: Locale): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  return new Intl.DateTimeFormat(dateLocale(locale), { timeZone: 'UTC', dateStyle: 'long' }).format(new Date(`${value.slice(0, 10)}T12:00:00Z`));
}

/** A picture an e-mail can show: a web address (an image data URL is left out: mail apps block them). */
export const webImage = (value: unknown): string => (typeof value === 'string' && /^https?:\/\//.test(value) ? value : '');

/** '2026-11-01' -> 'November 2026' (a vote's month). */
export function monthName(value: unknown, locale?: Locale): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}/.test(value)) return '';
  return new Intl.DateTimeFormat(dateLocale(locale), { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${value.slice(0, 7)}-15T12:00:00Z`));
}

export function linesText(lines: Line[], locale?: Locale): string {
  const { orderLine } = valueWords(locale);
  return lines.map((l) => fillWords(orderLine, { quantity: l.quantity, name: l.name, price: money(l.unit_price), total: money(l.line_total) }))
    .join('\n');
}

/** "May 2, 2026, 10:00 AM" in the business's time (the digest's lists). */
function shortWhen(value: unknown): string {
  if (typeof value !== 'string') return '';
  return new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** A digest's orders, one a line: number, customer, total, delivery. */
export function digestOrdersText(orders: Data[]): string {
  return orders.map((o) => [str(o.number), str(o.customer_name), money(o.total), EN.delivery[o.delivery] ?? str(o.delivery)]
    .filter(Boolean).join(' · ')).join('\n');
}

/** A digest's registrations, one a line: who, places, workshop and its start, state. */
export function digestRegistrationsText(registrations: Data[]): string {
  return registrations.map((r) => [str(r.name), `${str(r.places)} place${r.places === 1 ? '' : 's'}`,
    [str(r.event_title), shortWhen(r.event_start)].filter(Boolean).join(', '), EN.registrationStatus[r.status] ?? str(r.status)]
    .filter(Boolean).join(' · ')).join('\n');
}

export interface Business {
  site: Data;
  swarm: Data;
  /** catalog/adopt-tiers' tiers: the tier's name for its id. */
  tiers: { id: string; name: string }[];
  /** catalog/workshop-offerings' offerings: a workshop's title for its id, in the message's language. */
  offerings?: { id: string; title: string }[];
  siteUrl: string;
  /** The project's Edge Functions, e.g. https://<ref>.supabase.co/functions/v1 (the newsletter links). */
  functionsUrl: string;
  /** The language the message is written in (its documents, its dates); none: English. */
  locale?: Locale;
}

/** A page of the site in the message's language: ('/art/vote', es) -> https://site/es/art/vote. */
export const sitePage = (business: Business, path: string): string =>
  `${business.siteUrl.replace(/\/+$/, '')}${localePath(path, business.locale ?? defaultLocale)}`;

/** The newsletter function's links say the language to land in ('&locale=es'); English says nothing. */
const localeQuery = (locale?: Locale) => (locale && locale !== defaultLocale ? `&locale=${locale}` : '');

/**
 * A workshop's title as the site's schedule writes it: its offering's, in the message's language
 * ('Apicultura básica'); an event of no known offering keeps its own title.
 */
export const eventTitle = (event: Data, business: Business): string =>
  business.offerings?.find((o) => o.id === event.offering)?.title ?? str(event.title);

/** The business's name and contact, under every message. */
export const contactLineOf = (business: Business): string => {
  const contact = business.site.contact ?? {};
  return [business.site.brand?.name, contact.area, contact.phone, contact.email].filter(Boolean).join(' · ');
};

/** Every placeholder value of a message as plain text (the HTML escapes them). */
export function placeholderValues(data: Data, business: Business): Record<string, string> {
  const contact = business.site.contact ?? {};
  const order = data.order ?? {};
  const report = data.report ?? {};
  const event = data.event ?? {};
  const adoption = data.adoption ?? {};
  const registration = data.registration ?? {};
  const digest = data.digest ?? {};
  const art = data.art ?? {};
  const visit = data.visit ?? {};
  const page = (path: string) => sitePage(business, path);
  const words = valueWords(business.locale);
  const admin = `${business.siteUrl.replace(/\/+$/, '')}/admin`;
  const values: Record<string, string> = {
    'business.name': str(business.site.brand?.name), 'business.email': str(contact.email),
    'business.phone': str(contact.phone), 'business.area': str(contact.area), 'business.hours': str(contact.hours),
    'customer.name': str(data.customer?.name), 'customer.email': str(data.customer?.email), 'staff.name': str(data.staff?.name),
    'swarm.hotline': str(business.swarm.hotline), 'swarm.responseHours': str(business.swarm.responseHours),
    'swarm.hotlineSeason': str(business.swarm.hotlineSeason), 'swarm.hotlineDays': str(business.swarm.hotlineDays),
    'order.number': str(order.number), 'order.subtotal': money(order.subtotal), 'order.shipping': money(order.shipping),
    'order.total': money(order.total), 'order.delivery': words.delivery[order.delivery] ?? str(order.delivery),
    'order.address': str(order.address), 'order.lines': linesText(order.lines ?? [], business.locale),
    'order.link': order.id ? `${admin}/orders/${order.id}/show` : '',
    'report.location': str(report.location), 'report.phone': str(report.phone), 'report.name': str(report.name),
    'report.email': str(report.email), 'report.qualifies': yesNo(report.qualifies, words), 'report.size': words.size[report.size] ?? str(report.size),
    'report.formedWhen': words.formedWhen[report.formed_when] ?? str(report.formed_when),
    'report.height': words.height[report.height] ?? str(report.height),
    'report.inStructure': yesNo(report.in_structure, words), 'report.notes': str(report.notes), 'report.photo': str(report.photo_url),
    'report.link': report.id ? `${admin}/swarm_reports/${report.id}/show` : '',
    'event.title': eventTitle(event, business), 'event.location': str(event.location), 'event.when': when(event.start_time, event.end_time, business.locale),
    'registration.places': str(registration.places), 'registration.position': str(registration.position),
    'registration.status': words.registrationStatus[registration.status] ?? str(registration.status),
    'registration.link': registration.id ? `${admin}/registrations/${registration.id}/show` : '',
    'adoption.tier': business.tiers.find((t) => t.id === adoption.tier)?.name ?? str(adoption.tier), 'adoption.plan': planName(adoption.plan, words),
    'adoption.monthlyPrice': money(adoption.monthly_price), 'adoption.recipientName': str(adoption.recipient_name),
    'adoption.hive': str(adoption.hive), 'adoption.paidUntil': longDate(adoption.paid_until, business.locale),
    // The page that opens Stripe's customer portal with the adoption's manage token (site: contact/requests/PaidReturn.tsx).
    'adoption.manageLink': adoption.manage_token
      ? `${page('/contact')}/?adopt=manage&token=${encodeURIComponent(String(adoption.manage_token))}` : '',
    'newsletter.confirmLink': data.newsletter?.token
      ? `${business.functionsUrl}/newsletter?confirm=${encodeURIComponent(String(data.newsletter.token))}${localeQuery(business.locale)}` : '',
    // A list the staff member did not choose is absent: its count and lines stay empty.
    'digest.since': when(digest.since, undefined), 'digest.link': data.digest ? admin : '',
    'digest.orderCount': str(digest.order_count), 'digest.orders': digestOrdersText(digest.orders ?? []),
    'digest.registrationCount': str(digest.registration_count),
    'digest.registrations': digestRegistrationsText(digest.registrations ?? []),
    'art.title': str(art.title), 'art.artist': str(art.artist), 'art.reason': str(art.reason), 'art.month': monthName(art.month, business.locale),
    'art.uploadLink': art.upload_token ? `${page('/art/upload')}?token=${encodeURIComponent(String(art.upload_token))}` : '',
    'art.voteLink': page('/art/vote'),
    'art.voteConfirmLink': art.vote_token ? `${page('/art/vote/confirm')}?token=${encodeURIComponent(String(art.vote_token))}` : '',
    'visit.hive': str(visit.hive), 'visit.date': dayName(visit.date, business.locale), 'visit.note': str(visit.note),
    'visit.photo': webImage(visit.photo_url), 'visit.link': data.visit ? page('/my-hive') : '',
  };
  return values;
}
