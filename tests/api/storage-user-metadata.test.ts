/**
 * User metadata on objects through supabase-js against the embedded backend, as hosted Storage
 * keeps it (supabase/storage src/storage/uploader.ts fileUploadFromRequest / parseUserMetadata,
 * src/storage/renderer/info.ts): the `metadata` option of upload/update sent as the multipart
 * field or the base64 `x-metadata` header, stored in storage.objects.user_metadata, returned by
 * `info()`, replaced by an upsert or update, kept by copy and move; bad metadata refused.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/src/keys';

let backend: Backend;
let admin: SupabaseClient;
const box = () => admin.storage.from('box');
const AUTH = { apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

beforeAll(async () => {
  backend = await startBackend();
  admin = createClient(backend.url, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  expect((await admin.storage.createBucket('box')).error).toBeNull();
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const userMetadata = async (path: string) => {
  const { data, error } = await box().info(path);
  expect(error).toBeNull();
  return data!.metadata;
};

test('metadata given with an upload is returned by info (multipart field and x-metadata header); none is {}', async () => {
  const song = { artist: 'Ana', tags: ['folk', 'live'], track: 3, live: true };
  expect((await box().upload('blob.txt', new Blob(['a'], { type: 'text/plain' }), { metadata: song })).error).toBeNull();
  expect(await userMetadata('blob.txt')).toEqual(song);
  expect((await box().upload('raw.txt', 'b', { contentType: 'text/plain', metadata: { artist: 'Bo, "the" ü' } })).error).toBeNull();
  expect(await userMetadata('raw.txt')).toEqual({ artist: 'Bo, "the" ü' });
  expect((await box().upload('none.txt', 'c')).error).toBeNull();
  expect(await userMetadata('none.txt')).toEqual({});
});

test('an upsert or update replaces the metadata; copy and move keep it', async () => {
  await box().upload('song.txt', 'v1', { metadata: { version: 1 } });
  await box().upload('song.txt', 'v2', { upsert: true, metadata: { version: 2 } });
  expect(await userMetadata('song.txt')).toEqual({ version: 2 });
  await box().update('song.txt', new Blob(['v3']), { metadata: { version: 3 } });
  expect(await userMetadata('song.txt')).toEqual({ version: 3 });
  expect((await box().copy('song.txt', 'copy.txt')).error).toBeNull();
  expect(await userMetadata('copy.txt')).toEqual({ version: 3 });
  expect((await box().move('copy.txt', 'moved.txt')).error).toBeNull();
  expect(await userMetadata('moved.txt')).toEqual({ version: 3 });
});

test('metadata that is not a JSON object, or over 1 MiB, is refused and nothing is stored', async () => {
  const raw = (header: string) => fetch(`${backend.url}/storage/v1/object/box/bad.txt`, {
    method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain', 'x-metadata': header }, body: 'x',
  }).then(async (r) => [r.status, await r.json()]);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  expect(await raw(b64('{not json'))).toEqual([400, { statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message: 'x-metadata must be JSON' }]);
  expect(await raw(b64('[1, 2]'))).toEqual([400, expect.objectContaining({ message: 'x-metadata must be a JSON object' })]);
  expect(await raw('not base64!')).toEqual([400, expect.objectContaining({ message: 'x-metadata must be base64-encoded JSON' })]);
  const form = (metadata: string) => {
    const body = new FormData();
    body.append('cacheControl', '3600');
    body.append('metadata', metadata);
    body.append('', new Blob(['x'], { type: 'text/plain' }));
    return fetch(`${backend.url}/storage/v1/object/box/bad.txt`, { method: 'POST', headers: AUTH, body }).then(async (r) => [r.status, await r.json()]);
  };
  expect(await form('"a string"')).toEqual([400, expect.objectContaining({ message: 'metadata must be a JSON object' })]);
  expect(await form(JSON.stringify({ big: 'x'.repeat(1024 * 1024) }))).toEqual([400, {
    statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The user_metadata exceeded the maximum allowed size',
  }]);
  expect((await box().exists('bad.txt')).data).toBe(false);
});

test('listings carry the system metadata, not the user metadata (as hosted list and list-v2)', async () => {
  await box().upload('listed/a.txt', 'a', { metadata: { secretish: 'kept for info' } });
  const v1 = (await box().list('listed')).data![0]!;
  const v2 = (await box().listV2({ prefix: 'listed/' })).data!.objects[0]!;
  for (const entry of [v1, v2]) {
    expect(entry.metadata).toMatchObject({ size: 1, mimetype: 'text/plain;charset=UTF-8' });
    expect(entry.metadata).not.toHaveProperty('secretish');
    expect(entry).not.toHaveProperty('user_metadata');
  }
});
