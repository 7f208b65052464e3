/** The e-mail wording's placeholders are checked at save and publish, per kind of message. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { validateDocument } from './index.ts';
import { unknownPlaceholders } from './messages.ts';

const starting = () => parse(readFileSync(join(__dirname, '../../../../content', 'messages.yaml'), 'utf8')) as Record<string, any>;

test('a placeholder another kind offers, a typo and an unclosed {{ are refused with what the message offers', () => {
  expect(unknownPlaceholders('order_received', 'Order {{order.number}} for {{ customer.name }}')).toEqual([]);
  expect(unknownPlaceholders('swarm_report_received', 'Your order {{order.number}}')).toEqual(['order.number']);
  expect(unknownPlaceholders('order_received', 'Order {{order.numbr}} {{order.total')).toEqual(['order.numbr', '{{']);

  const doc = starting();
  doc.messages.order_received.body += '\n\n{{order.numbr}}';
  const result = validateDocument('messages', doc);
  expect(result.ok).toBe(false);
  const issue = result.ok ? undefined : result.issues[0];
  expect(issue?.path).toEqual(['messages', 'order_received', 'body']);
  expect(issue?.message).toMatch(/^Unknown placeholder \{\{order\.numbr\}\}; this message offers \{\{business\.name\}\}/);
});

test('a subject is one line and every kind has its wording', () => {
  const doc = starting();
  doc.messages.staff_swarm_alert.subject = 'Swarm\nBcc: someone@example.com';
  delete doc.messages.adoption_received;
  const result = validateDocument('messages', doc);
  expect(result.ok ? [] : result.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
    ['messages.adoption_received', expect.any(String)],
    ['messages.staff_swarm_alert.subject', 'A subject is one line'],
  ]);
});
