/**
 * Bad query parameters on RPC results answer PostgREST's 400-family errors through supabase-js,
 * never a 500 and never the whole table: unknown columns (42703, PostgreSQL's text and hint),
 * unparsable filters/orders (PGRST100), bad values (22P02), embedded names (PGRST108), ranges
 * (PGRST103), single() on none (PGRST116), and filters on a function that returns a scalar.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, OWNER, signedIn } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

let backend: Backend;
let owner: SupabaseClient;
let token: string;

beforeAll(async () => {
  backend = await startBackend();
  owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  token = (await owner.auth.getSession()).data.session!.access_token;
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

/** A POST to get_buzz_haven_products with a raw query string, as the examples. */
async function raw(query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${backend.url}/rest/v1/rpc/get_buzz_haven_products?${query}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: '{}',
  });
  return { status: res.status, body: await res.json() };
}

const products = () => owner.rpc('get_buzz_haven_products');

test('order on an unknown column is 400 42703, not every row', async () => {
  expect(await raw('order=no_such_column')).toEqual({
    status: 400,
    body: { code: '42703', details: null, hint: null, message: 'column products.no_such_column does not exist' },
  });
});

test('an unknown operator is 400 PGRST100 with the parse position', async () => {
  expect(await raw('name=nonsense-operator.x')).toEqual({
    status: 400,
    body: {
      code: 'PGRST100', hint: null,
      message: '"failed to parse filter (nonsense-operator.x)" (line 1, column 1)',
      details: 'unexpected "n" expecting "not" or operator (eq, gt, ...)',
    },
  });
});

test('eq on an unknown column: 42703 with PostgreSQL\'s hint for a close name', async () => {
  const { error, status } = await products().eq('nmae', 'x');
  expect(status).toBe(400);
  expect(error).toEqual({
    code: '42703', details: null,
    hint: 'Perhaps you meant to reference the column "products.name".',
    message: 'column products.nmae does not exist',
  });
});

test('select of an unknown column names PostgREST\'s inner alias', async () => {
  const { error, status } = await products().select('id,colour');
  expect(status).toBe(400);
  expect(error).toMatchObject({ code: '42703', message: 'column pgrst_call.colour does not exist' });
});

test('a value PostgreSQL cannot read as the column type is 400 22P02', async () => {
  const { error, status } = await products().eq('id', 'not-a-uuid');
  expect(status).toBe(400);
  expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "not-a-uuid"' });
});

test.each([
  ['order=name.upwards', '"failed to parse order (name.upwards)" (line 1, column 6)'],
  ['price=is.maybe', '"failed to parse filter (is.maybe)" (line 1, column 4)'],
  ['or=(price.eq.1,name.eq.2', '"failed to parse logic tree ((price.eq.1,name.eq.2)" (line 1, column 24)'],
  ['price=in.1,2', '"failed to parse filter (in.1,2)" (line 1, column 4)'],
])('%s is 400 PGRST100', async (query, message) => {
  const { status, body } = await raw(query);
  expect(status).toBe(400);
  expect(body).toMatchObject({ code: 'PGRST100', message });
});

test('a dotted filter names an embedded resource the request does not have: PGRST108', async () => {
  expect(await raw('orders.id=eq.1')).toEqual({
    status: 400,
    body: {
      code: 'PGRST108', details: null,
      hint: "Verify that 'orders' is included in the 'select' query parameter.",
      message: "'orders' is not an embedded resource in this request",
    },
  });
});

test('a negative limit and an offset past the end are 416 PGRST103', async () => {
  expect(await raw('limit=-1')).toMatchObject({ status: 416, body: { code: 'PGRST103', details: 'Limit should be greater than or equal to zero.' } });
  expect(await raw('offset=50', { prefer: 'count=exact' })).toMatchObject({
    status: 416,
    body: { code: 'PGRST103', message: 'Requested range not satisfiable', details: 'An offset of 50 was requested, but there are only 7 rows.' },
  });
});

test('single() on no rows is 406 PGRST116', async () => {
  const { error, status } = await products().eq('price', 1).single();
  expect(status).toBe(406);
  expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
});

test('a filter on a function that returns a scalar is 42703 on the function\'s name', async () => {
  const { error, status } = await owner.rpc('count_table_rows', { table_name: 'products' }).eq('total', 7);
  expect(status).toBe(400);
  expect(error).toMatchObject({ code: '42703', message: 'column count_table_rows.total does not exist' });
});
