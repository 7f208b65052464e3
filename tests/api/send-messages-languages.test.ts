/**
 * The outbox sender writes each message in its row's language (buzz_haven.outbox_messages.locale):
 * that language's published documents completed from English field by field, its value words and
 * dates; a row or a published document without a language is English. A campaign goes out in the
 * subscriber's language, each Spanish part left empty taking the English one. The documents are
 * the starting content/messages.yaml and content/es/messages.yaml.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { sendDueMessages } from '../../supabase/functions/send-messages/sender.ts';
import type { OutboxRow } from '../../supabase/functions/send-messages/render.ts';
import { REPO_ROOT } from './support/server';

const yaml = (file: string) => parse(readFileSync(join(REPO_ROOT, 'content', file), 'utf8'));

const row = (id: string, over: Partial<OutboxRow>): OutboxRow => ({
  id, kind: 'order_received', recipient: `${id}@example.com`, recipient_name: 'Ana', idempotency_key: `order_received.${id}`, tries: 1,
  data: { customer: { name: 'Ana' }, order: { number: 'BH-1001', delivery: 'pickup', subtotal: 4000, shipping: 0, total: 4000,
    lines: [{ name: 'Miel', quantity: 2, unit_price: 2000, line_total: 4000 }] } },
  ...over,
});

/** One sender pass over `rows` with `published` as get_buzz_haven_published_content's answer; the mails it sent. */
async function pass(rows: OutboxRow[], published: unknown[]) {
  const answers: Record<string, unknown> = {
    claim_buzz_haven_outbox_messages: rows, get_buzz_haven_published_content: published,
    mark_buzz_haven_outbox_message_sent: {}, mark_buzz_haven_outbox_message_failed: { state: 'queued' },
  };
  const fakeFetch = (async (url: string) => new Response(JSON.stringify(answers[url.split('/rpc/')[1]!] ?? 0))) as unknown as typeof fetch;
  const sent: Record<string, any>[] = [];
  const result = await sendDueMessages({ supabaseUrl: 'http://outbox.invalid', serviceRoleKey: 'k', from: 'hello@buzzhaven.org',
    siteUrl: 'https://buzzhaven.example', transport: { sendMail: async (mail) => void sent.push(mail) }, fetch: fakeFetch });
  expect(result.failed).toBe(0);
  return sent;
}

const english = [{ key: 'messages', locale: 'en', body: yaml('messages.yaml') }, { key: 'site', locale: 'en', body: yaml('site.yaml') }];
const spanish = { key: 'messages', locale: 'es', body: yaml('es/messages.yaml') };

test('a Spanish order is acknowledged in Spanish (words, values, table); an English one and a row without a language in English', async () => {
  const [es, en, none] = await pass([row('es1', { locale: 'es' }), row('en1', { locale: 'en' }), row('none1', {})], [...english, spanish]);
  expect(es!.subject).toBe('Recibimos su pedido BH-1001');
  expect(es!.text).toContain('2 x Miel  $20.00 c/u  $40.00');
  expect(es!.text).toContain('Entrega: Recoger en persona');
  expect(es!.html).toContain('>Producto</th>');
  expect([en!.subject, none!.subject]).toEqual(['We received your order BH-1001', 'We received your order BH-1001']);
  expect(en!.text).toContain('2 x Miel  $20.00 each  $40.00');
});

test('published rows without a language are English; a Spanish document missing a message falls back to its English', async () => {
  const untagged = english.map(({ key, body }) => ({ key, body }));
  const [withoutSpanish] = await pass([row('es2', { locale: 'es' })], untagged);
  expect(withoutSpanish!.subject).toBe('We received your order BH-1001');
  const partial = { ...spanish, body: { ...spanish.body, messages: { ...spanish.body.messages, order_received: undefined } } };
  const [fellBack] = await pass([row('es3', { locale: 'es' })], [...untagged, partial]);
  expect(fellBack!.subject).toBe('We received your order BH-1001');
  // the rest of the message is still the Spanish document's
  expect(fellBack!.text).toContain(yaml('es/messages.yaml').footer);
});

const offerings = (locale: string, file: string) => ({ key: 'catalog/workshop-offerings', locale, body: yaml(file) });

