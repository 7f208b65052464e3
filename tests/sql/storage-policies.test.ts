/**
 * The media bucket's RLS policies on storage.objects, as Storage applies them (the caller's role
 * and claims set in the transaction, storage.allow_delete_query on): everyone reads; staff,
 * admin and owner insert and update; only owner and admin delete; anon, pending, deactivated
 * users write nothing. The same SQL on PGlite and PostgreSQL (the bootstrap's storage schema).
 */
import { anon, createMember, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('media bucket policies on %s', (target) => {
  let t: TestDb;
  let members: Record<'owner' | 'admin' | 'staff' | 'pending' | 'inactive', Caller>;
  beforeAll(async () => {
    t = await openTarget(target);
    members = {
      owner: await createMember(t.db, 'owner@media.test', 'owner'),
      admin: await createMember(t.db, 'admin@media.test', 'admin'),
      staff: await createMember(t.db, 'staff@media.test', 'staff'),
      pending: await createMember(t.db, 'pending@media.test', null),
      inactive: await createMember(t.db, 'inactive@media.test', 'staff', false),
    };
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  /** Runs `sql` as `caller` the way the Storage server does; resolves with the affected row count. */
  async function as(caller: Caller, sql: string, params: unknown[] = []): Promise<number> {
    const claims = caller.role === 'authenticated' ? { sub: caller.sub, role: 'authenticated' } : { role: caller.role };
    return t.db.transaction(async (tx) => {
      await tx.query(
        "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('storage.allow_delete_query', 'true', true)",
        [caller.role, JSON.stringify(claims)],
      );
      const { rows } = await tx.query<{ n: number }>(`with w as (${sql} returning 1) select count(*)::int as n from w`, params);
      return rows[0]!.n;
    });
  }
  const insert = (caller: Caller, name: string, bucket = 'media') =>
    as(caller, 'insert into storage.objects (bucket_id, name, metadata) values ($1, $2, \'{}\')', [bucket, name]);
  const remove = (caller: Caller, name: string) =>
    as(caller, "delete from storage.objects where bucket_id = 'media' and name = $1", [name]);
  const rename = (caller: Caller, from: string, to: string) =>
    as(caller, "update storage.objects set name = $2 where bucket_id = 'media' and name = $1", [from, to]);

  test('the media bucket: public, 50 MiB, no executables', async () => {
    const { rows } = await t.db.query("select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'media'");
    expect(rows[0]).toMatchObject({ public: true, file_size_limit: 52428800 });
    expect(rows[0].allowed_mime_types).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'application/pdf']));
    expect(rows[0].allowed_mime_types).not.toContain('application/x-msdownload');
  });

  test.each(['owner', 'admin', 'staff'] as const)('%s may insert and update', async (who) => {
    await expect(insert(members[who], `${who}/a.png`)).resolves.toBe(1);
    await expect(rename(members[who], `${who}/a.png`, `${who}/b.png`)).resolves.toBe(1);
  });

  test.each(['pending', 'inactive'] as const)('%s may not insert (RLS refusal) nor update', async (who) => {
    await expect(insert(members[who], `${who}/a.png`)).rejects.toMatchObject({ code: '42501' });
    await expect(rename(members[who], 'staff/b.png', 'stolen.png')).resolves.toBe(0);
  });

  test('anon may not insert, update or delete; anon reads', async () => {
    await expect(insert(anon, 'anon.png')).rejects.toMatchObject({ code: '42501' });
    await expect(rename(anon, 'staff/b.png', 'anon.png')).resolves.toBe(0);
    await expect(remove(anon, 'staff/b.png')).resolves.toBe(0);
    await expect(as(anon, "update storage.objects set last_accessed_at = now() where name = 'none'")).resolves.toBe(0);
    const seen = await t.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'anon', true)");
      return (await tx.query("select name from storage.objects where bucket_id = 'media' order by name")).rows.length;
    });
    expect(seen).toBeGreaterThanOrEqual(3);
  });

  test.each(['staff', 'pending', 'inactive'] as const)('%s may not delete', async (who) => {
    await expect(remove(members[who], 'staff/b.png')).resolves.toBe(0);
  });

  test.each(['owner', 'admin'] as const)('%s may delete', async (who) => {
    await insert(members.staff, `bye/${who}.png`);
    await expect(remove(members[who], `bye/${who}.png`)).resolves.toBe(1);
  });

  test('the policies only grant the media bucket', async () => {
    await t.db.query("insert into storage.buckets (id, name) values ('private', 'private') on conflict do nothing");
    await expect(insert(members.owner, 'x.png', 'private')).rejects.toMatchObject({ code: '42501' });
  });

  test('outside the Storage API, direct deletes are refused (as on hosted Supabase)', async () => {
    await expect(t.db.query("delete from storage.objects where name = 'owner/b.png'")).rejects.toThrow(
      'Direct deletion from storage tables is not allowed. Use the Storage API instead.');
  });
});
