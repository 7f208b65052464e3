/**
 * What type an uploaded object is stored and served with, through supabase-js and raw fetch (for
 * raw Content-Type headers) against the embedded backend: a malformed type such as
 * `image/png;,text/html` (which Chromium reads as text/html) is refused with 415, parameters are
 * normalised away, markup under a raster image type is refused, HTML is served as text/plain and
 * SVG/XML sandboxed, every response carries `X-Content-Type-Options: nosniff`, and unknown routes
 * answer Storage's 404 "Route ... not found".
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/src/keys';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { servedType } from '../../supabase/local/src/storage/media-type';
import { markupGuard } from '../../supabase/local/src/storage/sniff';

let backend: Backend;
let admin: SupabaseClient;
const AUTH = { apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
/** The first bytes of a real PNG (signature and IHDR chunk). */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const HTML = '<!DOCTYPE html><script>alert(document.domain)</script>';

beforeAll(async () => {
  backend = await startBackend();
  admin = createClient(backend.url, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  // `open`: no allow-list, public; `vault`: private.
  expect((await admin.storage.createBucket('open', { public: true })).error).toBeNull();
  expect((await admin.storage.createBucket('vault', { public: false })).error).toBeNull();
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const objectUrl = (path: string) => `${backend.url}/storage/v1/object/${path}`;
const rawUpload = (path: string, contentType: string, body: string | Buffer) => fetch(objectUrl(path), {
  method: 'POST', headers: { ...AUTH, 'content-type': contentType }, body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
});

async function multipartUpload(path: string, fields: Record<string, string>, file: Blob) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('', file);
  return fetch(objectUrl(path), { method: 'POST', headers: AUTH, body: form });
}

const refusal = (type: string) => ({ statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: `mime type ${type} is not supported` });

test('a malformed type that hides text/html after image/png is refused (raw and multipart), nothing stored', async () => {
  for (const type of ['image/png;,text/html', 'image/png;x', 'image/png;charset=a,text/html', 'image/png;"x"']) {
    const res = await rawUpload('media/evil.png', type, HTML);
    expect([res.status, await res.json()]).toEqual([400, refusal(type)]);
  }
  // Fastify refuses these before the route runs (its own 415 Unsupported Media Type).
  for (const type of ['image/png, text/html', 'image/png text/html']) {
    const res = await rawUpload('media/evil.png', type, HTML);
    expect([res.status, await res.json()]).toMatchObject([415, { statusCode: '415', message: 'Unsupported Media Type' }]);
  }
  const res = await multipartUpload('media/evil.png', { cacheControl: '3600', contentType: 'image/png;,text/html' }, new Blob([HTML]));
  expect([res.status, await res.json()]).toEqual([400, refusal('image/png;,text/html')]);
  expect((await admin.storage.from('media').exists('evil.png')).data).toBe(false);
});

test('parameters are normalised: the stored and served type is the allowed type (and its charset)', async () => {
  expect((await rawUpload('media/params.png', 'IMAGE/PNG ; foo="a,text/html"', PNG)).status).toBe(200);
  const got = await fetch(objectUrl('public/media/params.png'));
  expect(got.headers.get('content-type')).toBe('image/png');
  expect((await admin.storage.from('media').info('params.png')).data).toMatchObject({ contentType: 'image/png' });
  expect((await rawUpload('open/note.txt', 'text/plain; charset="utf-8"; format=flowed', 'hi')).status).toBe(200);
  expect((await fetch(objectUrl('public/open/note.txt'))).headers.get('content-type')).toBe('text/plain;charset=utf-8');
  // storage-js's own default for strings is kept as it is.
  expect((await admin.storage.from('open').upload('plain.txt', 'hi')).error).toBeNull();
  expect((await admin.storage.from('open').info('plain.txt')).data).toMatchObject({ contentType: 'text/plain;charset=UTF-8' });
});

test('markup under a raster image type is refused; image bytes (and other binary) pass', async () => {
  const bodies: [string, string | Buffer][] = [
    ['image/png', HTML],
    ['image/png', `\uFEFF \r\n\t<html><body onload=alert(1)>`],
    ['image/jpeg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['image/gif', '<?xml version="1.0"?><svg/>'],
    ['image/webp', '<script>alert(1)</script>'],
    ['image/avif', '<!-- x --><iframe src=javascript:alert(1)>'],
    ['image/png', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html>', 'utf16le')])],
  ];
  for (const [type, body] of bodies) {
    const res = await rawUpload('media/markup.png', type, body);
    expect([res.status, await res.json()]).toEqual([400, {
      ...refusal(type), message: `mime type ${type} is not supported: the file starts with markup (HTML, SVG or XML), not image data`,
    }]);
  }
  // A large one is read to its end before the refusal, so the answer still reaches the client.
  const large = await rawUpload('media/markup.png', 'image/png', `<html>${' '.repeat(3_000_000)}`);
  expect([large.status, (await large.json()).statusCode]).toEqual([400, '415']);
  const blob = await admin.storage.from('media').upload('markup.jpg', new Blob([HTML], { type: 'image/jpeg' }));
  expect(blob.error).toMatchObject({ status: 400, statusCode: '415' });
  expect((await admin.storage.from('media').exists('markup.png')).data).toBe(false);
  expect((await admin.storage.from('media').exists('markup.jpg')).data).toBe(false);
  expect((await admin.storage.from('media').upload('real.png', new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
  expect((await admin.storage.from('media').upload('bytes.png', new Blob([new Uint8Array(64).fill(7)], { type: 'image/png' }))).error).toBeNull();
  // Markup is refused only under raster image types: an HTML text file is a text file.
  expect((await admin.storage.from('media').upload('page.txt', new Blob([HTML], { type: 'text/plain' }))).error).toBeNull();
});

test('HTML is served as text/plain and SVG/XML with a sandboxing CSP, as documents that cannot script the origin', async () => {
  expect((await rawUpload('open/page.html', 'text/html', HTML)).status).toBe(200);
  const page = await fetch(objectUrl('public/open/page.html'));
  expect(page.headers.get('content-type')).toBe('text/plain');
  expect((await admin.storage.from('open').upload('logo.svg', new Blob(['<svg/>'], { type: 'image/svg+xml' }))).error).toBeNull();
  const svg = await fetch(objectUrl('public/open/logo.svg'));
  expect([svg.headers.get('content-type'), svg.headers.get('content-security-policy')]).toEqual(['image/svg+xml', 'sandbox']);
  expect((await fetch(objectUrl('public/open/page.html'))).headers.get('content-security-policy')).toBeNull();
  // Rows written before types were normalised are served normalised too.
  expect(['image/png;,text/html', 'text/html; charset=utf-8', 'nonsense', '', undefined].map(servedType))
    .toEqual(['application/octet-stream', 'text/plain;charset=utf-8', 'application/octet-stream', 'application/octet-stream', 'application/octet-stream']);
});

test('every object response says X-Content-Type-Options: nosniff', async () => {
  expect((await admin.storage.from('vault').upload('a.png', new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
  expect((await admin.storage.from('media').upload('served.png', new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
  const signed = (await admin.storage.from('vault').createSignedUrl('a.png', 60)).data!.signedUrl;
  const responses = await Promise.all([
    fetch(objectUrl('public/media/served.png')),
    fetch(objectUrl('media/served.png')),
    fetch(objectUrl('authenticated/vault/a.png'), { headers: AUTH }),
    fetch(objectUrl('vault/a.png?download=a.png'), { headers: AUTH }),
    fetch(objectUrl('public/media/served.png'), { method: 'HEAD' }),
    fetch(objectUrl('authenticated/vault/a.png'), { method: 'HEAD', headers: AUTH }),
    fetch(objectUrl('public/media/served.png'), { headers: { range: 'bytes=0-3' } }),
    fetch(signed),
    fetch(objectUrl('info/vault/a.png'), { headers: AUTH }),
    fetch(objectUrl('public/media/none.png')),
    fetch(`${backend.url}/storage/v1/nothing`),
  ]);
  expect(responses.map((r) => [r.url, r.status, r.headers.get('x-content-type-options')])).toEqual(
    responses.map((r, i) => [r.url, i >= 9 ? (i === 9 ? 400 : 404) : 200, 'nosniff']));
});

test('unknown routes answer 404 Route not found, not Bucket not found', async () => {
  const notFound = (method: string, path: string) => ({
    statusCode: '404', code: 'InvalidRequest', error: 'Not Found', message: `Route ${method}:${path} not found`,
  });
  const cases: [string, string, string | undefined][] = [
    ['GET', '/nothing/here', undefined],
    ['DELETE', '/object/media/served.png', undefined],
    ['PUT', '/bucket/media/extra', '{}'],
    ['PATCH', '/object/upload/sign/media/later.png', '{}'],
  ];
  for (const [method, path, body] of cases) {
    const res = await fetch(`${backend.url}/storage/v1${path}`, { method, headers: { ...AUTH, 'content-type': 'application/json' }, body });
    expect([res.status, await res.json()]).toEqual([404, notFound(method, path)]);
  }
});

test('the markup check judges the start of a file however it arrives in chunks', async () => {
  const through = (chunks: (string | number[])[]) =>
    buffer(Readable.from(chunks.map((c) => Buffer.from(c as string, typeof c === 'string' ? 'latin1' : undefined))).pipe(markupGuard('image/png')))
      .then((b) => b.toString('latin1'), (err: Error) => err.message);
  const refused = 'mime type image/png is not supported: the file starts with markup (HTML, SVG or XML), not image data';
  expect(await through([[0xef], [0xbb, 0xbf, 0x20], ' ', '<', 'h', 'tml>'])).toBe(refused);
  expect(await through([[0xfe, 0xff, 0, 0x3c], [0, 0x73, 0, 0x76, 0, 0x67]])).toBe(refused);
  expect(await through(['  ', '<!', '--'])).toBe(refused);
  expect(await through(['<', '1>2'])).toBe('<1>2');
  expect(await through(['<'])).toBe('<');
  expect(await through(['\x89PNG', '\r\n'])).toBe('\x89PNG\r\n');
  // Browsers sniff the first 1445 bytes only; so does the check.
  expect(await through([' '.repeat(1000), ' '.repeat(445), '<html>'])).toBe(`${' '.repeat(1445)}<html>`);
});
