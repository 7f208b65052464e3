/**
 * The sender's rendering of visit reports with the starting content/messages.yaml: the shared
 * sentence, the inspection's day (as written, in no time zone's shift), the picture in HTML, the
 * link to /my-hive and the one-click unsubscribe headers; an image data URL left out; a colony
 * loss in its own words. The newsletter Edge Function stops an address's reports on the one-click
 * POST only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { unknownPlaceholders, type MessagesDocument } from '../../supabase/functions/_shared/content-schema/messages.ts';
import { createNewsletterHandler } from '../../supabase/functions/newsletter/handler.ts';
import { renderMessage, type OutboxRow } from '../../supabase/functions/send-messages/render.ts';
import type { Business } from '../../supabase/functions/send-messages/values.ts';
import { REPO_ROOT } from './support/server';

const yaml = (file: string) => parse(readFileSync(join(REPO_ROOT, 'content', file), 'utf8'));
const wording = yaml('messages.yaml') as MessagesDocument;
const business: Business = { site: yaml('site.yaml'), swarm: yaml('catalog/swarm.yaml'), tiers: yaml('catalog/adopt-tiers.yaml').tiers,
  siteUrl: 'https://buzzhaven.example/', functionsUrl: 'https://ref.supabase.co/functions/v1' };
const STOP = 'a1b2c3d4-0000-4000-8000-00000000000a';
const PHOTO = 'https://media.example.org/frame.jpg';

const report = (kind: string, visit: Record<string, unknown>): OutboxRow => ({
  id: 'c0000000-0000-4000-8000-00000000000a', kind, recipient: 'ada@example.com', recipient_name: 'Ada',
  idempotency_key: `visit_report.i1.${'0'.repeat(32)}`, tries: 1,
  data: { customer: { name: 'Ada' }, visit: { id: 'i1', hive: 'Linden Hive', date: '2026-10-01', note: 'The linden is in bloom.',
    photo_url: PHOTO, stop_token: STOP, ...visit } },
} as OutboxRow);

test('a visit report: the sentence, the day, the picture, the link to /my-hive and a one-click unsubscribe', () => {
  const mail = renderMessage(report('visit_report', {}), wording, business);
  expect(mail.subject).toBe('News from Linden Hive: our visit of October 1, 2026');
  expect(mail.text).toContain('Hello Ada,');
  expect(mail.text).toContain('The linden is in bloom.');
  expect(mail.text).toContain("your hive's page: https://buzzhaven.example/my-hive");
  expect(mail.html).toContain(`<img src="${PHOTO}" alt=""`);
  expect(mail.headers).toEqual({
    'List-Unsubscribe': `<https://ref.supabase.co/functions/v1/newsletter?stop_visit_reports=${STOP}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
});

test('an image data URL (a seeded picture) is left out, its paragraph too', () => {
  const mail = renderMessage(report('visit_report', { photo_url: 'data:image/png;base64,AAAA' }), wording, business);
  expect(mail.html).not.toContain('<img');
  expect(mail.text).not.toContain('data:image');
});

test('a colony loss has its own honest wording', () => {
  const mail = renderMessage(report('visit_report_loss', { note: 'The colony did not survive the cold snap.' }), wording, business);
  expect(mail.subject).toBe('Sad news about Linden Hive');
  expect(mail.text).toContain('the colony of Linden Hive did not make it');
  expect(mail.text).toContain('The colony did not survive the cold snap.');
  expect(mail.text).not.toContain('What we saw');
});

test('the wording uses only the placeholders its kind offers', () => {
  for (const kind of ['visit_report', 'visit_report_loss'] as const) {
    expect(unknownPlaceholders(kind, wording.messages[kind].subject + wording.messages[kind].body)).toEqual([]);
  }
});

test('the one-click POST stops the reports; a GET (a link checker) does not', async () => {
  const calls: { url: string; body: unknown }[] = [];
  const handle = createNewsletterHandler({ supabaseUrl: 'https://ref.supabase.co', anonKey: 'anon', siteUrl: 'https://buzzhaven.example',
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('true', { status: 200 });
    }) as typeof fetch });
  const url = `https://ref.supabase.co/functions/v1/newsletter?stop_visit_reports=${STOP}`;
  expect((await handle(new Request(url))).status).toBe(400);
  expect(calls).toEqual([]);
  const res = await handle(new Request(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
  expect(res.status).toBe(200);
  expect(calls).toEqual([{ url: 'https://ref.supabase.co/rest/v1/rpc/stop_buzz_haven_visit_reports', body: { p_token: STOP } }]);
});

test("the newsletter confirmation link lands on the home page of the e-mail's language", async () => {
  const handle = createNewsletterHandler({ supabaseUrl: 'https://ref.supabase.co', anonKey: 'anon', siteUrl: 'https://buzzhaven.example/',
    fetch: (async () => new Response('"confirmed"', { status: 200 })) as unknown as typeof fetch });
  const landing = async (query: string) => (await handle(new Request(`https://ref.supabase.co/functions/v1/newsletter?confirm=${STOP}${query}`)))
    .headers.get('location');
  expect(await landing('&locale=es')).toBe('https://buzzhaven.example/es?newsletter=confirmed');
  expect(await landing('')).toBe('https://buzzhaven.example/?newsletter=confirmed');
  // a language the site does not have is English
  expect(await landing('&locale=xx')).toBe('https://buzzhaven.example/?newsletter=confirmed');
});
