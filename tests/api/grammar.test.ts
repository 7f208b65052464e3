/**
 * PostgREST's query grammar on RPC results, through supabase-js against the embedded backend:
 * every filter operator, and/or trees, order, range with an exact count (206), select, single,
 * maybeSingle, head and GET calls. The seed has seven products (prices in cents below).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { OWNER, signedIn } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;
let owner: SupabaseClient;

beforeAll(async () => {
  backend = await startBackend();
  owner = await signedIn(backend.url, OWNER.email, OWNER.password);
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const products = () => owner.rpc('get_buzz_haven_products');
const names = (data: unknown) => (data as Array<{ name: string }>).map((p) => p.name);
const prices = (data: unknown) => (data as Array<{ price: number }>).map((p) => p.price);

describe('filters', () => {
  test.each([
    ['eq', () => products().eq('price', 1800), [1800]],
    ['neq', () => products().neq('category', 'Honey').order('price'), [1500, 2200, 2400]],
    ['gt', () => products().gt('price', 2200).order('price'), [2400, 2400, 4500]],
    ['gte', () => products().gte('price', 2200).order('price'), [2200, 2400, 2400, 4500]],
    ['lt', () => products().lt('price', 2000).order('price'), [1500, 1800]],
    ['lte', () => products().lte('price', 2000).order('price'), [1500, 1800, 2000]],
    ['like with *', () => products().like('name', '*Honey').order('price'), [1800, 2000, 2400]],
    ['ilike with %', () => products().ilike('name', '%honey%').order('price'), [1800, 2000, 2400, 4500]],
    ['in', () => products().in('price', [1500, 4500, 9999]).order('price'), [1500, 4500]],
    ['is null', () => products().is('image_url', null).lt('price', 1600), [1500]],
    ['not.is null', () => products().not('image_url', 'is', null), []],
    ['not.eq', () => products().not('category', 'eq', 'Honey').order('price'), [1500, 2200, 2400]],
    ['isdistinct', () => products().filter('category', 'isdistinct', 'Honey').order('price'), [1500, 2200, 2400]],
    ['match', () => products().match({ category: 'Beeswax', price: 2200 }), [2200]],
    ['regex match', () => products().filter('name', 'match', '^Beeswax').order('price'), [1500, 2400]],
    ['imatch', () => products().filter('name', 'imatch', 'CANDLE$'), [2200]],
    ['or', () => products().or('price.eq.1500,name.ilike.*gift*').order('price'), [1500, 4500]],
    ['nested and inside or', () => products().or('price.eq.1500,and(category.eq.Honey,price.gt.2000)').order('price'), [1500, 2400, 4500]],
    ['in with a quoted comma', () => products().in('name', ['Honey Tasting Gift Set', 'x,y']), [4500]],
    ['full-text search', () => products().textSearch('name', 'candle'), [2200]],
  ])('%s', async (_label, query, expected) => {
    const { data, error, status } = await query();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(prices(data)).toEqual(expected);
  });
});

describe('order, range and count', () => {
  test('not.or and and= from the query string', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/get_buzz_haven_products?select=price&order=price` +
      '&not.or=(price.lt.2000,price.gt.2400)&and=(price.gte.2000,or(category.eq.Honey,price.eq.2200))', {
      method: 'POST', headers: await authHeaders(), body: '{}',
    });
    expect(prices(await res.json())).toEqual([2000, 2200, 2400]);
  });

  test('order by several columns, descending, nulls last', async () => {
    const { data } = await products().order('category', { ascending: false }).order('price', { ascending: true, nullsFirst: false });
    expect(prices(data)).toEqual([1800, 2000, 2400, 4500, 1500, 2200, 2400]);
  });

  test('a page of two with count=exact is 206 with the filtered total', async () => {
    const { data, count, status } = await owner.rpc('get_buzz_haven_products', {}, { count: 'exact' })
      .ilike('name', '%honey%').order('name').range(1, 2);
    expect(status).toBe(206);
    expect(count).toBe(4);
    expect(names(data)).toEqual(['East Hills Wildflower Honey', 'Honey Tasting Gift Set']);
  });

  test('the whole filtered set with count=exact is 200', async () => {
    const { data, count, status } = await owner.rpc('get_buzz_haven_products', {}, { count: 'exact' }).eq('category', 'Beeswax');
    expect(status).toBe(200);
    expect(count).toBe(3);
    expect(data).toHaveLength(3);
  });

  test('limit alone, and Content-Range without a count', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/get_buzz_haven_products?order=price&limit=3&offset=2`, {
      method: 'POST', headers: await authHeaders(), body: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('2-4/*');
    expect(prices(await res.json())).toEqual([2000, 2200, 2400]);
  });

  test('the Range header pages a GET call', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/get_buzz_haven_products?order=price`, {
      headers: { ...(await authHeaders()), range: '5-9', prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('5-6/7');
    expect(prices(await res.json())).toEqual([2400, 4500]);
  });
});

describe('shapes', () => {
  test('select picks and renames columns', async () => {
    const { data } = await products().select('name,cents:price').eq('price', 1500);
    expect(data).toEqual([{ name: 'Beeswax Lip Balm Trio', cents: 1500 }]);
  });

  test('single() returns one object; maybeSingle() null for none', async () => {
    const { data: one } = await products().select('id,name').eq('price', 4500).single();
    expect(one).toMatchObject({ name: 'Honey Tasting Gift Set' });
    const byId = await products().eq('id', (one as { id: string }).id).single();
    expect(byId.data).toMatchObject({ name: 'Honey Tasting Gift Set', price: 4500 });
    const none = await products().eq('price', 1).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
  });

  test('single() on several rows is 406 PGRST116', async () => {
    const { error, status } = await products().eq('category', 'Honey').single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
  });

  test('head with count answers the count without rows', async () => {
    const { data, count, status } = await owner.rpc('get_buzz_haven_products', {}, { head: true, count: 'exact' }).eq('category', 'Honey');
    expect(status).toBe(200);
    expect(count).toBe(4);
    expect(data).toBeNull();
  });

  test('GET calls take arguments and filters from the query string', async () => {
    const { data, error } = await owner.rpc('get_buzz_haven_products', {}, { get: true }).gte('price', 2400).order('price');
    expect(error).toBeNull();
    expect(prices(data)).toEqual([2400, 2400, 4500]);
    const counted = await owner.rpc('count_table_rows', { table_name: 'products' }, { get: true });
    expect(counted.data).toBe(7);
  });
});

async function authHeaders(): Promise<Record<string, string>> {
  const { data } = await owner.auth.getSession();
  return {
    apikey: (owner as unknown as { supabaseKey: string }).supabaseKey,
    authorization: `Bearer ${data.session!.access_token}`,
    'content-type': 'application/json',
  };
}
