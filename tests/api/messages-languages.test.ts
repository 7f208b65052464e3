/**
 * A visitor's request from a Spanish page gets its e-mail in Spanish, end to end: the request over
 * supabase-js with p_locale 'es', the outbox row the database writes with it, the sender
 * (supabase/functions/send-messages/run.ts) as its own process, the backend's SMTP sink and the
 * mailbox. The same request without p_locale gets the English e-mail. The sender reads the
 * published documents through a pass-through proxy that adds the starting Spanish 'messages'
 * document (content/es/messages.yaml) when the backend publishes none in Spanish.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { client, raiseVisitorLimits } from './support/clients';
import { mailTo, type Mail } from './support/mailbox';
import { startSender, type Sender } from './support/sender';
import { REPO_ROOT, removeDataDir, startBackend, type Backend } from './support/server';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201'; // $20.00
const BASICS = 'b0220000-0000-4000-8000-000000000301';
const SPANISH_MESSAGES = parse(readFileSync(join(REPO_ROOT, 'content/es/messages.yaml'), 'utf8'));

type OutboxMail = Mail & { text_body: string | null; attachments: { filename: string }[] };

let backend: Backend;
let proxy: Server;
let sender: Sender;

/** Forwards every request to the backend; adds a Spanish 'messages' row to the published documents when it has none. */
function startProxy(target: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length'].includes(k))) as Record<string, string>;
    const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    let body = Buffer.from(await upstream.arrayBuffer());
    if (req.url?.endsWith('/rpc/get_buzz_haven_published_content') && upstream.ok) {
      const rows = JSON.parse(body.toString('utf8')) as { key: string; locale?: string }[];
      if (!rows.some((r) => r.key === 'messages' && r.locale === 'es')) rows.push({ key: 'messages', locale: 'es', body: SPANISH_MESSAGES } as never);
      body = Buffer.from(JSON.stringify(rows));
    }
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(body);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

beforeAll(async () => {
  backend = await startBackend();
  await raiseVisitorLimits(backend.url, ['newsletter', 'order', 'registration']);
  proxy = await startProxy(backend.url);
  sender = startSender({ ...backend, url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
}, 200_000);
afterAll(async () => {
  await sender?.stop();
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)));
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

async function mailOf(email: string): Promise<OutboxMail> {
  const until = Date.now() + 60_000;
  for (;;) {
    const [mail] = (await mailTo(backend.url, email)) as OutboxMail[];
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${email}:\n${sender.output()}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

test('a newsletter sign-up from a Spanish page is confirmed in Spanish, one without p_locale in English', async () => {
  expect((await client(backend.url).rpc('subscribe_buzz_haven_newsletter', { p_email: 'lucia@example.com', p_locale: 'es' })).error).toBeNull();
  expect((await client(backend.url).rpc('subscribe_buzz_haven_newsletter', { p_email: 'june@example.com' })).error).toBeNull();
  expect((await mailOf('lucia@example.com')).subject).toBe('Confirme su suscripción al boletín de Buzz Haven');
  expect((await mailOf('june@example.com')).subject).toBe('Please confirm your subscription to the Buzz Haven newsletter');
});

test('a Spanish order and a Spanish workshop registration get their e-mails in Spanish', async () => {
  const order = await client(backend.url).rpc('submit_buzz_haven_order_request', {
    p_customer_name: 'Ana Compradora', p_customer_email: 'ana.compra@example.com', p_delivery: 'pickup',
    p_items: [{ product_id: WILDFLOWER, quantity: 2, unit_price: 2000 }], p_locale: 'es',
  });
  expect(order.error).toBeNull();
  const receipt = await mailOf('ana.compra@example.com');
  expect(receipt.subject).toBe(`Recibimos su pedido ${order.data.number}`);
  expect(receipt.text_body).toContain('$20.00 c/u  $40.00');

  const registration = await client(backend.url).rpc('register_buzz_haven_workshop', {
    p_event_id: BASICS, p_name: 'Bea Aprendiz', p_email: 'bea.aprende@example.com', p_places: 1, p_locale: 'es',
  });
  expect(registration.error).toBeNull();
  const confirmed = await mailOf('bea.aprende@example.com');
  expect(confirmed.subject).toMatch(/^Ya está inscrito: /);
  expect(confirmed.attachments).toEqual([expect.objectContaining({ filename: 'workshop.ics' })]);
});

test('a refused Spanish request is told why in Spanish', async () => {
  const { error } = await client(backend.url).rpc('subscribe_buzz_haven_newsletter', { p_email: 'not-an-address', p_locale: 'es' });
  expect(error).toMatchObject({ code: '22023', message: 'Escriba un correo electrónico válido' });
});
