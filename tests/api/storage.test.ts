/**
 * Storage (`/storage/v1`) through supabase-js's storage client against the embedded backend:
 * buckets, upload (Blob = multipart, Buffer = raw body), upsert, download, info, exists, list,
 * move, copy, remove, signed URLs, and hosted Storage's error statuses and bodies.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import WebSocket from 'ws';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/src/keys';

let backend: Backend;
let admin: SupabaseClient;
const BUCKET = 'docs';

beforeAll(async () => {
  backend = await startBackend();
  admin = createClient(backend.url, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await admin.storage.createBucket(BUCKET, { public: false, fileSizeLimit: 2048, allowedMimeTypes: ['text/*', 'image/png'] });
  expect(error).toBeNull();
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const files = () => admin.storage.from(BUCKET);

test('buckets: create, get, list, update, duplicate 409, empty, delete, missing 404', async () => {
  expect((await admin.storage.createBucket('scratch')).data).toEqual({ name: 'scratch' });
  const dup = await admin.storage.createBucket('scratch');
  expect(dup.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
  const got = await admin.storage.getBucket('scratch');
  expect(got.data).toMatchObject({ id: 'scratch', name: 'scratch', public: false, file_size_limit: null });
  expect((await admin.storage.updateBucket('scratch', { public: true, fileSizeLimit: '1MB' })).data).toEqual({ message: 'Successfully updated' });
  expect((await admin.storage.getBucket('scratch')).data).toMatchObject({ public: true, file_size_limit: 1_000_000 });
  const names = (await admin.storage.listBuckets()).data!.map((b) => b.name);
  expect(names).toEqual(expect.arrayContaining(['docs', 'media', 'scratch']));
  await admin.storage.from('scratch').upload('a.txt', 'x');
  expect((await admin.storage.deleteBucket('scratch')).error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
  expect((await admin.storage.emptyBucket('scratch')).error).toBeNull();
  expect((await admin.storage.deleteBucket('scratch')).data).toEqual({ message: 'Successfully deleted' });
  expect((await admin.storage.getBucket('scratch')).error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  expect((await admin.storage.createBucket('bad/name')).error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
});

test('upload as a Blob (multipart) and as a string body; download gives the bytes, type and cache control', async () => {
  const up = await files().upload('notes/hello.txt', new Blob(['hello world'], { type: 'text/plain' }));
  expect(up.error).toBeNull();
  expect(up.data).toMatchObject({ path: 'notes/hello.txt', fullPath: 'docs/notes/hello.txt' });
  expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);
  const raw = await files().upload('notes/raw.txt', 'raw body', { contentType: 'text/markdown', cacheControl: '60' });
  expect(raw.error).toBeNull();

  const res = await fetch(`${backend.url}/storage/v1/object/authenticated/docs/notes/hello.txt`, { headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` } });
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('hello world');
  expect(res.headers.get('content-type')).toBe('text/plain');
  expect(res.headers.get('cache-control')).toBe('max-age=3600');
  expect(res.headers.get('etag')).toBe('"5eb63bbbe01eeed093cb22bb8f5acdc3"');
  const dl = await files().download('notes/raw.txt');
  expect(await dl.data!.text()).toBe('raw body');
  const info = await files().info('notes/raw.txt');
  expect(info.data).toMatchObject({ name: 'notes/raw.txt', bucketId: 'docs', size: 8, contentType: 'text/markdown', cacheControl: 'max-age=60' });
  expect(await files().exists('notes/raw.txt')).toMatchObject({ data: true });
  expect((await files().exists('notes/nothing.txt')).data).toBe(false);
});

test('upsert: a second POST is 409 unless x-upsert; update (PUT) replaces the bytes', async () => {
  await files().upload('twice.txt', 'one');
  const again = await files().upload('twice.txt', 'two');
  expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
  expect((await files().upload('twice.txt', 'two', { upsert: true })).error).toBeNull();
  expect(await (await files().download('twice.txt')).data!.text()).toBe('two');
  expect((await files().update('twice.txt', 'three')).error).toBeNull();
  expect(await (await files().download('twice.txt')).data!.text()).toBe('three');
});

test('size and type limits: 413 and 415 with Storage\'s messages, nothing stored', async () => {
  const big = await files().upload('big.txt', 'x'.repeat(2049), { contentType: 'text/plain' });
  expect(big.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
  const bigBlob = await files().upload('big2.txt', new Blob(['y'.repeat(4000)], { type: 'text/plain' }));
  expect(bigBlob.error).toMatchObject({ statusCode: '413' });
  const exe = await files().upload('tool.exe', new Blob(['MZ'], { type: 'application/x-msdownload' }));
  expect(exe.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type application/x-msdownload is not supported' });
  const names = (await files().list('')).data!.map((f) => f.name);
  expect(names).not.toEqual(expect.arrayContaining(['big.txt', 'big2.txt', 'tool.exe']));
});

/** A POST with the path exactly as given: node:http, unlike fetch, does not resolve `..` segments. */
function rawPost(path: string): Promise<{ status: number; body: Record<string, string> }> {
  return new Promise((done, fail) => {
    const { hostname, port } = new URL(backend.url);
    const req = request({
      hostname, port, path: `/storage/v1/object/docs/${path}`, method: 'POST', headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'content-type': 'text/plain' },
    }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => done({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', fail);
    req.end('x');
  });
}

test('odd names and path traversal are refused with 400 InvalidKey, nothing written outside', async () => {
  const cases = ['../escape.txt', 'a/../../escape.txt', '..%2Fescape.txt', '%2E%2E/escape.txt', '%2Fetc%2Fpasswd',
    'back%5Cslash.txt', 'ctl%01.txt', 'caf%C3%A9.txt', 'a/./b.txt'];
  for (const path of cases) {
    const { status, body } = await rawPost(path);
    expect([path, status, body.statusCode, body.error]).toEqual([path, 400, '400', 'InvalidKey']);
  }
  expect(existsSync(join(backend.dataDir, 'storage', 'escape.txt'))).toBe(false);
  expect(existsSync(join(backend.dataDir, 'escape.txt'))).toBe(false);
  const viaClient = await files().upload('caf\u00e9.txt', 'x');
  expect(viaClient.error).toMatchObject({ status: 400, statusCode: '400', message: 'Invalid key: caf\u00e9.txt' });
});

const tmpFiles = () => (existsSync(join(backend.dataDir, 'storage-tmp')) ? readdirSync(join(backend.dataDir, 'storage-tmp')) : []);

test('an upload aborted half-way leaves no file and no row; refusals leave no temporary file', async () => {
  await admin.storage.createBucket('aborts');
  const { hostname, port } = new URL(backend.url);
  await new Promise<void>((done) => {
    const req = request({
      hostname, port, path: '/storage/v1/object/aborts/half.bin', method: 'POST',
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'content-type': 'application/octet-stream', 'content-length': 1_000_000 },
    });
    req.on('error', () => done());
    req.write(Buffer.alloc(300_000));
    setTimeout(() => req.destroy(), 300);
  });
  // The server notices the abort asynchronously: give it up to 5 s on a slow machine.
  for (let waited = 0; tmpFiles().length > 0 && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  expect(tmpFiles()).toEqual([]);
  expect((await admin.storage.from('aborts').exists('half.bin')).data).toBe(false);
  expect(existsSync(join(backend.dataDir, 'storage', 'aborts', 'half.bin'))).toBe(false);
  await files().upload('big3.txt', 'z'.repeat(5000), { contentType: 'text/plain' });
  expect(tmpFiles()).toEqual([]);
});
