/**
 * Units of the outbox sender's rendering (supabase/functions/send-messages/render.ts): header
 * injection through names and subjects, refused addresses and oversized bodies, HTML escaping,
 * the Message-ID, and the .ics; the raw message nodemailer writes is read to prove no value
 * became a header. The wording is the starting content/messages.yaml.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { parse } from 'yaml';
import { MESSAGE_KINDS, MESSAGE_PLACEHOLDERS, type MessagesDocument } from '../../supabase/functions/_shared/content-schema/messages.ts';
import { RefusedMessage, renderMessage, type OutboxRow } from '../../supabase/functions/send-messages/render.ts';
import { createSendMessagesHandler } from '../../supabase/functions/send-messages/handler.ts';
import { sendDueMessages } from '../../supabase/functions/send-messages/sender.ts';
import { SAMPLE_DATA, sampleBusiness } from '../../supabase/functions/send-messages/samples.ts';
import { placeholderValues, type Business } from '../../supabase/functions/send-messages/values.ts';
import { REPO_ROOT } from './support/server';

const yaml = (file: string) => parse(readFileSync(join(REPO_ROOT, 'content', file), 'utf8'));
const wording = yaml('messages.yaml') as MessagesDocument;
const business: Business = { site: yaml('site.yaml'), swarm: yaml('catalog/swarm.yaml'), tiers: yaml('catalog/adopt-tiers.yaml').tiers, siteUrl: 'https://buzzhaven.example',
  functionsUrl: 'https://ref.supabase.co/functions/v1' };

const order = (over: Partial<OutboxRow> = {}): OutboxRow => ({
  id: 'c0000000-0000-4000-8000-000000000001', kind: 'order_received', recipient: 'ada@example.com',
  recipient_name: 'Ada', idempotency_key: 'order_received.c0000000-0000-4000-8000-000000000001', tries: 1,
  data: { customer: { name: 'Ada' }, order: { number: 'BH-1001', delivery: 'standard', subtotal: 4000, shipping: 800, total: 4800,
    address: '1 Comb St, Berkeley, CA 94704', lines: [{ name: 'Honey <b>&</b> Co', quantity: 2, unit_price: 2000, line_total: 4000 }] } },
  ...over,
});

async function raw(row: OutboxRow): Promise<string> {
  const mail = renderMessage(row, wording, business);
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({
    from: 'hello@buzzhaven.org', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId,
  });
  return (info.message as Buffer).toString('utf8');
}

test('CR/LF in a name or a subject value stays one line: no Bcc header, no second recipient', async () => {
  const evil = 'Ada\r\nBcc: victim@example.com';
  const row = order({ recipient_name: evil, data: { ...order().data, customer: { name: evil }, order: { ...order().data.order, number: 'BH-1\r\nBcc: victim@example.com' } } });
  const mail = renderMessage(row, wording, business);
  expect(mail.subject).toBe('We received your order BH-1 Bcc: victim@example.com');
  expect(mail.to).toEqual({ name: 'Ada Bcc: victim@example.com', address: 'ada@example.com' });
  const message = await raw(row);
  const headers = message.slice(0, message.indexOf('\r\n\r\n'));
  expect(headers).not.toMatch(/^bcc:/im);
  expect(headers.match(/^To: .*$/m)![0]).toContain('<ada@example.com>');
  expect(headers).toMatch(/^Message-ID:\s+<order_received\.c0000000-0000-4000-8000-000000000001@buzz-haven\.outbox>/m);
});

test.each([
  'victim@example.com\r\nBcc: other@example.com', 'Someone <a@example.com>', 'a@example.com, b@example.com', 'a@b', 'no-at-sign', ' @example.com',
])('the address %j is refused, never sent', (recipient) => {
  expect(() => renderMessage(order({ recipient }), wording, business)).toThrow(RefusedMessage);
});

test('an oversized body is refused', () => {
  const row: OutboxRow = { ...order(), kind: 'staff_swarm_alert', data: { staff: { name: 'Sue' }, report: { id: 'r1', location: 'Elm', notes: 'x'.repeat(120_000) } } };
  expect(() => renderMessage(row, wording, business)).toThrow('Refused: the message is too large');
});

test('HTML escapes every value; the text keeps it as typed; lines, totals and the contact footer are in both', () => {
  const mail = renderMessage(order(), wording, business);
  expect(mail.text).toContain('2 x Honey <b>&</b> Co  $20.00 each  $40.00');
  expect(mail.text).toContain('Shipping: $8.00\nTotal: $48.00');
  expect(mail.text).toContain('Delivery: Standard shipping\n1 Comb St, Berkeley, CA 94704');
  expect(mail.html).toContain('<td style="padding:4px 8px;border-bottom:1px solid #eee">Honey &lt;b&gt;&amp;&lt;/b&gt; Co</td>');
  expect(mail.html).not.toContain('<b>&</b>');
  for (const part of [mail.text, mail.html]) expect(part).toContain('(510) 555-0147 · hello@buzzhaven.org');
});

test('a workshop registration (confirmed, moved up, waitlisted) carries its .ics; a waitlisted one is tentative', () => {
  const data = { customer: { name: 'Bea' }, registration: { id: 'r-1', places: 2, position: 3 },
    event: { id: 'e-1', title: 'Beekeeping Basics', location: 'The Apiary', start_time: '2026-05-02T17:00:00Z', end_time: '2026-05-02T19:00:00Z' } };
  const confirmed = renderMessage({ ...order(), kind: 'registration_confirmed', data }, wording, business);
  expect(confirmed.subject).toBe("You're registered: Beekeeping Basics");
  expect(confirmed.text).toContain('When: Saturday, May 2, 2026 at 10:00 AM - 12:00 PM');
  expect(confirmed.attachments[0]!.content).toMatch(/DTSTART:20260502T170000Z[\s\S]*STATUS:CONFIRMED/);
  expect(confirmed.attachments[0]!.content).toContain('UID:registration-r-1@buzz-haven.outbox');
  const reminder = renderMessage({ ...order(), kind: 'registration_reminder', data }, wording, business);
  expect(reminder.subject).toBe('Tomorrow: Beekeeping Basics');
  expect(reminder.attachments[0]!.content).toContain('STATUS:CONFIRMED');
  const promoted = renderMessage({ ...order(), kind: 'registration_promoted', data }, wording, business);
  expect(promoted.subject).toBe("A place opened up: you're registered for Beekeeping Basics");
  expect(promoted.attachments[0]!.content).toContain('STATUS:CONFIRMED');
  const waitlisted = renderMessage({ ...order(), kind: 'registration_waitlisted', data }, wording, business);
  expect(waitlisted.text).toContain('you are number 3 on the waitlist');
  expect(waitlisted.attachments[0]!.content).toContain('STATUS:TENTATIVE');
});

test('an order\'s status changes have their own wording', () => {
  const data = { customer: { name: 'Ada' }, order: { number: 'BH-1002', total: 4800, delivery: 'pickup' } };
  const ready = renderMessage({ ...order(), kind: 'order_ready', data }, wording, business);
  expect(ready.subject).toBe('Your order BH-1002 is ready for pickup');
  expect(ready.text).toContain('ready for pickup in East Hills, California (Monday-Friday 9am-5pm PST)');
  expect(renderMessage({ ...order(), kind: 'order_cancelled', data }, wording, business).subject).toBe('Your order BH-1002 is cancelled');
});

test('an adoption accepted names the tier, the plan and the hive; without a hive that paragraph is left out', () => {
  const data = { customer: { name: 'Ida' }, adoption: { tier: 'hive-guardian', plan: 'gift-6', monthly_price: 3500, recipient_name: 'Gus', hive: 'Hive 7, Orchard' } };
  const mail = renderMessage({ ...order(), kind: 'adoption_accepted', data }, wording, business);
  expect(mail.subject).toBe('Welcome to the hive: your adoption of Hive Guardian is accepted');
  expect(mail.text).toContain('request for Hive Guardian (a 6-month gift, $35.00 a month) is accepted');
  expect(mail.text).toContain('Your hive: Hive 7, Orchard');
  expect(mail.html).toContain('<p style="margin:0 0 1em">Your hive: Hive 7, Orchard</p>');
  const noHive = renderMessage({ ...order(), kind: 'adoption_accepted', data: { ...data, adoption: { ...data.adoption, hive: null } } }, wording, business);
  expect(noHive.text).not.toContain('Your hive');
  expect(noHive.html).not.toContain('Your hive');
  expect(noHive.text).toContain('We write to you with how to pay');
});

test('staff alerts for a new order and a new registration link to the record in the admin', () => {
  const orderAlert = renderMessage({ ...order(), kind: 'staff_order_alert', recipient: 'sue@buzzhaven.org',
    data: { ...order().data, staff: { name: 'Sue' }, customer: { name: 'Ada', email: 'ada@example.com' }, order: { ...order().data.order, id: 'o-1' } } }, wording, business);
  expect(orderAlert.subject).toBe('New order BH-1001: $48.00');
  expect(orderAlert.text).toContain('A new order came in from Ada (ada@example.com).');
  expect(orderAlert.text).toContain('2 x Honey <b>&</b> Co  $20.00 each  $40.00');
  expect(orderAlert.text).toContain('Open the order: https://buzzhaven.example/admin/orders/o-1/show');
  expect(orderAlert.html).toContain('<td style="padding:4px 8px;border-bottom:1px solid #eee">Honey &lt;b&gt;&amp;&lt;/b&gt; Co</td>');
  const registrationAlert = renderMessage({ ...order(), kind: 'staff_registration_alert', data: {
    staff: { name: 'Sue' }, customer: { name: 'Bea', email: 'bea@example.com' }, registration: { id: 'r-9', places: 2, status: 'waitlisted', position: 1 },
    event: { title: 'Beekeeping Basics', location: 'The Apiary', start_time: '2026-05-02T17:00:00Z', end_time: null },
  } }, wording, business);
  expect(registrationAlert.subject).toBe('New registration: Beekeeping Basics');
  expect(registrationAlert.text).toContain('Bea (bea@example.com) registered for Beekeeping Basics: 2 place(s), on the waitlist.');
  expect(registrationAlert.text).toContain('Open the registration: https://buzzhaven.example/admin/registrations/r-9/show');
  expect(registrationAlert.attachments).toEqual([]);
});

describe('a staff digest', () => {
  const digest = (lists: Record<string, unknown>): OutboxRow => ({ ...order(), kind: 'staff_digest', recipient: 'sue@buzzhaven.org',
    data: { staff: { name: 'Sue' }, digest: { since: '2026-05-01T15:00:00Z', until: '2026-05-02T15:00:00Z', ...lists } } });
  const orders = { order_count: 2, orders: [
    { number: 'BH-1001', customer_name: 'Ada <Lovelace>', total: 4800, delivery: 'pickup' },
    { number: 'BH-1002', customer_name: 'Bob', total: 1500, delivery: 'express' }] };
  const registrations = { registration_count: 1, registrations: [
    { name: 'Bea', places: 1, status: 'confirmed', event_title: 'Beekeeping Basics', event_start: '2026-05-02T17:00:00Z' }] };

  test('lists the new orders and registrations one a line since the last digest', () => {
    const mail = renderMessage(digest({ ...orders, ...registrations }), wording, business);
    expect(mail.subject).toBe('Your daily Buzz Haven digest');
    expect(mail.text).toContain('Here is what came in since Friday, May 1, 2026 at 8:00 AM.');
    expect(mail.text).toContain('New orders: 2\nBH-1001 · Ada <Lovelace> · $48.00 · Local pickup\nBH-1002 · Bob · $15.00 · Express shipping');
    expect(mail.text).toContain('New workshop registrations: 1\nBea · 1 place · Beekeeping Basics, May 2, 2026, 10:00 AM · confirmed');
    expect(mail.text).toContain('Open the admin: https://buzzhaven.example/admin');
    expect(mail.html).toContain('New orders: 2<br>BH-1001 · Ada &lt;Lovelace&gt; · $48.00 · Local pickup<br>BH-1002');
  });

  test('a list the staff member did not choose is left out, its heading too', () => {
    const mail = renderMessage(digest(registrations), wording, business);
    expect(mail.text).not.toContain('New orders');
    expect(mail.html).not.toContain('New orders');
    expect(mail.text).toContain('New workshop registrations: 1');
  });
});

// The visit's photo is the one left empty: the preview runs under the back office's CSP, which
// loads no other site's picture, and a visit without a photo renders no picture at all.
const LEFT_OUT_OF_PREVIEWS = new Set(['visit.photo']);

test('the preview samples give every placeholder of every message a value, the photo aside', () => {
  const values = placeholderValues(SAMPLE_DATA, sampleBusiness());
  expect(values['visit.photo']).toBe('');
  for (const kind of MESSAGE_KINDS) {
    for (const name of MESSAGE_PLACEHOLDERS[kind]) {
      if (LEFT_OUT_OF_PREVIEWS.has(name)) continue;
      expect([kind, name, values[name]?.trim() ? 'filled' : 'empty']).toEqual([kind, name, 'filled']);
    }
    const mail = renderMessage({ ...order(), kind, data: SAMPLE_DATA }, wording, sampleBusiness());
    expect([kind, `${mail.subject}\n${mail.text}`]).not.toEqual([kind, expect.stringContaining('{{')]);
  }
});

test('the Edge Function answers 401 to anything but the service role key, before touching the outbox', async () => {
  const calls: string[] = [];
  const handler = createSendMessagesHandler({
    supabaseUrl: 'http://outbox.invalid', serviceRoleKey: 'service-key', from: 'hello@buzzhaven.org', siteUrl: 'http://x',
    transport: { sendMail: async () => undefined },
    fetch: (async (url: string) => { calls.push(url); return new Response(/(reminders|digests)$/.test(url) ? '0' : '[]'); }) as unknown as typeof fetch,
  });
  const post = (authorization?: string) => handler(new Request('http://f/send-messages', { method: 'POST', headers: authorization ? { Authorization: authorization } : {} }));
  expect((await post()).status).toBe(401);
  expect((await post('Bearer anon-key')).status).toBe(401);
  expect(calls).toEqual([]);
  const ok = await post('Bearer service-key');
  expect([ok.status, await ok.json()]).toEqual([200, { claimed: 0, sent: 0, failed: 0 }]);
  expect(calls).toEqual(['queue_buzz_haven_workshop_reminders', 'queue_buzz_haven_staff_digests', 'expire_buzz_haven_workshop_holds',
    'claim_buzz_haven_outbox_messages'].map((fn) => `http://outbox.invalid/rest/v1/rpc/${fn}`));
});

test('no published wording: each claimed message is marked failed with the reason (it backs off, never spins)', async () => {
  const calls: { fn: string; body: Record<string, unknown> }[] = [];
  const answers: Record<string, unknown> = {
    claim_buzz_haven_outbox_messages: [order()],
    get_buzz_haven_published_content: [{ key: 'site', body: {} }],
    mark_buzz_haven_outbox_message_failed: { state: 'queued' },
    queue_buzz_haven_workshop_reminders: 0,
    queue_buzz_haven_staff_digests: 0,
  };
  const fakeFetch = (async (url: string, init: RequestInit) => {
    const fn = url.split('/rpc/')[1]!;
    calls.push({ fn, body: JSON.parse(String(init.body)) });
    const again = fn === 'claim_buzz_haven_outbox_messages' && calls.filter((c) => c.fn === fn).length > 1;
    return new Response(JSON.stringify(again ? [] : answers[fn]));
  }) as unknown as typeof fetch;
  const sent: unknown[] = [];
  const handler = createSendMessagesHandler({
    supabaseUrl: 'http://outbox.invalid', serviceRoleKey: 'k', from: 'hello@buzzhaven.org', siteUrl: 'http://x',
    transport: { sendMail: async (m) => void sent.push(m) }, fetch: fakeFetch,
  });
  const res = await handler(new Request('http://f/send-messages', { method: 'POST', headers: { Authorization: 'Bearer k' } }));
  expect(await res.json()).toEqual({ claimed: 1, sent: 0, failed: 1 });
  expect(sent).toEqual([]);
  expect(calls.find((c) => c.fn === 'mark_buzz_haven_outbox_message_failed')!.body).toMatchObject({
    p_id: order().id, p_try: 1, p_error: 'The "messages" content document is not published', p_permanent: false,
  });
});

test('an invalid address is never handed to SMTP: the message is marked failed for good at once, with why', async () => {
  const calls: { fn: string; body: Record<string, unknown> }[] = [];
  const bad = order({ recipient: 'Someone <victim@example.com>, other@example.com' });
  const answers: Record<string, unknown> = {
    queue_buzz_haven_workshop_reminders: 0, queue_buzz_haven_staff_digests: 0,
    claim_buzz_haven_outbox_messages: [bad],
    get_buzz_haven_published_content: [{ key: 'messages', body: wording }, { key: 'site', body: business.site }],
    mark_buzz_haven_outbox_message_failed: { state: 'dead' },
  };
  const fakeFetch = (async (url: string, init: RequestInit) => {
    const fn = url.split('/rpc/')[1]!;
    calls.push({ fn, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answers[fn]));
  }) as unknown as typeof fetch;
  const sent: unknown[] = [];
  const result = await sendDueMessages({ supabaseUrl: 'http://outbox.invalid', serviceRoleKey: 'k', from: 'hello@buzzhaven.org',
    siteUrl: 'http://x', transport: { sendMail: async (m) => void sent.push(m) }, fetch: fakeFetch });
  expect(result).toEqual({ claimed: 1, sent: 0, failed: 1 });
  expect(sent).toEqual([]);
  expect(calls.find((c) => c.fn === 'mark_buzz_haven_outbox_message_failed')!.body).toMatchObject({
    p_id: bad.id, p_permanent: true, p_error: 'Refused: "Someone <victim@example.com>, other@example.com" is not an e-mail address',
  });
  expect(calls.some((c) => c.fn === 'mark_buzz_haven_outbox_message_sent')).toBe(false);
});

describe('a newsletter campaign', () => {
  const token = 'a1b2c3d4-0000-4000-8000-000000000009';
  const campaign = (data: Record<string, unknown>): OutboxRow => ({
    ...order(), kind: 'newsletter_campaign', recipient_name: null, idempotency_key: `newsletter_campaign.c1.s1`,
    data: { campaign: { id: 'c1', subject: 'Spring\r\nBcc: x@evil.test honey', body: '# Spring\n\nThe **first** jars: [shop](https://buzzhaven.example/shop), [bad](javascript:alert(1))\n\n- wildflower\n- sage\n\n<script>alert(1)</script>' }, ...data },
  });

  test('Markdown becomes safe HTML; the subject is one line; one-click unsubscribe headers and the footer link', async () => {
    const mail = renderMessage(campaign({ newsletter: { token } }), wording, business);
    expect(mail.subject).toBe('Spring Bcc: x@evil.test honey');
    expect(mail.html).toContain('<h2 style="margin:1em 0 .5em">Spring</h2>');
    expect(mail.html).toContain('The <strong>first</strong> jars: <a href="https://buzzhaven.example/shop">shop</a>, [bad](javascript:alert(1))');
    expect(mail.html).toContain('<ul><li>wildflower</li><li>sage</li></ul>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://ref.supabase.co/functions/v1/newsletter?unsubscribe=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(`Unsubscribe: https://buzzhaven.example/newsletter/unsubscribe?token=${token}`);
    expect(mail.text).toContain('(510) 555-0147 · hello@buzzhaven.org');
    const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({
      from: 'hello@buzzhaven.org', to: mail.to.address, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers,
    });
    const head = (info.message as Buffer).toString('utf8').split('\r\n\r\n')[0]!;
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head).not.toMatch(/^bcc:/im);
  });

  test('a test send says so and carries no unsubscribe', () => {
    const mail = renderMessage(campaign({ test: true }), wording, business);
    expect(mail.headers).toEqual({});
    expect(mail.text).toContain('A test of this campaign, sent to you only.');
  });
});
