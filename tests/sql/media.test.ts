/**
 * Media rows through their RPCs: create (staff and up; who uploaded recorded), rename, delete
 * (owner/admin only), the admin form's validation messages and the length bounds; the list RPC
 * still returns every column of buzz_haven.media.
 */
import { anon, createMember, rpcOne, rpcRows } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Media = { id: string; title: string; file_path: string; file_type: string; storage_path: string | null; size_bytes: number | null; width: number | null; height: number | null; uploaded_by: string | null; created_at: string; updated_at: string };
const PHOTO = { p_title: 'Frame', p_file_path: 'https://x.supabase.co/storage/v1/object/public/media/a.png', p_file_type: 'image/png' };

describe.each(targets)('media RPCs on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  let owner: Awaited<ReturnType<typeof createMember>>;
  let pending: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@media-rpc.test', 'staff');
    owner = await createMember(t.db, 'owner@media-rpc.test', 'owner');
    pending = await createMember(t.db, 'pending@media-rpc.test', null);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('staff create a row with every field; uploaded_by is their profile', async () => {
    const row = await rpcOne<Media>(t.db, staff, 'create_buzz_haven_media', {
      ...PHOTO, p_title: '  Frame  ', p_storage_path: 'a.png', p_size_bytes: 123456, p_width: 640, p_height: 480,
    });
    expect(row).toMatchObject({ title: 'Frame', storage_path: 'a.png', size_bytes: 123456, width: 640, height: 480, uploaded_by: staff.profileId });
    const list = await rpcRows<Media>(t.db, staff, 'get_buzz_haven_media');
    expect(Object.keys(list[0]!).sort()).toEqual(['created_at', 'file_path', 'file_type', 'height', 'id', 'size_bytes', 'storage_path', 'title', 'updated_at', 'uploaded_by', 'width']);
  });

  test.each([
    [{ ...PHOTO, p_title: ' ' }, 'Title is required'],
    [{ ...PHOTO, p_title: 'x'.repeat(201) }, 'Title is too long (200 characters at most)'],
    [{ ...PHOTO, p_file_path: '' }, 'File path is required'],
    [{ ...PHOTO, p_file_path: 'x'.repeat(1001) }, 'File path is too long (1000 characters at most)'],
    [{ ...PHOTO, p_file_type: 'exe' }, 'File type must be a MIME type such as image/jpeg'],
    [{ ...PHOTO, p_storage_path: 'p'.repeat(1001) }, 'Storage path must be 1 to 1000 characters'],
    [{ ...PHOTO, p_size_bytes: -1 }, 'Size must not be negative'],
    [{ ...PHOTO, p_width: 0 }, 'Width must be positive'],
  ])('create refuses bad input #%#', async (args, message) => {
    // the lengths and the type's shape are media's CHECKs: 23514 with the same words; the RPC's own checks 22023
    const code = /too long|Storage path|File type/.test(message) ? '23514' : '22023';
    await expect(rpcOne(t.db, staff, 'create_buzz_haven_media', args)).rejects.toMatchObject({ code, message });
  });

  test('rename: staff may, an empty title is refused, a missing row is PT404', async () => {
    const row = await rpcOne<Media>(t.db, staff, 'create_buzz_haven_media', PHOTO);
    const renamed = await rpcOne<Media>(t.db, staff, 'update_buzz_haven_media', { p_id: row!.id, p_title: 'Renamed' });
    expect(renamed).toMatchObject({ title: 'Renamed' });
    expect(Date.parse(renamed!.updated_at)).toBeGreaterThanOrEqual(Date.parse(row!.updated_at));
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_media', { p_id: row!.id, p_title: '' })).rejects.toMatchObject({ message: 'Title is required' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_media', { p_id: row!.id, p_title: 't'.repeat(201) }))
      .rejects.toMatchObject({ code: '23514', message: 'Title is too long (200 characters at most)', detail: expect.stringContaining('"field" : "title"') });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_media', { p_id: '00000000-0000-4000-8000-000000000000', p_title: 'x' }))
      .rejects.toMatchObject({ code: 'PT404', message: 'Media not found' });
  });

  test('delete: owner only (of these), staff and pending and anon refused', async () => {
    const row = await rpcOne<Media>(t.db, staff, 'create_buzz_haven_media', PHOTO);
    await expect(rpcOne(t.db, staff, 'delete_buzz_haven_media', { p_id: row!.id })).rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can delete media' });
    await expect(rpcOne(t.db, pending, 'delete_buzz_haven_media', { p_id: row!.id })).rejects.toMatchObject({ message: 'Your account is waiting for approval' });
    await expect(rpcOne(t.db, anon, 'create_buzz_haven_media', PHOTO)).rejects.toMatchObject({ message: 'Not signed in' });
    await expect(rpcOne(t.db, owner, 'delete_buzz_haven_media', { p_id: row!.id })).resolves.toMatchObject({ id: row!.id });
  });

  test('the table bounds its texts as a backstop', async () => {
    await expect(t.db.query("insert into buzz_haven.media (title, file_path, file_type) values (repeat('t', 201), 'p', 'image/png')"))
      .rejects.toMatchObject({ code: '23514' });
  });
});
