/**
 * The sender's rendering of the card-payment e-mails
 * with the starting content/messages.yaml: an order paid by card does not say "No payment has been
 * taken" (its payment is awaited), an order paid at pickup still does; an adoption made active
 * carries the site's link that opens the customer portal with its manage token (a subscription) or
 * the gift's end date (a gift), each without the other's paragraph.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { unknownPlaceholders, type MessagesDocument } from '../../supabase/functions/_shared/content-schema/messages.ts';
import { renderMessage, type OutboxRow } from '../../supabase/functions/send-messages/render.ts';
import type { Business } from '../../supabase/functions/send-messages/values.ts';
import { REPO_ROOT } from './support/server';

const yaml = (file: string) => parse(readFileSync(join(REPO_ROOT, 'content', file), 'utf8'));
const wording = yaml('messages.yaml') as MessagesDocument;
const business: Business = { site: yaml('site.yaml'), swarm: yaml('catalog/swarm.yaml'), tiers: yaml('catalog/adopt-tiers.yaml').tiers,
  siteUrl: 'https://buzzhaven.example/', functionsUrl: 'https://ref.supabase.co/functions/v1' };
const TOKEN = 'ab'.repeat(32);

const row = (kind: string, data: Record<string, unknown>): OutboxRow => ({
  id: 'c0000000-0000-4000-8000-000000000009', kind, recipient: 'ada@example.com', recipient_name: 'Ada',
  idempotency_key: `${kind}.c0000000-0000-4000-8000-000000000009`, tries: 1, data,
} as OutboxRow);
const orderData = (payment: string) => ({ customer: { name: 'Ada' }, order: { number: 'BH-1077', delivery: 'pickup', payment,
  subtotal: 4000, shipping: 0, total: 4000, address: '', lines: [{ name: 'Wildflower Honey', quantity: 2, unit_price: 2000, line_total: 4000 }] } });

test('an order paid by card says its payment is awaited, not that none was taken; one paid at pickup keeps its wording', () => {
  const card = renderMessage(row('order_received_card', orderData('card')), wording, business);
  expect(card.subject).toBe('We received your order BH-1077');
  expect(card.text).not.toContain('No payment has been taken');
  expect(card.text).toContain('You chose to pay by card: the order waits for your payment');
  expect(card.text).toContain('Total: $40.00');
  const later = renderMessage(row('order_received', orderData('later')), wording, business);
  expect(later.text).toContain('No payment has been taken');
  expect(later.text).not.toContain('pay by card');
});

test('an active subscription\'s e-mail carries the manage link (the site page that opens the portal), not a gift\'s end', () => {
  const mail = renderMessage(row('adoption_paid', { customer: { name: 'Ada' }, adoption: { tier: 'hive-guardian', plan: 'monthly',
    monthly_price: 3500, mode: 'subscription', paid_until: null, manage_token: TOKEN } }), wording, business);
  const link = `https://buzzhaven.example/contact/?adopt=manage&token=${TOKEN}`;
  expect(mail.subject).toMatch(/^Your adoption of .+ is active$/);
  expect(mail.text).toContain('(monthly, $35.00 a month) is active');
  expect(mail.text).toContain(`customer portal, through this link:\n${link}\n`);
  expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
  expect(mail.text).not.toContain('The gift is paid');
});

test('a gift\'s e-mail gives its end date in the business\'s time and no manage link', () => {
  const mail = renderMessage(row('adoption_paid', { customer: { name: 'Ada' }, adoption: { tier: 'hive-guardian', plan: 'gift-6',
    monthly_price: 3500, mode: 'payment', paid_until: '2027-05-26T06:00:00Z', manage_token: null } }), wording, business);
  expect(mail.text).toContain('The gift is paid and runs until May 25, 2027.');
  expect(mail.text).not.toContain('adopt=manage');
  expect(mail.text).not.toContain('Manage or cancel');
});

test('the new wording uses only the placeholders its kind offers', () => {
  for (const kind of ['order_received_card', 'adoption_paid'] as const) {
    expect(unknownPlaceholders(kind, wording.messages[kind].subject + wording.messages[kind].body)).toEqual([]);
  }
  expect(unknownPlaceholders('order_received_card', '{{adoption.manageLink}}')).toEqual(['adoption.manageLink']);
});
