/**
 * Renders one outbox row into an e-mail from the published 'messages' document: plain text and
 * HTML parts (the same wording, filled by wording.ts, which the admin's preview shares: paragraphs
 * split by blank lines; every value HTML-escaped; the order's lines a table), the business's contact under every body, an .ics for workshop
 * registrations (confirmed, waitlisted, moved up from the waitlist, reminded), and Message-ID
 * `<idempotency_key@buzz-haven.outbox>` so a resend after a crash is the same message to the mailbox. Rendering happens here, not in SQL: the wording is checked
 * by its zod schema (supabase/functions/_shared/content-schema/messages.ts), escaping and the calendar file need code, and
 * the triggers stay small. Refused (RefusedMessage, never retried): an address that is not one
 * plain mailbox, a body over the size limit. Line breaks and control characters in a subject or a
 * name become spaces, so no value can start a header of its own.
 */
import { defaultLocale, withFallback } from '../_shared/content-schema/locales.ts';
import type { MessageKind, MessagesDocument } from '../_shared/content-schema/messages.ts';
import { calendarFile } from './calendar.ts';
import { escapeHtml, markdownToHtml } from './markdown.ts';
import { contactLineOf, placeholderValues, sitePage, type Business, type Data, type Line } from './values.ts';
import { fillWords, valueWords } from './valueWords.ts';
import { fillWording, htmlDocument, oneLine } from './wording.ts';

export interface OutboxRow {
  id: string;
  kind: MessageKind | 'newsletter_campaign';
  recipient: string;
  recipient_name: string | null;
  data: Data;
  idempotency_key: string;
  tries: number;
  /** The language of the request the message answers (none: English). */
  locale?: string | null;
}

export interface Attachment { filename: string; contentType: string; content: string }

export interface RenderedMessage {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: Attachment[];
  /** Extra headers (a campaign's or a visit report's List-Unsubscribe and List-Unsubscribe-Post). */
  headers: Record<string, string>;
}

export class RefusedMessage extends Error {}

/** Bodies larger than this are refused (the table's own limits are 100,000 and 200,000). */
export const MAX_TEXT = 100_000;
export const MESSAGE_ID_DOMAIN = 'buzz-haven.outbox';

export { oneLine };

/** One plain mailbox: local@domain.tld, no spaces, brackets, quotes, commas or control characters. */
export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(value);
}

export { escapeHtml };

export function renderMessage(row: OutboxRow, wording: MessagesDocument, business: Business): RenderedMessage {
  const address = row.recipient.trim();
  if (!isPlainAddress(address)) throw new RefusedMessage(`Refused: "${oneLine(address).slice(0, 80)}" is not an e-mail address`);
  if (row.kind === 'newsletter_campaign') return renderCampaign(row, address, business);
  if (!wording.messages[row.kind as MessageKind]) throw new RefusedMessage(`Refused: no wording for messages of kind ${row.kind}`);
  const filled = fillWording(row.kind as MessageKind, wording, placeholderValues(row.data, business), contactLineOf(business),
    (row.data.order?.lines ?? []) as Line[], valueWords(business.locale).orderTable);
  const html = htmlDocument(filled.bodyHtml);
  if (filled.text.length > MAX_TEXT || html.length > 2 * MAX_TEXT) throw new RefusedMessage('Refused: the message is too large');

  const attachments: Attachment[] = [];
  if (['registration_confirmed', 'registration_waitlisted', 'registration_promoted', 'registration_reminder'].includes(row.kind)) {
    attachments.push({ filename: 'workshop.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: calendarFile(row.data, business, row.kind !== 'registration_waitlisted') });
  }
  return {
    to: { name: oneLine(row.recipient_name ?? '').slice(0, 200), address },
    subject: filled.subject,
    text: filled.text,
    html,
    messageId: `<${row.idempotency_key}@${MESSAGE_ID_DOMAIN}>`,
    attachments,
    headers: visitReportHeaders(row, business),
  };
}

/**
 * A visit report's one-click unsubscribe (RFC 8058): the newsletter Edge Function stops the
 * address's visit reports on its POST (stop_buzz_haven_visit_reports).
 */
function visitReportHeaders(row: OutboxRow, business: Business): Record<string, string> {
  const token = row.data.visit?.stop_token as string | undefined;
  if (!token || !['visit_report', 'visit_report_loss'].includes(row.kind)) return {};
  return {
    'List-Unsubscribe': `<${business.functionsUrl}/newsletter?stop_visit_reports=${encodeURIComponent(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * A newsletter campaign (buzz_haven.campaigns): its own subject and Markdown
 * body, the contact footer, and for a subscriber (not a test) the RFC 8058 one-click headers
 * (the newsletter Edge Function unsubscribes on their POST) and a footer link to the site's
 * unsubscribe page (`/newsletter/unsubscribe?token=`, site/src/pages/newsletter/unsubscribe.tsx), where a button makes that same POST.
 */
function renderCampaign(row: OutboxRow, address: string, business: Business): RenderedMessage {
  type Words = { subject?: string; body?: string };
  const english = (row.data.campaign ?? {}) as Words & { translations?: Record<string, Words> };
  // the subscriber's language's subject and body, each one left empty taking the English
  const translated = business.locale && business.locale !== defaultLocale ? english.translations?.[business.locale] : undefined;
  const campaign = (translated ? withFallback(translated, { subject: english.subject, body: english.body }).body : english) as Words;
  const token = row.data.newsletter?.token as string | undefined;
  const contactLine = contactLineOf(business);
  const headers: Record<string, string> = {};
  const words = valueWords(business.locale);
  let footerText = fillWords(words.newsletterFooter, { name: business.site.brand?.name ?? 'Buzz Haven' });
  let footerLine = escapeHtml(footerText);
  if (token) {
    const oneClick = `${business.functionsUrl}/newsletter?unsubscribe=${encodeURIComponent(token)}`;
    const page = `${sitePage(business, '/newsletter/unsubscribe')}?token=${encodeURIComponent(token)}`;
    headers['List-Unsubscribe'] = `<${oneClick}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    footerText += ` ${words.unsubscribe}: ${page}`;
    footerLine += ` <a href="${escapeHtml(page)}">${escapeHtml(words.unsubscribe)}</a>`;
  } else if (row.data.test) {
    footerText = `A test of this campaign, sent to you only. ${footerText}`;
    footerLine = escapeHtml(footerText);
  }
  const body = String(campaign.body ?? '');
  const text = `${body.trim()}\n\n--\n\n${footerText}\n${contactLine}`;
  const html = htmlDocument(`${markdownToHtml(body)}<p style="margin:2em 0 0;color:#666;font-size:13px;border-top:1px solid #ddd;padding-top:1em">` +
    `${footerLine}<br>${escapeHtml(contactLine)}</p>`);
  if (text.length > MAX_TEXT || html.length > 2 * MAX_TEXT) throw new RefusedMessage('Refused: the message is too large');
  return {
    to: { name: oneLine(row.recipient_name ?? '').slice(0, 200), address },
    subject: oneLine(String(campaign.subject ?? '')).slice(0, 250),
    text, html, messageId: `<${row.idempotency_key}@${MESSAGE_ID_DOMAIN}>`, attachments: [], headers,
  };
}
