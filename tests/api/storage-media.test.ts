/**
 * The `media` bucket of the migrations, through supabase-js against the embedded backend: who may
 * upload and delete (RLS policies: staff upload, owner/admin delete, anon and pending users
 * neither), public URLs readable anonymously, the 50 MiB and file-type limits, the media RPCs,
 * and files surviving a restart.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { OWNER, client, signedIn } from './support/clients';
import { member } from './support/members';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;
let owner: SupabaseClient;
let staff: SupabaseClient;
const png = (bytes = 64) => new Blob([new Uint8Array(bytes).fill(7)], { type: 'image/png' });

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
  owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  staff = await member(backend.url, 'staff');
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

test('the media bucket is public, 50 MiB, images and documents only', async () => {
  const { data } = await client(backend.url).storage.from('media').list();
  expect(data).toEqual([]);
  const info = await fetch(`${backend.url}/storage/v1/bucket/media`, {
    headers: { apikey: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz' },
  });
  expect(await info.json()).toMatchObject({ id: 'media', public: true, file_size_limit: 52428800 });
});

test('staff upload; anyone reads through the public URL, with the type and cache control', async () => {
  const up = await staff.storage.from('media').upload('staff/photo.png', png());
  expect(up.error).toBeNull();
  const { publicUrl } = client(backend.url).storage.from('media').getPublicUrl('staff/photo.png').data;
  expect(publicUrl).toBe(`${backend.url}/storage/v1/object/public/media/staff/photo.png`);
  const res = await fetch(publicUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('cache-control')).toBe('max-age=3600');
  expect((await res.arrayBuffer()).byteLength).toBe(64);
  const missing = await fetch(`${backend.url}/storage/v1/object/public/media/staff/none.png`);
  expect([missing.status, await missing.json()]).toEqual([400, { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' }]);
});

test('anon and pending users cannot upload (403, RLS) or delete (nothing removed)', async () => {
  await owner.storage.from('media').upload('kept/doc.pdf', new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
  const pending = await member(backend.url, null);
  for (const who of [client(backend.url), pending]) {
    const up = await who.storage.from('media').upload('intruder.png', png());
    expect(up.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    const rm = await who.storage.from('media').remove(['kept/doc.pdf']);
    expect(rm).toEqual({ data: [], error: null });
  }
  expect((await client(backend.url).storage.from('media').exists('kept/doc.pdf')).data).toBe(true);
  expect((await client(backend.url).storage.from('media').exists('intruder.png')).data).toBe(false);
});

test('staff cannot delete; owner and admin can', async () => {
  await staff.storage.from('media').upload('del/a.png', png());
  await staff.storage.from('media').upload('del/b.png', png());
  expect((await staff.storage.from('media').remove(['del/a.png'])).data).toEqual([]);
  expect((await owner.storage.from('media').remove(['del/a.png'])).data!.map((r) => r.name)).toEqual(['del/a.png']);
  const admin = await member(backend.url, 'admin');
  expect((await admin.storage.from('media').remove(['del/b.png'])).data!.map((r) => r.name)).toEqual(['del/b.png']);
});

test('a file over 50 MiB is refused with 413 and an .exe with 415, nothing stored', async () => {
  const big = await staff.storage.from('media').upload('big.png', new Blob([new Uint8Array(52428801)], { type: 'image/png' }));
  expect(big.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
  const exe = await staff.storage.from('media').upload('setup.exe', new Blob(['MZ'], { type: 'application/x-msdownload' }));
  expect(exe.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type application/x-msdownload is not supported' });
  const names = (await staff.storage.from('media').list()).data!.map((f) => f.name);
  expect(names).not.toContain('big.png');
  expect(names).not.toContain('setup.exe');
}, 60_000);

test('media rows: staff create and rename, owner deletes, staff may not', async () => {
  const created = await staff.rpc('create_buzz_haven_media', {
    p_title: 'Comb close-up', p_file_path: `${backend.url}/storage/v1/object/public/media/staff/photo.png`,
    p_file_type: 'image/png', p_storage_path: 'staff/photo.png', p_size_bytes: 64, p_width: 8, p_height: 8,
  });
  expect(created.error).toBeNull();
  const row = created.data as { id: string; uploaded_by: string | null; storage_path: string };
  expect(row).toMatchObject({ storage_path: 'staff/photo.png', size_bytes: 64, width: 8, height: 8 });
  expect(row.uploaded_by).toMatch(/^[0-9a-f-]{36}$/);
  const renamed = await staff.rpc('update_buzz_haven_media', { p_id: row.id, p_title: 'Comb, close' });
  expect(renamed.data).toMatchObject({ title: 'Comb, close' });
  const refused = await staff.rpc('delete_buzz_haven_media', { p_id: row.id });
  expect(refused.error).toMatchObject({ message: 'Only an owner or admin can delete media' });
  expect((await owner.rpc('delete_buzz_haven_media', { p_id: row.id })).error).toBeNull();
  const anon = await client(backend.url).rpc('create_buzz_haven_media', { p_title: 'x', p_file_path: 'x', p_file_type: 'image/png' });
  expect(anon.error).toMatchObject({ message: 'Not signed in' });
});

test('files survive a restart on the same data directory', async () => {
  await staff.storage.from('media').upload('restart/keep.png', png(100));
  await backend.stop('SIGTERM');
  backend = await startBackend({ dataDir: backend.dataDir, fresh: false });
  const res = await fetch(`${backend.url}/storage/v1/object/public/media/restart/keep.png`);
  expect([res.status, (await res.arrayBuffer()).byteLength]).toEqual([200, 100]);
}, 200_000);
