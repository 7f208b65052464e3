/**
 * PostgREST on tables, writes, through supabase-js (PostgREST docs references/api/tables_views.rst
 * "Insert", "Update", "Upsert", "Delete", preferences.rst, and row_level_security in
 * references/auth.rst): Prefer return/count/resolution/missing/max-affected, bulk inserts, single
 * answers that roll back, RLS and grants deciding per role. Fixture: support/restFixture.ts.
 */
import { ANON_KEY, client, uniqueEmail } from './support/clients';
import { startFixtureBackend } from './support/restFixture';
import { removeDataDir, type Backend } from './support/server';

let backend: Backend;
let db: ReturnType<typeof client>;

beforeAll(async () => {
  backend = await startFixtureBackend();
  db = client(backend.url);
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const raw = (path: string, init: RequestInit & { headers?: Record<string, string> }) =>
  fetch(`${backend.url}/rest/v1/${path}`, { ...init, headers: { apikey: ANON_KEY, 'Content-Type': 'application/json', ...init.headers } });

test('insert with return=minimal is 201 without a body', async () => {
  const res = await raw('fx_labels', { method: 'POST', body: JSON.stringify({ id: 10, name: 'ten' }) });
  expect(res.status).toBe(201);
  expect(await res.text()).toBe('');
});

test('insert with return=representation answers the rows, shaped by select (embedding too)', async () => {
  const { data, status } = await db.from('fx_books').insert({ title: 'Drones', author_id: 2 }).select('title, author:author_id(name)');
  expect(status).toBe(201);
  expect(data).toEqual([{ title: 'Drones', author: { name: 'Bee' } }]);
});

test('a bulk insert takes an array; keys that differ between objects are PGRST102', async () => {
  const { data } = await db.from('fx_labels').insert([{ id: 11, name: 'a' }, { id: 12, name: 'b' }]).select('id');
  expect(data).toEqual([{ id: 11 }, { id: 12 }]);
  const res = await raw('fx_labels', { method: 'POST', body: JSON.stringify([{ id: 13, name: 'c' }, { id: 14 }]) });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
});

test('missing=default gives absent keys their column default instead of null', async () => {
  const { data } = await db.from('fx_books').insert([{ title: 'X', price: 1 }, { title: 'Y' }], { defaultToNull: false }).select('title, price');
  expect(data).toEqual([{ title: 'X', price: 1 }, { title: 'Y', price: 9.5 }]);
});

test('a key that is not a column is 400 PGRST204', async () => {
  const { error, status } = await db.from('fx_labels').insert({ id: 15, nmae: 'x' });
  expect(status).toBe(400);
  expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nmae' column of 'fx_labels' in the schema cache" });
});

test('return=headers-only gives the Location of the inserted row', async () => {
  const res = await raw('fx_labels', { method: 'POST', headers: { Prefer: 'return=headers-only' }, body: JSON.stringify({ id: 16, name: 'loc' }) });
  expect(res.status).toBe(201);
  expect(res.headers.get('location')).toBe('/fx_labels?id=eq.16');
});

test('a duplicate key is 409 23505', async () => {
  const { error, status } = await db.from('fx_labels').insert({ id: 1, name: 'dup' });
  expect(status).toBe(409);
  expect(error).toMatchObject({ code: '23505' });
});

test('upsert merges duplicates on the primary key, or on on_conflict columns', async () => {
  const { data } = await db.from('fx_labels').upsert([{ id: 2, name: 'newer' }, { id: 20, name: 'twenty' }]).select().order('id');
  expect(data).toEqual([{ id: 2, name: 'newer' }, { id: 20, name: 'twenty' }]);
  const byName = await db.from('fx_book_labels').upsert({ book_id: 4, label_id: 3 }, { onConflict: 'book_id,label_id' }).select();
  expect(byName.data).toEqual([{ book_id: 4, label_id: 3 }]);
});

test('an upsert that inserts nothing answers 200, one that inserts answers 201', async () => {
  expect((await db.from('fx_labels').upsert({ id: 1, name: 'classic' }).select()).status).toBe(200);
  expect((await db.from('fx_labels').upsert({ id: 21, name: 'fresh' }).select()).status).toBe(201);
});

test('Prefer: tx=rollback answers the write and keeps nothing', async () => {
  const { data, status } = await db.from('fx_labels').insert({ id: 30, name: 'gone' }).select().rollback();
  expect(status).toBe(201);
  expect(data).toEqual([{ id: 30, name: 'gone' }]);
  expect((await db.from('fx_labels').select().eq('id', 30)).data).toEqual([]);
});

test('upsert with ignoreDuplicates keeps the existing row', async () => {
  const { data } = await db.from('fx_labels').upsert({ id: 1, name: 'ignored' }, { ignoreDuplicates: true }).select();
  expect(data).toEqual([]);
  expect((await db.from('fx_labels').select('name').eq('id', 1).single()).data).toEqual({ name: 'classic' });
});

test('update changes the filtered rows; count=exact counts them', async () => {
  const { data, count, status } = await db.from('fx_labels').update({ name: 'changed' }, { count: 'exact' }).in('id', [11, 12]).select('id, name');
  expect(status).toBe(200);
  expect(count).toBe(2);
  expect(data).toEqual([{ id: 11, name: 'changed' }, { id: 12, name: 'changed' }]);
});

test('update with return=minimal is 204', async () => {
  const { status } = await db.from('fx_labels').update({ name: 'quiet' }).eq('id', 11);
  expect(status).toBe(204);
});

test('delete removes the filtered rows and can return them', async () => {
  const { data } = await db.from('fx_labels').delete().eq('id', 12).select('id');
  expect(data).toEqual([{ id: 12 }]);
  expect((await db.from('fx_labels').select('id').eq('id', 12)).data).toEqual([]);
});

test('a single-object answer that is not one row is 406 and the change is rolled back', async () => {
  const { status, error } = await db.from('fx_labels').update({ name: 'both' }).in('id', [10, 11]).select().single();
  expect(status).toBe(406);
  expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  expect((await db.from('fx_labels').select('name').eq('id', 10).single()).data).toEqual({ name: 'ten' });
});

test('max-affected with handling=strict refuses (400 PGRST124) and rolls back a larger change', async () => {
  // supabase-js types maxAffected() for PostgREST 13+ clients only: the request it sends.
  const res = await raw('fx_labels?id=in.(10,11)', { method: 'DELETE', headers: { Prefer: 'handling=strict,max-affected=1' } });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' });
  expect((await db.from('fx_labels').select('id').in('id', [10, 11])).data).toHaveLength(2);
});

test('RLS decides per user, and a table not granted to anon is 401 42501', async () => {
  const email = uniqueEmail('notes');
  const alice = client(backend.url);
  expect((await alice.auth.signUp({ email, password: 'notes-password' })).error).toBeNull();
  expect((await alice.from('fx_notes').insert({ body: 'mine' })).status).toBe(201);
  const bob = client(backend.url);
  await bob.auth.signUp({ email: uniqueEmail('notes'), password: 'notes-password' });
  expect((await alice.from('fx_notes').select('body')).data).toEqual([{ body: 'mine' }]);
  expect((await bob.from('fx_notes').select('body')).data).toEqual([]);
  const forged = await bob.from('fx_notes').insert({ body: 'x', owner: '00000000-0000-0000-0000-000000000001' });
  expect(forged.status).toBe(403);
  expect(forged.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "fx_notes"' });
  const anon = await db.from('fx_notes').select();
  expect(anon.status).toBe(401);
  expect(anon.error?.code).toBe('42501');
});

test('a write on a table the role has no grant on is 401 42501', async () => {
  const res = await raw('fx_hidden', { method: 'POST', body: JSON.stringify({ id: 2 }) });
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ code: '42501', message: 'permission denied for table fx_hidden' });
});

test('insert with return=minimal needs only the INSERT grant; representation needs SELECT too', async () => {
  expect((await db.from('fx_inbox').insert({ id: 1, body: 'hello' })).status).toBe(201);
  const { status, error } = await db.from('fx_inbox').insert({ id: 2, body: 'again' }).select();
  expect(status).toBe(401);
  expect(error).toMatchObject({ code: '42501', message: 'permission denied for table fx_inbox' });
});
