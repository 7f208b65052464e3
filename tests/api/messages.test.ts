/**
 * E-mail through the outbox end to end: visitor requests over supabase-js, the sender
 * (supabase/functions/send-messages/run.ts) as its own process, the backend's local SMTP sink and
 * the mailbox (/mailbox/api/messages). A fault test: an SMTP relay that refuses every message's
 * first 3 tries, and the sender killed (SIGKILL) between a send and its mark; after a restart
 * every message is in the mailbox exactly once.
 */
import { ANON_KEY, OWNER, SERVICE_ROLE_KEY, client, signedIn } from './support/clients';
import { mailboxGet, mailTo, type Mail } from './support/mailbox';
import { smtpPortOf, startFlakyRelay, startSender, type Sender } from './support/sender';
import { removeDataDir, startBackend, type Backend } from './support/server';

const WILDFLOWER = 'b0220000-0000-4000-8000-000000000201'; // $20.00
const BASICS = 'b0220000-0000-4000-8000-000000000301';

type OutboxMail = Mail & { text_body: string | null; message_id: string | null; attachments: { filename: string; content_type: string; content: string }[] };

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
  // The first call on a fresh backend plans every function a request touches: on a loaded machine
  // that alone can pass anon's 3 s statement timeout, which is not what this file is about.
  await swarm('warm-up@example.com');
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

