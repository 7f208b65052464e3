/**
 * What the public fetches from the `media` bucket carries no metadata: a staff member uploads a
 * phone photo (EXIF, GPS position, XMP) as the Media page does (supabase-js storage upload), and
 * the bytes served at its public URL are decoded: no GPS, EXIF or XMP, still a JPEG of the same
 * size. A copy into the public bucket is stripped too; a private bucket keeps the bytes as sent.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, client } from './support/clients';
import { member } from './support/members';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { PHOTO_SIZE, YARD, decoded, geotaggedJpeg, readMetadata } from '../support/geotaggedImage';

let backend: Backend;
let staff: SupabaseClient;
let photo: Buffer;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
  staff = await member(backend.url, 'staff');
  photo = await geotaggedJpeg();
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

async function served(bucket: string, path: string): Promise<Buffer> {
  const { publicUrl } = client(backend.url).storage.from(bucket).getPublicUrl(path).data;
  const res = await fetch(publicUrl);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function expectClean(bytes: Buffer) {
  expect(await readMetadata(bytes)).toBeUndefined();
  expect(await decoded(bytes)).toEqual({ format: 'jpeg', ...PHOTO_SIZE, decodedWidth: PHOTO_SIZE.width, decodedHeight: PHOTO_SIZE.height });
}

test('the test photo carries a GPS position, EXIF and XMP', async () => {
  expect(await readMetadata(photo)).toMatchObject({
    latitude: expect.closeTo(YARD.latitude, 4), longitude: expect.closeTo(YARD.longitude, 4),
    Make: 'PhoneCo', ImageDescription: 'Secret Lane by the Lemon Tree', title: 'Hive at the lemon tree',
  });
});

test('a geotagged JPEG uploaded by staff is served without GPS, EXIF or XMP, same size', async () => {
  const path = 'wraps/installed-photo.jpg';
  const up = await staff.storage.from('media').upload(path, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
  expect(up.error).toBeNull();
  const bytes = await served('media', path);
  await expectClean(bytes);
  // the object's recorded size is the stored (stripped) file's
  const { data } = await staff.storage.from('media').info(path);
  expect(data?.size).toBe(bytes.length);
});

test('a photo copied into the public bucket from a private one is stripped there; the private copy is kept as sent', async () => {
  const service = adminClient(backend.url);
  expect((await service.storage.createBucket('keepsakes', { public: false })).error).toBeNull();
  const kept = await service.storage.from('keepsakes').upload('photo.jpg', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
  expect(kept.error).toBeNull();
  const original = await service.storage.from('keepsakes').download('photo.jpg');
  expect(Buffer.from(await original.data!.arrayBuffer()).equals(photo)).toBe(true);
  const copied = await service.storage.from('keepsakes').copy('photo.jpg', 'copied/photo.jpg', { destinationBucket: 'media' });
  expect(copied.error).toBeNull();
  await expectClean(await served('media', 'copied/photo.jpg'));
});