test('a workshop confirmation in Spanish: its date and its workshop in Spanish, in the mail and its .ics', async () => {
  const data = (offering: string | null) => ({ customer: { name: 'Ana' }, registration: { id: 'r1', places: 1 },
    event: { id: 'e1', title: 'Beekeeping Basics', location: 'The Apiary', start_time: '2026-05-02T17:00:00Z', end_time: '2026-05-02T19:00:00Z', offering } });
  const published = [...english, spanish, offerings('en', 'catalog/workshop-offerings.yaml'), offerings('es', 'es/catalog/workshop-offerings.yaml')];
  const [mail, en, own] = await pass([
    row('es4', { kind: 'registration_confirmed', locale: 'es', data: data('beekeeping-basics'), idempotency_key: 'registration_confirmed.r1' }),
    row('en4', { kind: 'registration_confirmed', locale: 'en', data: data('beekeeping-basics'), idempotency_key: 'registration_confirmed.r2' }),
    // an event of no offering (a one-off) keeps the title staff gave it
    row('es5', { kind: 'registration_confirmed', locale: 'es', data: data(null), idempotency_key: 'registration_confirmed.r3' }),
  ], published);
  expect(mail!.text).toContain('sábado, 2 de mayo de 2026');
  expect(mail!.subject).toBe('Ya está inscrito: Apicultura básica');
  expect(mail!.attachments).toEqual([expect.objectContaining({ filename: 'workshop.ics' })]);
  expect(String(mail!.attachments[0].content)).toContain('SUMMARY:Apicultura básica');
  expect(en!.subject).toBe("You're registered: Beekeeping Basics");
  expect(String(en!.attachments[0].content)).toContain('SUMMARY:Beekeeping Basics');
  expect(own!.subject).toBe('Ya está inscrito: Beekeeping Basics');
});

test("a Spanish message's links lead to the Spanish pages; an English one's to the English pages", async () => {
  const token = 'a1b2c3d4-0000-4000-8000-00000000000b';
  const art = { art: { title: 'Flores', artist: 'Ana', month: '2026-11-01', upload_token: token, vote_token: token } };
  const rows = (locale: string) => [
    row(`up-${locale}`, { kind: 'art_confirm', locale, data: art, idempotency_key: `art_confirm.${locale}` }),
    row(`ok-${locale}`, { kind: 'art_approved', locale, data: art, idempotency_key: `art_approved.${locale}` }),
    row(`vote-${locale}`, { kind: 'art_vote_confirm', locale, data: art, idempotency_key: `art_vote_confirm.${locale}` }),
    row(`nl-${locale}`, { kind: 'newsletter_confirm', locale, data: { newsletter: { token } }, idempotency_key: `newsletter_confirm.${locale}` }),
    row(`camp-${locale}`, { kind: 'newsletter_campaign', locale, data: { campaign: { id: 'c2', subject: 'Miel', body: 'Hola.' }, newsletter: { token } },
      idempotency_key: `newsletter_campaign.${locale}` }),
    row(`visit-${locale}`, { kind: 'visit_report', locale, data: { visit: { hive: 'Rooftop Hive', date: '2026-11-20', note: 'Fuerte.' } },
      idempotency_key: `visit_report.${locale}` }),
  ];
  const [upload, approved, vote, confirm, campaign, visit] = await pass(rows('es'), [...english, spanish]);
  expect(visit!.text).toContain('https://buzzhaven.example/es/my-hive');
  expect(visit!.text).toContain('20 de noviembre de 2026');
  expect(upload!.text).toContain(`https://buzzhaven.example/es/art/upload?token=${token}`);
  expect(approved!.text).toContain('https://buzzhaven.example/es/art/vote');
  expect(vote!.text).toContain(`https://buzzhaven.example/es/art/vote/confirm?token=${token}`);
  expect(confirm!.text).toMatch(new RegExp(`/functions/v1/newsletter\\?confirm=${token}&locale=es`));
  expect(campaign!.text).toContain(`https://buzzhaven.example/es/newsletter/unsubscribe?token=${token}`);
  const [enUpload, , , enConfirm, enCampaign] = await pass(rows('en'), [...english, spanish]);
  expect(enUpload!.text).toContain(`https://buzzhaven.example/art/upload?token=${token}`);
  expect(enConfirm!.text).toMatch(new RegExp(`newsletter\\?confirm=${token}\\s`));
  expect(enCampaign!.text).toContain(`https://buzzhaven.example/newsletter/unsubscribe?token=${token}`);
});

test("a campaign goes out in the subscriber's language; an empty Spanish part is the English one", async () => {
  const campaign = (translations: Record<string, unknown>) => ({
    campaign: { id: 'c1', subject: 'Spring honey', body: 'The first jars are here.', translations }, newsletter: { token: 't1' },
  });
  const [es, en, partial] = await pass([
    row('s1', { kind: 'newsletter_campaign', locale: 'es', data: campaign({ es: { subject: 'Miel de primavera', body: 'Ya llegaron los primeros frascos.' } }) }),
    row('s2', { kind: 'newsletter_campaign', locale: 'en', data: campaign({ es: { subject: 'Miel de primavera', body: 'Ya llegaron.' } }) }),
    row('s3', { kind: 'newsletter_campaign', locale: 'es', data: campaign({ es: { subject: 'Miel de primavera' } }) }),
  ], [...english, spanish]);
  expect([es!.subject, es!.text]).toEqual(['Miel de primavera', expect.stringContaining('Ya llegaron los primeros frascos.')]);
  expect(es!.text).toContain('Recibe esta carta porque se suscribió al boletín de Buzz Haven. Cancelar la suscripción:');
  expect([en!.subject, en!.text]).toEqual(['Spring honey', expect.stringContaining('The first jars are here.')]);
  expect([partial!.subject, partial!.text]).toEqual(['Miel de primavera', expect.stringContaining('The first jars are here.')]);
});
