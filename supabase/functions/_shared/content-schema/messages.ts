/**
 * The 'messages' document (content/messages.yaml): the subject and body of every e-mail the outbox
 * sends (supabase/functions/send-messages renders them). A body is plain text, paragraphs split by
 * blank lines; `{{group.key}}` placeholders are filled from the message's data. Each kind offers
 * its own placeholders (MESSAGE_PLACEHOLDERS), checked here at save and publish, so a typo such as
 * `{{order.numbr}}` never reaches a customer. The business's contact (the 'site' document) is added
 * under every body by the renderer, whatever the wording.
 */
import { z } from 'zod/v4';
import { text } from './fields.ts';

const BUSINESS = ['business.name', 'business.email', 'business.phone', 'business.area', 'business.hours'];
const SWARM = ['swarm.hotline', 'swarm.responseHours', 'swarm.hotlineSeason', 'swarm.hotlineDays'];
const EVENT = ['event.title', 'event.when', 'event.location', 'registration.places'];
const REPORT = ['report.location', 'report.phone', 'report.qualifies'];
const VISIT = ['customer.name', 'visit.hive', 'visit.date', 'visit.note', 'visit.photo', 'visit.link'];
const ORDER_CHANGE = [...BUSINESS, 'customer.name', 'order.number', 'order.total', 'order.delivery'];

/**
 * The placeholders each kind of message offers; `order.lines` is a block (a table in HTML), as are a
 * digest's lists (one line each). A paragraph whose placeholders are all empty is left out.
 */
export const MESSAGE_PLACEHOLDERS = {
  order_received: [...BUSINESS, 'customer.name', 'order.number', 'order.lines', 'order.subtotal', 'order.shipping',
    'order.total', 'order.delivery', 'order.address'],
  /** The same acknowledgement of an order the visitor chose to pay by card (Pay now): its payment is awaited. */
  order_received_card: [...BUSINESS, 'customer.name', 'order.number', 'order.lines', 'order.subtotal', 'order.shipping',
    'order.total', 'order.delivery', 'order.address'],
  swarm_report_received: [...BUSINESS, ...SWARM, ...REPORT, 'customer.name'],
  registration_confirmed: [...BUSINESS, ...EVENT, 'customer.name'],
  registration_waitlisted: [...BUSINESS, ...EVENT, 'customer.name', 'registration.position'],
  registration_promoted: [...BUSINESS, ...EVENT, 'customer.name'],
  registration_cancelled: [...BUSINESS, ...EVENT, 'customer.name'],
  registration_reminder: [...BUSINESS, ...EVENT, 'customer.name'],
  order_confirmed: ORDER_CHANGE,
  order_ready: ORDER_CHANGE,
  order_shipped: ORDER_CHANGE,
  order_cancelled: ORDER_CHANGE,
  adoption_received: [...BUSINESS, 'customer.name', 'adoption.tier', 'adoption.plan', 'adoption.monthlyPrice',
    'adoption.recipientName'],
  adoption_accepted: [...BUSINESS, 'customer.name', 'adoption.tier', 'adoption.plan', 'adoption.monthlyPrice',
    'adoption.recipientName', 'adoption.hive'],
  /**
   * An adoption paid by card is active: a subscription's manageLink opens Stripe's
   * customer portal (empty for a gift), a gift's paidUntil is its end (empty for a subscription).
   */
  adoption_paid: [...BUSINESS, 'customer.name', 'adoption.tier', 'adoption.plan', 'adoption.monthlyPrice',
    'adoption.recipientName', 'adoption.paidUntil', 'adoption.manageLink'],
  newsletter_confirm: [...BUSINESS, 'newsletter.confirmLink'],
  staff_swarm_alert: [...BUSINESS, ...SWARM, ...REPORT, 'staff.name', 'report.name', 'report.email', 'report.size',
    'report.formedWhen', 'report.height', 'report.inStructure', 'report.notes', 'report.photo', 'report.link'],
  staff_order_alert: [...BUSINESS, 'staff.name', 'customer.name', 'customer.email', 'order.number', 'order.lines',
    'order.subtotal', 'order.shipping', 'order.total', 'order.delivery', 'order.address', 'order.link'],
  staff_registration_alert: [...BUSINESS, ...EVENT, 'staff.name', 'customer.name', 'customer.email', 'registration.status',
    'registration.link'],
  /** Each list is empty, and its count too, when the staff member did not choose it for the digest. */
  staff_digest: [...BUSINESS, 'staff.name', 'digest.since', 'digest.orderCount', 'digest.orders', 'digest.registrationCount',
    'digest.registrations', 'digest.link'],
  /** The art collective: the artist's confirmation and decisions, a voter's confirmation. */
  art_confirm: [...BUSINESS, 'art.title', 'art.artist', 'art.uploadLink'],
  art_approved: [...BUSINESS, 'art.title', 'art.artist', 'art.month', 'art.voteLink'],
  art_declined: [...BUSINESS, 'art.title', 'art.artist', 'art.reason'],
  art_vote_confirm: [...BUSINESS, 'art.title', 'art.artist', 'art.month', 'art.voteConfirmLink'],
  /**
   * An inspection shared with the hive's host and adopters, and the same when the colony was lost
   * (the hive is dead-out). `visit.photo` alone in its paragraph is the picture in HTML.
   */
  visit_report: [...BUSINESS, ...VISIT],
  visit_report_loss: [...BUSINESS, ...VISIT],
} as const satisfies Record<string, readonly string[]>;

