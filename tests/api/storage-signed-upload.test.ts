/**
 * Signed upload URLs through supabase-js (createSignedUploadUrl, uploadToSignedUrl) and raw fetch
 * against the embedded backend, as hosted Storage answers them (supabase/storage
 * src/http/routes/object/getSignedUploadURL.ts, uploadSignedObject.ts, src/storage/object.ts
 * signUploadObjectUrl / verifyObjectSignature): the token's claims and 2-hour life, an upload
 * with no Authorization header, once without upsert and again with it, bound to its bucket and
 * path and scope, refused once expired, RLS deciding who may sign (the `media` bucket's policies:
 * staff yes, anon and pending users no), and the bucket's limits and content checks at upload.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, decodeJwt } from 'jose';
import WebSocket from 'ws';
import { client } from './support/clients';
import { member } from './support/members';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/src/keys';

const SECRET = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const HTML = '<!DOCTYPE html><script>alert(document.domain)</script>';

let backend: Backend;
let admin: SupabaseClient;
let staff: SupabaseClient;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
  admin = createClient(backend.url, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  // `drop`: private, no policies (only the service role signs); `small`: 40 bytes, PNG only.
  expect((await admin.storage.createBucket('drop', { public: false })).error).toBeNull();
  expect((await admin.storage.createBucket('small', { public: false, fileSizeLimit: 40, allowedMimeTypes: ['image/png'] })).error).toBeNull();
  staff = await member(backend.url, 'staff');
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const signedPut = (url: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'PUT', headers, body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]) });

test('createSignedUploadUrl answers a URL and an upload token for that bucket and path, valid 2 hours', async () => {
  const { data, error } = await staff.storage.from('media').createSignedUploadUrl('artists/cover.png');
  expect(error).toBeNull();
  expect(data!.path).toBe('artists/cover.png');
  expect(data!.signedUrl).toBe(`${backend.url}/storage/v1/object/upload/sign/media/artists/cover.png?token=${data!.token}`);
  const claims = decodeJwt(data!.token);
  const { data: user } = await staff.auth.getUser();
  expect(claims).toEqual({ owner: user.user!.id, url: 'media/artists/cover.png', upsert: false, scope: 'upload', iat: expect.any(Number), exp: expect.any(Number) });
  expect(claims.exp! - claims.iat!).toBe(7200);
  expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(60);
});

test('the signed URL uploads without an Authorization header; the row belongs to the signer', async () => {
  const { data } = await staff.storage.from('media').createSignedUploadUrl('artists/plain.png');
  const res = await signedPut(data!.signedUrl, PNG, { 'content-type': 'image/png' });
  expect([res.status, await res.json()]).toEqual([200, { Key: 'media/artists/plain.png' }]);
  const got = await fetch(`${backend.url}/storage/v1/object/public/media/artists/plain.png`);
  expect([got.status, got.headers.get('content-type'), Buffer.from(await got.arrayBuffer()).equals(PNG)]).toEqual([200, 'image/png', true]);
  // Through supabase-js too (a Blob: multipart), on a private bucket signed by the service role.
  const signed = await admin.storage.from('drop').createSignedUploadUrl('inbox/song.txt');
  const up = await client(backend.url).storage.from('drop').uploadToSignedUrl('inbox/song.txt', signed.data!.token, new Blob(['la la'], { type: 'text/plain' }));
  expect(up).toEqual({ data: { path: 'inbox/song.txt', fullPath: 'drop/inbox/song.txt' }, error: null });
  expect(await (await admin.storage.from('drop').download('inbox/song.txt')).data!.text()).toBe('la la');
  const { data: user } = await staff.auth.getUser();
  const removed = await admin.storage.from('media').remove(['artists/plain.png']);
  expect(removed.data![0]).toMatchObject({ name: 'artists/plain.png', owner: user.user!.id, owner_id: user.user!.id });
});

test('without upsert a token uploads once (409 after); with upsert it replaces, whatever x-upsert the PUT sends', async () => {
  const once = await staff.storage.from('media').createSignedUploadUrl('artists/once.png');
  expect((await signedPut(once.data!.signedUrl, PNG, { 'content-type': 'image/png' })).status).toBe(200);
  const again = await signedPut(once.data!.signedUrl, PNG, { 'content-type': 'image/png', 'x-upsert': 'true' });
  expect([again.status, await again.json()]).toEqual([400, { statusCode: '409', code: 'KeyAlreadyExists', error: 'Duplicate', message: 'The resource already exists' }]);

  // Signing again without upsert is refused already, as Storage's rolled-back insert hits the key.
  const taken = await staff.storage.from('media').createSignedUploadUrl('artists/once.png');
  expect(taken.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
  const replace = await staff.storage.from('media').createSignedUploadUrl('artists/once.png', { upsert: true });
  expect(decodeJwt(replace.data!.token).upsert).toBe(true);
  for (const text of ['first', 'second']) {
    const res = await signedPut(replace.data!.signedUrl, text, { 'content-type': 'text/plain', 'x-upsert': 'false' });
    expect(res.status).toBe(200);
  }
  expect(await (await staff.storage.from('media').download('artists/once.png')).data!.text()).toBe('second');
  expect((await staff.storage.from('media').info('artists/once.png')).data).toMatchObject({ contentType: 'text/plain', size: 6 });
});

test('a token is bound to its bucket, path and scope', async () => {
  const { data } = await staff.storage.from('media').createSignedUploadUrl('artists/bound.png');
  const elsewhere = await signedPut(`${backend.url}/storage/v1/object/upload/sign/media/artists/other.png?token=${data!.token}`, PNG, { 'content-type': 'image/png' });
  expect([elsewhere.status, await elsewhere.json()]).toEqual([400, { statusCode: '400', code: 'InvalidSignature', error: 'InvalidSignature', message: 'Invalid signature' }]);
  const otherBucket = await signedPut(`${backend.url}/storage/v1/object/upload/sign/drop/artists/bound.png?token=${data!.token}`, PNG, { 'content-type': 'image/png' });
  expect((await otherBucket.json()).code).toBe('InvalidSignature');
  // A download token does not upload, and an upload token does not download.
  await admin.storage.from('drop').upload('seen.txt', 'seen');
  const download = (await admin.storage.from('drop').createSignedUrl('seen.txt', 60)).data!.signedUrl;
  const downloadToken = new URL(download).searchParams.get('token')!;
  const wrongScope = await signedPut(`${backend.url}/storage/v1/object/upload/sign/drop/seen.txt?token=${downloadToken}`, 'x', { 'content-type': 'text/plain' });
  expect([wrongScope.status, (await wrongScope.json()).message]).toEqual([400, 'Token is not scoped for upload']);
  const asDownload = await fetch(`${backend.url}/storage/v1/object/sign/media/artists/bound.png?token=${data!.token}`);
  expect([asDownload.status, (await asDownload.json()).message]).toEqual([400, 'Token is not scoped for download']);
  const none = await signedPut(`${backend.url}/storage/v1/object/upload/sign/media/artists/bound.png`, PNG, { 'content-type': 'image/png' });
  expect([none.status, (await none.json()).message]).toEqual([400, "querystring must have required property 'token'"]);
  expect((await staff.storage.from('media').exists('artists/other.png')).data).toBe(false);
  expect((await admin.storage.from('drop').download('seen.txt')).data!.size).toBe(4);
});

test('an expired or forged token uploads nothing (400 InvalidJWT)', async () => {
  const past = Math.floor(Date.now() / 1000) - 10;
  const claims = { url: 'drop/late.txt', upsert: false, scope: 'upload' };
  const expired = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(past - 7200).setExpirationTime(past).sign(SECRET);
  const late = await signedPut(`${backend.url}/storage/v1/object/upload/sign/drop/late.txt?token=${expired}`, 'late', { 'content-type': 'text/plain' });
  expect([late.status, await late.json()]).toEqual([400, { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' }]);
  const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters-long'));
  const bad = await signedPut(`${backend.url}/storage/v1/object/upload/sign/drop/late.txt?token=${forged}`, 'late', { 'content-type': 'text/plain' });
  expect([bad.status, (await bad.json()).message]).toEqual([400, 'signature verification failed']);
  expect((await admin.storage.from('drop').exists('late.txt')).data).toBe(false);
});

test('signing needs the insert permission (RLS): anon and pending users are refused, a private bucket without policies too', async () => {
  const pending = await member(backend.url, null);
  for (const who of [client(backend.url), pending]) {
    const refused = await who.storage.from('media').createSignedUploadUrl('artists/intruder.png');
    expect(refused.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
  }
  const drop = await staff.storage.from('drop').createSignedUploadUrl('inbox/x.txt');
  expect(drop.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
  const missing = await admin.storage.from('nowhere').createSignedUploadUrl('x.txt');
  expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  const noJwt = await fetch(`${backend.url}/storage/v1/object/upload/sign/media/x.png`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect([noJwt.status, (await noJwt.json()).code]).toEqual([400, 'AccessDenied']);
});

test("the bucket's size and type limits and the markup check apply to signed uploads; nothing is stored", async () => {
  const { data } = await admin.storage.from('small').createSignedUploadUrl('pic.png');
  const url = data!.signedUrl;
  const cases: [string, string | Buffer, string, string][] = [
    ['text/plain', 'hello', '415', 'mime type text/plain is not supported'],
    ['image/png;,text/html', HTML, '415', 'mime type image/png;,text/html is not supported'],
    ['image/png', Buffer.alloc(41, 7), '413', 'The object exceeded the maximum allowed size'],
    ['image/png', '<html><body onload=alert(1)>', '415', 'mime type image/png is not supported: the file starts with markup (HTML, SVG or XML), not image data'],
  ];
  for (const [type, body, statusCode, message] of cases) {
    const res = await signedPut(url, body, { 'content-type': type });
    expect([type, res.status, await res.json()]).toEqual([type, 400, expect.objectContaining({ statusCode, message })]);
  }
  const blob = await client(backend.url).storage.from('small').uploadToSignedUrl('pic.png', data!.token, new Blob([HTML], { type: 'image/png' }));
  expect(blob.error).toMatchObject({ statusCode: '415' });
  expect((await admin.storage.from('small').list()).data).toEqual([]);
  // The token is still good for an upload that fits.
  expect((await signedPut(url, PNG, { 'content-type': 'image/png' })).status).toBe(200);
  expect((await admin.storage.from('small').info('pic.png')).data).toMatchObject({ size: PNG.length, contentType: 'image/png' });
});

test('user metadata travels with a signed upload (multipart field and x-metadata header)', async () => {
  const a = await admin.storage.from('drop').createSignedUploadUrl('meta/a.txt');
  const up = await client(backend.url).storage.from('drop')
    .uploadToSignedUrl('meta/a.txt', a.data!.token, new Blob(['a'], { type: 'text/plain' }), { metadata: { artist: 'Ana', track: 3 } });
  expect(up.error).toBeNull();
  expect((await admin.storage.from('drop').info('meta/a.txt')).data!.metadata).toEqual({ artist: 'Ana', track: 3 });
  const b = await admin.storage.from('drop').createSignedUploadUrl('meta/b.txt');
  const raw = await client(backend.url).storage.from('drop').uploadToSignedUrl('meta/b.txt', b.data!.token, 'b', { contentType: 'text/plain', metadata: { artist: 'Bo' } });
  expect(raw.error).toBeNull();
  expect((await admin.storage.from('drop').info('meta/b.txt')).data!.metadata).toEqual({ artist: 'Bo' });
});

// exp is whole seconds (floor(now) + lifetime), checked against floor(now): a 3 s URL leaves at
// least 2 s for the first upload on a slow machine.
test('SUPABASE_STORAGE_UPLOAD_URL_EXPIRY sets the lifetime; once it has passed the URL uploads nothing', async () => {
  const short = await startBackend({ env: { SUPABASE_STORAGE_UPLOAD_URL_EXPIRY: '3' } });
  try {
    const service = createClient(short.url, LOCAL_SERVICE_ROLE_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    await service.storage.createBucket('drop');
    const first = (await service.storage.from('drop').createSignedUploadUrl('a.txt')).data!;
    const claims = decodeJwt(first.token);
    expect(claims.exp! - claims.iat!).toBe(3);
    expect((await signedPut(first.signedUrl, 'in time', { 'content-type': 'text/plain' })).status).toBe(200);
    const second = (await service.storage.from('drop').createSignedUploadUrl('b.txt')).data!;
    await new Promise((r) => setTimeout(r, 4100));
    const late = await signedPut(second.signedUrl, 'too late', { 'content-type': 'text/plain' });
    expect([late.status, (await late.json()).message]).toEqual([400, '"exp" claim timestamp check failed']);
    expect((await service.storage.from('drop').exists('b.txt')).data).toBe(false);
  } finally {
    await short.stop();
    removeDataDir(short.dataDir);
  }
}, 120_000);
