/**
 * Storage object management through supabase-js against the embedded backend: list (defaults,
 * folders, prefix, limit/offset, sortBy, search), move, copy, remove, signed URLs with expiry,
 * and the error bodies of missing objects and bad tokens.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/src/keys';

const SECRET = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');

let backend: Backend;
let admin: SupabaseClient;
const files = () => admin.storage.from('box');

beforeAll(async () => {
  backend = await startBackend();
  admin = createClient(backend.url, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  expect((await admin.storage.createBucket('box')).error).toBeNull();
  for (const path of ['b.txt', 'A.txt', 'c.txt', 'photos/one.png', 'photos/two.png', 'photos/2024/old.png', 'zeta/z.txt']) {
    expect((await files().upload(path, `content of ${path}`, { contentType: 'text/plain' })).error).toBeNull();
  }
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

test('list: folders and files of one level, by name (letter case ignored), folders with null id/metadata', async () => {
  const { data, error } = await files().list();
  expect(error).toBeNull();
  expect(data!.map((f) => f.name)).toEqual(['A.txt', 'b.txt', 'c.txt', 'photos', 'zeta']);
  const folder = data!.find((f) => f.name === 'photos')!;
  expect(folder).toEqual({ name: 'photos', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
  const file = data!.find((f) => f.name === 'b.txt')!;
  expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(file.metadata).toMatchObject({ size: 16, mimetype: 'text/plain', cacheControl: 'max-age=3600', eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
  expect((await files().list('photos')).data!.map((f) => f.name)).toEqual(['2024', 'one.png', 'two.png']);
  expect((await files().list('photos/')).data!.map((f) => f.name)).toEqual(['2024', 'one.png', 'two.png']);
});

test('list: limit, offset, sortBy, search', async () => {
  expect((await files().list('', { limit: 2, offset: 1 })).data!.map((f) => f.name)).toEqual(['b.txt', 'c.txt']);
  expect((await files().list('', { sortBy: { column: 'name', order: 'desc' } })).data!.map((f) => f.name))
    .toEqual(['zeta', 'photos', 'c.txt', 'b.txt', 'A.txt']);
  const byDate = (await files().list('', { sortBy: { column: 'created_at', order: 'desc' } })).data!.map((f) => f.name);
  expect(byDate).toEqual(['photos', 'zeta', 'c.txt', 'A.txt', 'b.txt']); // folders first, then newest first
  expect((await files().list('photos', { search: 'tw' })).data!.map((f) => f.name)).toEqual(['two.png']);
  expect((await files().list('nowhere')).data).toEqual([]);
  const bad = await files().list('', { sortBy: { column: 'size' as never } });
  expect(bad.error).toMatchObject({ status: 400, statusCode: '400' });
});

test('move and copy keep the bytes; missing source 404; existing destination 409', async () => {
  await files().upload('tmp/move-me.txt', 'moving');
  expect((await files().move('tmp/move-me.txt', 'tmp/moved.txt')).data).toMatchObject({ message: 'Successfully moved' });
  expect(await (await files().download('tmp/moved.txt')).data!.text()).toBe('moving');
  expect((await files().exists('tmp/move-me.txt')).data).toBe(false);
  expect((await files().copy('tmp/moved.txt', 'tmp/copy.txt')).data).toEqual({ path: 'box/tmp/copy.txt' });
  expect(await (await files().download('tmp/copy.txt')).data!.text()).toBe('moving');
  expect((await files().info('tmp/copy.txt')).data).toMatchObject({ contentType: 'text/plain;charset=UTF-8', size: 6 });
  const missing = await files().move('tmp/none.txt', 'tmp/x.txt');
  expect(missing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
  const taken = await files().move('tmp/moved.txt', 'tmp/copy.txt');
  expect(taken.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
});

test('remove returns the deleted rows; the files are gone; unknown names are ignored', async () => {
  await files().upload('gone/one.txt', '1');
  await files().upload('gone/two.txt', '2');
  const { data, error } = await files().remove(['gone/one.txt', 'gone/two.txt', 'gone/never.txt']);
  expect(error).toBeNull();
  expect(data!.map((r) => r.name).sort()).toEqual(['gone/one.txt', 'gone/two.txt']);
  expect(data![0]).toMatchObject({ bucket_id: 'box', metadata: expect.objectContaining({ size: 1 }) });
  expect((await files().list('gone')).data).toEqual([]);
  const dl = await files().download('gone/one.txt');
  expect(dl.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
});

test('signed URLs: readable without a key until they expire; one per path with errors for missing ones', async () => {
  const { data, error } = await files().createSignedUrl('photos/one.png', 60);
  expect(error).toBeNull();
  expect(data!.signedUrl).toMatch(new RegExp(`^${backend.url}/storage/v1/object/sign/box/photos/one.png\\?token=`));
  const res = await fetch(data!.signedUrl);
  expect([res.status, await res.text()]).toEqual([200, 'content of photos/one.png']);
  expect(res.headers.get('expires')).toMatch(/GMT$/);

  const many = await files().createSignedUrls(['b.txt', 'nope.txt'], 60);
  expect(many.data![0]).toMatchObject({ path: 'b.txt', error: null, signedUrl: expect.stringContaining('/object/sign/box/b.txt?token=') });
  expect(many.data![1]).toEqual({ path: 'nope.txt', error: 'Either the object does not exist or you do not have access to it', signedURL: null, signedUrl: null });
  expect((await files().createSignedUrl('nope.txt', 60)).error).toMatchObject({ statusCode: '404', message: 'Object not found' });

  const past = Math.floor(Date.now() / 1000) - 10;
  const expired = await new SignJWT({ url: 'box/b.txt', scope: 'download' }).setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(past - 60).setExpirationTime(past).sign(SECRET);
  const late = await fetch(`${backend.url}/storage/v1/object/sign/box/b.txt?token=${expired}`);
  expect([late.status, await late.json()]).toEqual([400, { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' }]);
  const other = await fetch(data!.signedUrl.replace('/box/photos/one.png', '/box/b.txt'));
  expect([other.status, (await other.json()).message]).toEqual([400, 'Invalid signature']);
});

// exp is whole seconds (floor(now) + lifetime) and is checked against floor(now), as upstream's
// jsonwebtoken does, so a 1 s URL signed late in a second can expire within milliseconds. A 3 s
// lifetime leaves at least 2 s for the first fetch on a slow CI machine.
test('a signed URL stops working once its lifetime has passed', async () => {
  const { data } = await files().createSignedUrl('c.txt', 3);
  expect((await fetch(data!.signedUrl)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 4100));
  const res = await fetch(data!.signedUrl);
  expect([res.status, (await res.json()).code]).toEqual([400, 'InvalidJWT']);
});