let phone = 1000;
const locationOf = (n: number) => `${n} Oak Ave, East Hills`;
const swarm = (email: string | null) => client(backend.url).rpc('submit_buzz_haven_swarm_report', {
  p_location: locationOf(phone + 1), p_formed_when: 'under_24h', p_size: 'larger', p_height: 'reachable',
  p_in_structure: false, p_phone: `510555${++phone}`, p_name: 'Sam Reporter', p_email: email, p_notes: 'On the fence\r\nBcc: x@evil.test',
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}
const mailOf = (email: string, count = 1) => waitFor(`${count} mail(s) to ${email}`, async () => {
  const mails = (await mailTo(backend.url, email)) as OutboxMail[];
  return mails.length >= count ? mails : undefined;
});

describe('with the sender running', () => {
  let sender: Sender;
  beforeAll(() => { sender = startSender(backend); });
  afterAll(() => sender.stop());

  test('a swarm report: the reporter\'s confirmation and the owner\'s alert with a link arrive in the mailbox', async () => {
    const { data, error } = await swarm('sam@example.com');
    expect(error).toBeNull();
    const [confirmation] = await mailOf('sam@example.com');
    expect(confirmation).toMatchObject({ subject: 'We received your swarm report', kind: 'swarm_report_received' });
    expect(confirmation!.text_body).toContain('What happens next: a beekeeper calls you back at 510555');
    expect(confirmation!.text_body).toContain('Buzz Haven · East Hills, California · (510) 555-0147 · hello@buzzhaven.org');
    expect(confirmation!.html).toContain('hello@buzzhaven.org');
    expect(confirmation!.message_id).toBe(`<swarm_report_received.${data.id}@buzz-haven.outbox>`);

    const alerts = await waitFor('the staff alert', async () => {
      const mails = (await mailTo(backend.url, OWNER.email)) as OutboxMail[];
      const found = mails.filter((m) => m.kind === 'staff_swarm_alert' && m.text_body?.includes(data.id));
      return found.length ? found : undefined;
    });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe(`Swarm report: ${locationOf(phone)}`);
    expect(alerts[0]!.text_body).toContain(`Open the report: http://localhost:8000/admin/swarm_reports/${data.id}/show`);
    // The reporter's notes with a CR/LF stay in the body, on one line: never a header.
    expect(alerts[0]!.text_body).toContain('Notes: On the fence Bcc: x@evil.test');
    expect(await mailTo(backend.url, 'x@evil.test')).toEqual([]);
  });

  test('an order request and a workshop registration: the receipt with its lines, the confirmation with an .ics', async () => {
    const order = await client(backend.url).rpc('submit_buzz_haven_order_request', {
      p_customer_name: 'Ada Buyer', p_customer_email: 'ada.buyer@example.com', p_delivery: 'pickup',
      p_items: [{ product_id: WILDFLOWER, quantity: 2, unit_price: 2000 }],
    });
    expect(order.error).toBeNull();
    const [receipt] = await mailOf('ada.buyer@example.com');
    expect(receipt!.subject).toBe(`We received your order ${order.data.number}`);
    expect(receipt!.text_body).toContain('2 x East Hills Wildflower Honey  $20.00 each  $40.00');
    expect(receipt!.text_body).toContain('Total: $40.00');
    expect(receipt!.html).toMatch(/<td[^>]*>East Hills Wildflower Honey<\/td>/);

    const registration = await client(backend.url).rpc('register_buzz_haven_workshop', {
      p_event_id: BASICS, p_name: 'Bea Learner', p_email: 'bea@example.com', p_places: 1,
    });
    expect(registration.error).toBeNull();
    const [confirmed] = await mailOf('bea@example.com');
    expect(confirmed!.subject).toMatch(/^You're registered: /);
    expect(confirmed!.attachments).toEqual([expect.objectContaining({ filename: 'workshop.ics', content_type: expect.stringMatching(/^text\/calendar/) })]);
    expect(confirmed!.attachments[0]!.content).toMatch(/BEGIN:VEVENT[\s\S]*STATUS:CONFIRMED[\s\S]*END:VEVENT/);
    // The mailbox page names the attachment and downloads it as a calendar file.
    expect(await (await mailboxGet(backend.url, `/mailbox/${confirmed!.id}`)).text())
      .toContain(`<a href="/mailbox/${confirmed!.id}/attachments/0">workshop.ics</a>`);
    const ics = await mailboxGet(backend.url, `/mailbox/${confirmed!.id}/attachments/0`);
    expect([ics.status, ics.headers.get('content-type'), ics.headers.get('content-disposition')])
      .toEqual([200, expect.stringMatching(/^text\/calendar/), 'attachment; filename="workshop.ics"']);
    expect(await ics.text()).toMatch(/^BEGIN:VCALENDAR/);
    expect((await mailboxGet(backend.url, `/mailbox/${confirmed!.id}/attachments/1`)).status).toBe(404);
  });
});

test('an SMTP server that refuses 3 times and a sender killed mid-batch: every message arrives exactly once', async () => {
  let sender: Sender | undefined;
  let killed = false;
  const relay = await startFlakyRelay(smtpPortOf(backend), 3, async () => {
    if (killed || !sender) return;
    killed = true; // between the relay's 250 to come and the sender's mark: the worst moment
    await sender.stop('SIGKILL');
  });
  const env = { SMTP_PORT: String(relay.port), MESSAGES_BATCH_SIZE: '3', MESSAGES_LEASE_SECONDS: '5', MESSAGES_RETRY_BASE_SECONDS: '0' };
  const emails = ['f1@example.com', 'f2@example.com', 'f3@example.com', 'f4@example.com'];
  for (const email of emails) expect((await swarm(email)).error).toBeNull();

  sender = startSender(backend, env);
  expect(await sender.exited).toBeNull(); // killed by the signal
  expect(killed).toBe(true);
  sender = startSender(backend, env);
  try {
    const staff = await signedIn(backend.url, OWNER.email, OWNER.password);
    const outbox = await waitFor('every message sent', async () => {
      const { data } = await staff.rpc('get_buzz_haven_outbox_messages');
      const rows = (data ?? []) as { state: string; recipient: string; idempotency_key: string; tries: number }[];
      return rows.every((m) => m.state === 'sent') ? rows : undefined;
    }, 90_000);
    const res = await mailboxGet(backend.url, '/mailbox/api/messages');
    const mailbox = ((await res.json()) as { messages: OutboxMail[] }).messages.filter((m) => m.message_id);
    const key = (m: { recipient: string; message_id: string | null }) => `${m.message_id} ${m.recipient.toLowerCase()}`;
    expect(new Set(mailbox.map(key)).size).toBe(mailbox.length);
    expect(mailbox.map(key).sort()).toEqual(outbox.map((m) => `<${m.idempotency_key}@buzz-haven.outbox> ${m.recipient.toLowerCase()}`).sort());
    for (const email of emails) expect(await mailTo(backend.url, email)).toHaveLength(1);
    // The fault really happened: the message in flight at the kill was relayed twice, and every
    // new message was refused 3 times first.
    expect(relay.relayed.length).toBeGreaterThan(new Set(relay.relayed).size);
    for (const m of outbox.filter((f) => emails.includes(f.recipient))) {
      expect(relay.attempts.get(`<${m.idempotency_key}@buzz-haven.outbox>`)).toBeGreaterThanOrEqual(4);
    }
  } finally {
    await sender.stop();
    await relay.close();
  }
}, 150_000);

test('the send-messages Edge Function (as the schedule calls it): service role only; it delivers what is due', async () => {
  const call = (key: string) => fetch(`${backend.url}/functions/v1/send-messages`, {
    method: 'POST', headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
  expect((await call(ANON_KEY)).status).toBe(401);
  expect((await swarm('edge@example.com')).error).toBeNull();
  const res = await call(SERVICE_ROLE_KEY);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ sent: 2, failed: 0 }); // the reporter and the owner
  expect((await mailTo(backend.url, 'edge@example.com')).map((m) => m.subject)).toEqual(['We received your swarm report']);
});

test('newsletter double opt-in: the confirmation e-mail\'s link confirms (303 to the site); one-click unsubscribe (RFC 8058) ends it', async () => {
  expect((await client(backend.url).rpc('subscribe_buzz_haven_newsletter', { p_email: 'reader@example.com' })).data).toBe(true);
  const deliver = await fetch(`${backend.url}/functions/v1/send-messages`, {
    method: 'POST', headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  expect(deliver.status).toBe(200);
  const [mail] = (await mailTo(backend.url, 'reader@example.com')) as OutboxMail[];
  expect(mail!.subject).toBe('Please confirm your subscription to the Buzz Haven newsletter');
  const link = /(http\S+\/functions\/v1\/newsletter\?confirm=[0-9a-f-]+)/.exec(mail!.text_body ?? '')?.[1];
  expect(link).toBeDefined();
  const open = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
  const confirmed = await open(link!); // no JWT: opened from an e-mail
  expect([confirmed.status, confirmed.headers.get('location')]).toEqual([303, 'http://localhost:8000/?newsletter=confirmed']);

  const unsubscribe = link!.replace('confirm=', 'unsubscribe=');
  expect((await open(unsubscribe)).status).toBe(400); // a GET (a link checker) never unsubscribes
  const oneClick = await open(unsubscribe, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  expect((await open(link!)).headers.get('location')).toBe('http://localhost:8000/?newsletter=unknown');
});

test('a campaign: staff send a test to themselves, then to the confirmed subscribers only, each once, with a working one-click unsubscribe', async () => {
  const anonClient = client(backend.url);
  for (const email of ['fan1@example.com', 'fan2@example.com', 'unconfirmed@example.com']) {
    await anonClient.rpc('subscribe_buzz_haven_newsletter', { p_email: email });
  }
  const send = () => fetch(`${backend.url}/functions/v1/send-messages`, {
    method: 'POST', headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  await send();
  for (const email of ['fan1@example.com', 'fan2@example.com']) {
    const [mail] = (await mailTo(backend.url, email)) as OutboxMail[];
    const link = /(http\S+\/functions\/v1\/newsletter\?confirm=[0-9a-f-]+)/.exec(mail!.text_body ?? '')![1]!;
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
  }
  const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  const { data: campaign } = await owner.rpc('create_buzz_haven_campaign', { p_subject: 'Honey harvest news', p_body: 'The **harvest** is in.' });
  await owner.rpc('update_buzz_haven_campaign', { p_id: campaign.id, p_send: 'test' });
  expect((await owner.rpc('update_buzz_haven_campaign', { p_id: campaign.id, p_send: 'all' })).data).toMatchObject({ state: 'sent', recipients: 2 });
  expect((await owner.rpc('update_buzz_haven_campaign', { p_id: campaign.id, p_send: 'all' })).error?.message).toBe('This campaign was already sent');
  expect(await (await send()).json()).toMatchObject({ sent: 3, failed: 0 });

  const test = ((await mailTo(backend.url, OWNER.email)) as OutboxMail[]).filter((m) => m.subject === 'Honey harvest news');
  expect(test.map((m) => m.text_body?.includes('A test of this campaign'))).toEqual([true]);
  expect(await mailTo(backend.url, 'unconfirmed@example.com')).toHaveLength(1); // its confirmation request only
  const [letter] = (await mailTo(backend.url, 'fan1@example.com')) as OutboxMail[];
  expect(letter!.subject).toBe('Honey harvest news');
  expect(letter!.html).toContain('The <strong>harvest</strong> is in.');
  const token = /token=([0-9a-f-]+)/.exec(letter!.text_body ?? '')![1]!;
  const oneClick = await fetch(`${backend.url}/functions/v1/newsletter?unsubscribe=${token}`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  const { data: next } = await owner.rpc('create_buzz_haven_campaign', { p_subject: 'Next', p_body: 'Again' });
  expect((await owner.rpc('update_buzz_haven_campaign', { p_id: next.id, p_send: 'all' })).data).toMatchObject({ recipients: 1 });
});
