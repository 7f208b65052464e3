/**
 * Who may read the local mailbox (supabase/local/src/auth/mailer/mailboxAccess.ts). It holds
 * password-reset links, so reading it must take more than reaching the port: the service_role key
 * (apikey or Authorization: Bearer), or the cookie set by the link the backend prints at start.
 * Without `--mailbox` it does not exist (404), and `--mailbox` alone keeps it off on a host
 * beyond loopback.
 */
import { client, OWNER, SERVICE_ROLE_KEY, ANON_KEY } from './support/clients';
import { mailboxGet } from './support/mailbox';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { isLoopbackHost, mailboxEnabled } from '../../supabase/local/src/auth/mailer/mailboxAccess';

/** The opaque secret key of the CLI (supabase/local/src/keys.ts): the gateway maps it to service_role. */
const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
const SUBJECT = 'Reset your Buzz Haven password';

let on: Backend;
let off: Backend;

beforeAll(async () => {
  [on, off] = await Promise.all([startBackend(), startBackend({ mailbox: false })]);
  // A reset link for the owner: what an intruder would be after.
  await client(on.url).auth.resetPasswordForEmail(OWNER.email, { redirectTo: 'http://127.0.0.1:8000/auth/set-password' });
}, 200_000);

afterAll(async () => {
  await Promise.all([on?.stop(), off?.stop()]);
  for (const b of [on, off]) if (b) removeDataDir(b.dataDir);
});

/** The `/mailbox?key=...` link the backend printed at start. */
function printedLink(backend: Backend): string {
  const match = /Local mailbox: (http:\/\/\S+\/mailbox\?key=\S+)/.exec(backend.output());
  if (!match) throw new Error(`no mailbox link in the output:\n${backend.output()}`);
  return match[1]!;
}

test('without a key the mailbox answers 401 and shows no mail, to no one and to the anon key alike', async () => {
  const { data } = await client(on.url).auth.signInWithPassword(OWNER);
  const userToken = data.session!.access_token;
  for (const path of ['/mailbox', '/mailbox/api/messages', '/mailbox/1']) {
    for (const headers of [{}, { apikey: ANON_KEY }, { apikey: ANON_KEY, Authorization: `Bearer ${userToken}` }] as Record<string, string>[]) {
      const res = await fetch(`${on.url}${path}`, { headers });
      const body = await res.text();
      expect([path, res.status]).toEqual([path, 401]);
      expect(body).not.toContain(SUBJECT);
      expect(body).not.toContain('/auth/v1/verify');
    }
  }
});

test('the service_role key reads it: apikey, Authorization: Bearer, or the opaque secret key', async () => {
  const viaApikey = await mailboxGet(on.url, `/mailbox/api/messages?to=${encodeURIComponent(OWNER.email)}`);
  expect(viaApikey.status).toBe(200);
  const { messages } = (await viaApikey.json()) as { messages: { subject: string }[] };
  expect(messages[0]?.subject).toBe(SUBJECT);
  const viaBearer = await fetch(`${on.url}/mailbox`, { headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
  expect(viaBearer.status).toBe(200);
  expect(await viaBearer.text()).toContain(SUBJECT);
  const viaSecret = await fetch(`${on.url}/mailbox/api/messages`, { headers: { apikey: SECRET_KEY } });
  expect(viaSecret.status).toBe(200);
});

test('the link printed at start sets an HttpOnly, SameSite=Strict cookie that opens the pages', async () => {
  const link = printedLink(on);
  expect(link.startsWith(`${on.url}/mailbox?key=`)).toBe(true);
  const visit = await fetch(link, { redirect: 'manual' });
  expect(visit.status).toBe(303);
  expect(visit.headers.get('location')).toBe('/mailbox');
  const setCookie = visit.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^buzz_mailbox=[A-Za-z0-9_-]{32,};/);
  expect(setCookie).toMatch(/; HttpOnly/i);
  expect(setCookie).toMatch(/; SameSite=Strict/i);
  expect(setCookie).toMatch(/; Path=\/mailbox/i);
  const cookie = setCookie.split(';')[0]!;

  const page = await fetch(`${on.url}/mailbox`, { headers: { cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(SUBJECT);
  const id = /href="\/mailbox\/(\d+)"/.exec(html)![1];
  expect((await fetch(`${on.url}/mailbox/${id}`, { headers: { cookie } })).status).toBe(200);

  const wrongKey = await fetch(`${on.url}/mailbox?key=${'x'.repeat(43)}`, { redirect: 'manual' });
  expect(wrongKey.status).toBe(401);
  expect(wrongKey.headers.get('set-cookie')).toBeNull();
  expect((await fetch(`${on.url}/mailbox`, { headers: { cookie: `buzz_mailbox=${'x'.repeat(43)}` } })).status).toBe(401);
});

test('without --mailbox, /mailbox is 404 even for the service_role key, and no link is printed', async () => {
  for (const path of ['/mailbox', '/mailbox/api/messages']) {
    const res = await mailboxGet(off.url, path);
    expect([path, res.status]).toEqual([path, 404]);
  }
  expect(off.output()).not.toContain('/mailbox?key=');
});

test('--mailbox turns it on for a loopback host only; --force-mailbox on any host', () => {
  for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
    expect([host, isLoopbackHost(host)]).toEqual([host, true]);
  }
  for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '']) {
    expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  }
  expect(mailboxEnabled('off', '127.0.0.1')).toBe(false);
  expect(mailboxEnabled('loopback', '127.0.0.1')).toBe(true);
  expect(mailboxEnabled('loopback', '0.0.0.0')).toBe(false);
  expect(mailboxEnabled('any-host', '0.0.0.0')).toBe(true);
});
