/**
 * `listV2` (POST /object/list-v2/{bucket}) through supabase-js against the embedded backend, as
 * hosted Storage lists (supabase/storage src/storage/object.ts listObjectsV2, database/pg.ts,
 * migrations/tenant/0050-search-v2-optimised.sql): flat or one level with folders, prefix,
 * limit and cursor pages in each sort (name, created_at; asc, desc), RLS deciding what is listed,
 * and the errors of a bad body or cursor.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { client } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/src/keys';

let backend: Backend;
let admin: SupabaseClient;
const lib = () => admin.storage.from('lib');
// Upload order sets created_at: the docs folder's oldest file comes first.
const KEYS = ['docs/one.txt', 'b.txt', 'A.txt', 'music/x.mp3', 'a.txt', 'docs.txt', 'docs/two.txt', 'docs/deep/three.txt', 'zz/y.txt'];
const SUFFIXES = ['zz', 'bb', 'xx', 'ww', 'cc', 'aa', 'yy', 'oo'];

beforeAll(async () => {
  backend = await startBackend();
  admin = createClient(backend.url, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  expect((await admin.storage.createBucket('lib')).error).toBeNull();
  expect((await admin.storage.createBucket('pages')).error).toBeNull();
  for (const key of KEYS) expect((await lib().upload(key, key, { contentType: 'text/plain' })).error).toBeNull();
  for (const s of SUFFIXES) expect((await admin.storage.from('pages').upload(`page/file-${s}`, s)).error).toBeNull();
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const names = (entries: { name: string }[] | undefined) => entries!.map((e) => e.name);

test('without a delimiter: every object under the prefix, full keys, byte order, with metadata', async () => {
  const { data, error } = await lib().listV2();
  expect(error).toBeNull();
  expect(data!.hasNext).toBe(false);
  expect(data!.folders).toEqual([]);
  expect(names(data!.objects)).toEqual(['A.txt', 'a.txt', 'b.txt', 'docs.txt', 'docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt', 'music/x.mp3', 'zz/y.txt']);
  expect(data!.objects[0]).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'A.txt',
    metadata: expect.objectContaining({ size: 5, mimetype: 'text/plain', eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/) }),
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), updated_at: expect.any(String), last_accessed_at: expect.any(String),
  });
  // The prefix is the start of the key, letter case kept, no `/` added.
  expect(names((await lib().listV2({ prefix: 'docs' })).data!.objects)).toEqual(['docs.txt', 'docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt']);
  expect(names((await lib().listV2({ prefix: 'a' })).data!.objects)).toEqual(['a.txt']);
  expect((await lib().listV2({ prefix: 'nothing/' })).data).toEqual({ hasNext: false, folders: [], objects: [] });
});

test('with_delimiter: one level, folders apart with their key and a trailing slash', async () => {
  const { data } = await lib().listV2({ with_delimiter: true });
  expect(data!.folders).toEqual(['docs', 'music', 'zz'].map((key) => ({
    key, name: `${key}/`, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null,
  })));
  expect(data!.objects.map((o) => [o.key, o.name])).toEqual([['A.txt', 'A.txt'], ['a.txt', 'a.txt'], ['b.txt', 'b.txt'], ['docs.txt', 'docs.txt']]);
  const docs = (await lib().listV2({ prefix: 'docs/', with_delimiter: true })).data!;
  expect(docs.folders.map((f) => [f.key, f.name])).toEqual([['deep', 'docs/deep/']]);
  expect(docs.objects.map((o) => [o.key, o.name])).toEqual([['one.txt', 'docs/one.txt'], ['two.txt', 'docs/two.txt']]);
});

test('pages of `limit` follow nextCursor in every sort (name and created_at, asc and desc), 4 pages of 2', async () => {
  const cases: { expected: string[]; sortBy?: { column: 'name' | 'created_at'; order: 'asc' | 'desc' } }[] = [
    { expected: SUFFIXES.slice().sort() },
    { expected: SUFFIXES.slice().sort().reverse(), sortBy: { column: 'name', order: 'desc' } },
    { expected: SUFFIXES.slice(), sortBy: { column: 'created_at', order: 'asc' } },
    { expected: SUFFIXES.slice().reverse(), sortBy: { column: 'created_at', order: 'desc' } },
  ];
  for (const with_delimiter of [true, false]) {
    for (const { expected, sortBy } of cases) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { data, error } = await admin.storage.from('pages').listV2({ prefix: 'page/', with_delimiter, limit: 2, ...(cursor ? { cursor } : {}), ...(sortBy ? { sortBy } : {}) });
        expect(error).toBeNull();
        expect(data!.objects).toHaveLength(2);
        seen.push(...names(data!.objects));
        cursor = data!.hasNext ? data!.nextCursor : undefined;
        if (data!.hasNext) expect((data as { nextCursorKey?: string }).nextCursorKey).toBe(seen[seen.length - 1]);
        pages += 1;
      } while (cursor && pages < 10);
      expect([with_delimiter, sortBy, pages, seen]).toEqual([with_delimiter, sortBy, 4, expected.map((s) => `page/file-${s}`)]);
    }
  }
});

test('a page that ends on a folder continues after the whole folder', async () => {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const { data } = await lib().listV2({ with_delimiter: true, limit: 2, ...(cursor ? { cursor } : {}) });
    seen.push(...data!.folders.map((f) => f.name), ...names(data!.objects));
    cursor = data!.hasNext ? data!.nextCursor : undefined;
  } while (cursor && seen.length < 20);
  expect(seen).toEqual(['A.txt', 'a.txt', 'b.txt', 'docs.txt', 'docs/', 'music/', 'zz/']);
  const desc = await lib().listV2({ with_delimiter: true, limit: 3, sortBy: { column: 'name', order: 'desc' } });
  expect([...desc.data!.folders.map((f) => f.name), ...names(desc.data!.objects)]).toEqual(['zz/', 'music/', 'docs/']);
});

test('by created_at with a delimiter, a folder takes the date of its oldest object', async () => {
  const { data } = await lib().listV2({ with_delimiter: true, sortBy: { column: 'created_at', order: 'asc' } });
  const flat = (await lib().listV2()).data!.objects;
  const oldestDoc = flat.find((o) => o.name === 'docs/one.txt')!.created_at;
  expect(data!.folders.find((f) => f.name === 'docs/')).toMatchObject({ created_at: oldestDoc, updated_at: oldestDoc, id: null });
  expect(names(data!.objects)).toEqual(['b.txt', 'A.txt', 'a.txt', 'docs.txt']);
  const order = (await lib().listV2({ with_delimiter: true, limit: 3, sortBy: { column: 'created_at', order: 'asc' } })).data!;
  expect([...order.folders.map((f) => f.name), ...names(order.objects)].sort()).toEqual(['A.txt', 'b.txt', 'docs/']);
});

test('RLS decides what is listed: no select policy, nothing listed; the media bucket is readable by anyone', async () => {
  const anon = client(backend.url);
  expect((await anon.storage.from('lib').listV2()).data).toEqual({ hasNext: false, folders: [], objects: [] });
  const media = await anon.storage.from('media').listV2();
  expect(media).toEqual({ data: { hasNext: false, folders: [], objects: [] }, error: null });
  expect((await admin.storage.from('nowhere').listV2()).data).toEqual({ hasNext: false, folders: [], objects: [] });
});

test('a bad limit, sort or cursor is a 400 naming what is wrong', async () => {
  const post = (body: unknown) => fetch(`${backend.url}/storage/v1/object/list-v2/lib`, {
    method: 'POST', headers: { apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  }).then(async (r) => [r.status, await r.json()]);
  expect(await post({ limit: 0 })).toEqual([400, { statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message: 'body/limit must be >= 1' }]);
  expect(await post({ sortBy: { column: 'size' } })).toEqual([400, expect.objectContaining({ message: 'body/sortBy/column must be equal to one of the allowed values' })]);
  expect(await post({ sortBy: { order: 'asc' } })).toEqual([400, expect.objectContaining({ message: "body/sortBy must have required property 'column'" })]);
  expect(await post({ cursor: 'bm90IGEgY3Vyc29y' })).toEqual([400, { statusCode: '400', code: 'InvalidParameter', error: 'InvalidParameter', message: 'Invalid Parameter continuation token' }]);
  const badDate = Buffer.from('l:b.txt\no:asc\nc:created_at\na:not a date').toString('base64');
  expect(await post({ cursor: badDate })).toEqual([400, expect.objectContaining({ code: 'InvalidParameter', message: 'Invalid Parameter continuation token' })]);
  expect(await post({ with_delimiter: 'yes' })).toEqual([400, expect.objectContaining({ message: 'body/with_delimiter must be boolean' })]);
});
