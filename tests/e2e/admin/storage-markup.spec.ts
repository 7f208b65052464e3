/**
 * Uploaded files are never script, in Chromium: no file staff upload to Storage runs as script on the backend's
 * origin (which also serves /auth/v1 and /mailbox). Signed in as the demo owner over HTTP, the
 * spec tries to put an HTML page into the public `media` bucket three ways and opens each
 * object's URL in Chromium, with a dialog listener and a window flag the payload would set:
 * - under `image/png;,text/html` (raw body and multipart `contentType` field): refused, 415;
 * - under `image/png`: refused, 415 (the body starts with markup, not image data);
 * - under `text/plain`, a type the bucket allows: stored, and served as text/plain with
 *   `X-Content-Type-Options: nosniff`, so Chromium shows the markup as text.
 * No dialog opens and the flag stays unset on any of those pages.
 *
 * Why this fails without the fix (supabase/local/src/storage/media-type.ts, sniff.ts): the
 * allow-list used to read only the part of the type before `;`, so `image/png;,text/html` was
 * accepted (200, not 415), stored verbatim and served back with that Content-Type and no nosniff;
 * Chromium takes the last of comma-separated types, renders the body as HTML and runs its script.
 * Then the upload's status check fails, and so do the dialog and flag checks when its URL is
 * opened. The first test serves exactly that answer (the old type, no nosniff) through a route and
 * shows that the dialog and flag checks catch a script that runs, so they cannot pass vacuously.
 */
import { expect, test, type APIRequestContext, type Dialog, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../supabase/local/src/keys';
import { ownerToken } from '../site/staff-api';

const API = 'http://127.0.0.1:54321';
const FOLDER = `e2e-markup-${Date.now().toString(36)}`;
const objectUrl = (name: string) => `${API}/storage/v1/object/public/media/${FOLDER}/${name}`;
const PAYLOAD = '<!DOCTYPE html><html><body><h1>markup</h1>'
  + '<script>window.__storageScriptRan = true; alert("stored markup ran")</script>'
  + '<img src="data:," onerror="window.__storageScriptRan = true"></body></html>';

interface Visit {
  status: number;
  contentType: string | undefined;
  nosniff: string | undefined;
  dialogs: string[];
  scriptRan: boolean;
}

/** Opens `url` as a page of its own and reports what the browser did with it. */
async function visit(page: Page, url: string): Promise<Visit> {
  const dialogs: string[] = [];
  const onDialog = (dialog: Dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => undefined);
  };
  page.on('dialog', onDialog);
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(300); // an onerror handler may run after load
    const scriptRan = await page.evaluate(() => (window as { __storageScriptRan?: boolean }).__storageScriptRan === true);
    const headers = response?.headers() ?? {};
    return { status: response?.status() ?? 0, contentType: headers['content-type'], nosniff: headers['x-content-type-options'], dialogs, scriptRan };
  } finally {
    page.off('dialog', onDialog);
  }
}

async function upload(request: APIRequestContext, name: string, contentType: string, multipart = false) {
  const headers = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${await ownerToken(request)}` };
  const url = `${API}/storage/v1/object/media/${FOLDER}/${name}`;
  const response = multipart
    ? await request.post(url, {
      headers,
      multipart: { cacheControl: '3600', contentType, file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(PAYLOAD) } },
    })
    : await request.post(url, { headers: { ...headers, 'content-type': contentType }, data: Buffer.from(PAYLOAD) });
  return { status: response.status(), body: (await response.json()) as { statusCode?: string; message?: string; Key?: string } };
}

test.afterAll(async ({ request }) => {
  await request.delete(`${API}/storage/v1/object/media`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    data: { prefixes: ['hidden.png', 'multipart.png', 'markup.png', 'page.txt'].map((n) => `${FOLDER}/${n}`) },
  });
});

test('control: the answer Storage gave before the fix runs the payload in Chromium (the checks catch it)', async ({ page }) => {
  await page.route(objectUrl('control.png'), (route) =>
    route.fulfill({ status: 200, headers: { 'content-type': 'image/png;,text/html' }, body: PAYLOAD }));
  const seen = await visit(page, objectUrl('control.png'));
  expect(seen.dialogs).toEqual(['stored markup ran']);
  expect(seen.scriptRan).toBe(true);
});

test('HTML hidden behind image/png;,text/html is refused (415) and its URL runs nothing', async ({ page, request }) => {
  const raw = await upload(request, 'hidden.png', 'image/png;,text/html');
  expect.soft([raw.status, raw.body.statusCode, raw.body.message]).toEqual([400, '415', 'mime type image/png;,text/html is not supported']);
  const form = await upload(request, 'multipart.png', 'image/png;,text/html', true);
  expect.soft([form.status, form.body.statusCode]).toEqual([400, '415']);
  for (const name of ['hidden.png', 'multipart.png']) {
    const seen = await visit(page, objectUrl(name));
    expect([name, seen.dialogs, seen.scriptRan]).toEqual([name, [], false]);
    expect(seen.status).toBe(400); // Storage's 404 body: nothing was stored
  }
});

test('HTML declared as image/png is refused (415: markup, not image data) and its URL runs nothing', async ({ page, request }) => {
  const up = await upload(request, 'markup.png', 'image/png');
  expect.soft([up.status, up.body.statusCode]).toEqual([400, '415']);
  expect.soft(up.body.message).toContain('the file starts with markup');
  const seen = await visit(page, objectUrl('markup.png'));
  expect([seen.dialogs, seen.scriptRan]).toEqual([[], false]);
  expect(seen.status).toBe(400);
});

test('HTML stored as text/plain (allowed) is served as text with nosniff: shown, not run', async ({ page, request }) => {
  const up = await upload(request, 'page.txt', 'text/plain');
  expect([up.status, up.body.Key]).toEqual([200, `media/${FOLDER}/page.txt`]);
  const seen = await visit(page, objectUrl('page.txt'));
  expect(seen).toEqual({ status: 200, contentType: 'text/plain', nosniff: 'nosniff', dialogs: [], scriptRan: false });
  // Chromium shows the markup as text.
  await expect(page.locator('body')).toContainText('<script>window.__storageScriptRan = true;');
});