export type MessageKind = keyof typeof MESSAGE_PLACEHOLDERS;
export const MESSAGE_KINDS = Object.keys(MESSAGE_PLACEHOLDERS) as MessageKind[];

/** `{{ name }}` with optional spaces; the same pattern fills them (send-messages/render.ts). */
export const PLACEHOLDER = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

/** The placeholders of a text that `kind` does not offer, and stray braces ('{{' left unclosed). */
export function unknownPlaceholders(kind: MessageKind, value: string): string[] {
  const offered: readonly string[] = MESSAGE_PLACEHOLDERS[kind];
  const used = [...value.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  const bad = used.filter((name) => !offered.includes(name));
  if (/\{\{|\}\}/.test(value.replace(PLACEHOLDER, ''))) bad.push('{{');
  return [...new Set(bad)];
}

function wording(kind: MessageKind, max: number) {
  return text.max(max, `Too long (${max} characters at most)`).superRefine((value, ctx) => {
    const bad = unknownPlaceholders(kind, value);
    if (bad.length === 0) return;
    ctx.addIssue({
      code: 'custom',
      message: `Unknown placeholder ${bad.map((b) => (b === '{{' ? 'or unclosed {{' : `{{${b}}}`)).join(', ')}; ` +
        `this message offers ${MESSAGE_PLACEHOLDERS[kind].map((p) => `{{${p}}}`).join(', ')}`,
    });
  });
}

const message = (kind: MessageKind) => z.strictObject({
  /** One line: line breaks in a subject are refused here and by the renderer. */
  subject: wording(kind, 200).refine((v) => !/[\r\n]/.test(v), 'A subject is one line'),
  body: wording(kind, 5000),
});

export const schema = z.strictObject({
  /** The From name (the address is the sender's MAIL_FROM setting). */
  fromName: text.max(100, 'Too long (100 characters at most)').refine((v) => !/[\r\n<>"]/.test(v), 'One line, no <, > or "'),
  /** Shown above the contact details at the foot of every message. */
  footer: text.max(500, 'Too long (500 characters at most)'),
  messages: z.strictObject(Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, message(kind)])) as
    Record<MessageKind, ReturnType<typeof message>>),
});

export type MessagesDocument = z.infer<typeof schema>;
