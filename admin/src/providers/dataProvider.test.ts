/**
 * The generic data provider, table-driven over EVERY declared resource (resources/index.ts):
 * each react-admin method must send the resource's RPC with the PostgREST query parameters it
 * implies (through the real supabase-js client), read the page and count the server answers,
 * and surface RPC failures as HttpError with the PostgREST message and status.
 */
import { HttpError } from 'react-admin';
import { resources } from '../resources';
import { createRpcDataProvider, SERVER_PAGE } from './dataProvider';
import { fieldsToArgs } from '../crud/toArgs';
import { RpcRefusal, rpcEndpoint, type RpcHandler } from '../test/postgrestEndpoint';

const rows = [
  { id: 'a1', name: 'Wildflower Honey', title: 'Alpha', email: 'c@example.com', status: 'scheduled', price: 2000, created_at: '2025-01-03T10:00:00Z' },
  { id: 'b2', name: 'Beeswax Candle', title: 'Bravo', email: 'a@example.com', status: 'completed', price: 2200, created_at: '2025-01-02T10:00:00Z' },
  { id: 'c3', name: 'Gift Set', title: 'Charlie', email: 'b@example.com', status: 'scheduled', price: 4500, created_at: '2025-01-01T10:00:00Z' },
];
const formData = { hive_id: 'h1', inspected_on: '2026-03-01', name: 'New', title: 'New', description: 'Text', price: 1500, status: 'scheduled', handled: true, role: 'staff', is_active: true };

const setup = (handlers: Record<string, RpcHandler>) => {
  const endpoint = rpcEndpoint(handlers);
  return { ...endpoint, dataProvider: createRpcDataProvider(resources, endpoint.client) };
};

test('only the activity log, shown without a pager, asks for no count', () => {
  expect(resources.filter((r) => r.count === 'none').map((r) => r.name)).toEqual(['activity']);
});

test('the lists of tables that grow for years page without a count, so a page costs the same at any size', () => {
  expect(resources.filter((r) => r.count === 'pages').map((r) => r.name).sort()).toEqual(['inspections', 'orders', 'registrations']);
});

test('the registry declares unique names, and inspections like any other resource', () => {
  const names = resources.map((r) => r.name);
  expect(names).toEqual(expect.arrayContaining(['products', 'events', 'hives', 'inspections']));
  expect(new Set(names).size).toBe(names.length);
});

describe.each(resources.map((r) => [r.name, r] as const))('resource %s', (name, decl) => {
  const list = decl.rpc.list;
  const searchable = decl.fields.filter((f) => f.searchable).map((f) => f.source);

  // The activity log is read only by lists without a pager: no count of its 200,000 rows.
  const prefer = decl.count === 'none' || decl.count === 'pages' ? null : 'count=exact';
  // 'pages': one row past the page, and react-admin's pageInfo instead of a total.
  const paged = decl.count === 'pages';
  const limit = (perPage: number) => perPage + (paged ? 1 : 0);
  const sized = (data: unknown[], total: number, hasPreviousPage: boolean, hasNextPage = false) =>
    (paged ? { data, ...(hasNextPage ? {} : { total }), pageInfo: { hasPreviousPage, hasNextPage } } : { data, total });

  test(`getList sends ${list} with order, offset/limit and ${prefer ?? 'no count'}, and reads the count`, async () => {
    const { dataProvider, requests } = setup({ [list]: () => rows });
    const page = await dataProvider.getList(name, {
      pagination: { page: 2, perPage: 2 }, sort: { field: 'price', order: 'DESC' }, filter: {},
    });
    expect(requests).toEqual([{ fn: list, query: `order=price.desc,id.asc&offset=2&limit=${limit(2)}`, prefer }]);
    // The server's count, or without one the rows up to the end of this page: 3 either way here.
    expect(page).toEqual(sized([rows[0]], 3, true));
  });

  test('filters travel as eq / in / is parameters', async () => {
    const { dataProvider, requests } = setup({ [list]: () => rows });
    const page = await dataProvider.getList(name, {
      pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' },
      filter: { status: 'scheduled', id: ['a1', 'b2'], title: null, skipped: undefined, blank: '' },
    });
    expect(requests[0].query).toBe(`status=eq.scheduled&id=in.(a1,b2)&title=is.null&order=id.asc&offset=0&limit=${limit(10)}`);
    expect(page).toEqual(sized([], 0, false));
  });

  test(`q searches the searchable fields (${searchable.join(', ') || 'none'}) with or=(…ilike…)`, async () => {
    const { dataProvider, requests } = setup({ [list]: () => rows });
    await dataProvider.getList(name, {
      pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'wax, (c' },
    });
    // Characters with a meaning inside or=(...) become wildcards; no searchable field, no search.
    const search = searchable.length ? `or=(${searchable.map((s) => `${s}.ilike.*wax*c*`).join(',')})&` : '';
    expect(requests[0].query).toBe(`${search}order=id.asc&offset=0&limit=${limit(10)}`);
  });

  test('getOne asks for id=eq.<id>; a missing row is a 404', async () => {
    const { dataProvider, requests } = setup({ [list]: () => rows });
    expect((await dataProvider.getOne(name, { id: 'b2' })).data).toEqual(rows[1]);
    expect(requests[0]).toEqual({ fn: list, query: 'id=eq.b2', prefer });
    await expect(dataProvider.getOne(name, { id: 'missing' })).rejects.toMatchObject({ status: 404 });
  });

  test('getMany asks for id=in.(…); getManyReference for <target>=eq.<id>', async () => {
    const { dataProvider, requests } = setup({ [list]: () => rows });
    expect((await dataProvider.getMany(name, { ids: ['c3', 'a1'] })).data.map((r) => r.id)).toEqual(['a1', 'c3']);
    const ref = await dataProvider.getManyReference(name, {
      target: 'status', id: 'completed', pagination: { page: 1, perPage: 5 }, sort: { field: 'created_at', order: 'DESC' }, filter: {},
    });
    expect(ref).toEqual(sized([rows[1]], 1, false));
    expect(requests.map((r) => r.query)).toEqual(['id=in.(c3,a1)', `status=eq.completed&order=created_at.desc,id.asc&offset=0&limit=${limit(5)}`]);
  });

  test('list RPC errors surface as HttpError with message and status', async () => {
    const { dataProvider } = setup({ [list]: () => { throw new RpcRefusal('Your account is waiting for approval'); } });
    const failure = dataProvider.getList(name, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ message: 'Your account is waiting for approval', status: 403, body: { code: '42501' } });
  });
});

test("a 'pages' list enables Next while one more row exists, and asks for no count", async () => {
  const many = Array.from({ length: 7 }, (_, i) => ({ id: `o${i}`, created_at: `2026-01-0${i + 1}` }));
  const { dataProvider, requests } = setup({ get_buzz_haven_orders: () => many });
  const page = (n: number) => dataProvider.getList('orders', { pagination: { page: n, perPage: 3 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
  expect(await page(1)).toEqual({ data: many.slice(0, 3), pageInfo: { hasPreviousPage: false, hasNextPage: true } });
  expect(await page(2)).toEqual({ data: many.slice(3, 6), pageInfo: { hasPreviousPage: true, hasNextPage: true } });
  // The last page knows the total: the pager reads "7-7 of 7", not "7-9 of 9".
  expect(await page(3)).toEqual({ data: many.slice(6), total: 7, pageInfo: { hasPreviousPage: true, hasNextPage: false } });
  expect(requests.map((r) => [r.query, r.prefer])).toEqual([0, 3, 6].map((from) => [`order=id.asc&offset=${from}&limit=4`, null]));
});

test('a page larger than the server answers (CSV export) is read in parts of SERVER_PAGE rows', async () => {
  const many = Array.from({ length: 2345 }, (_, i) => ({ id: `s${String(i).padStart(4, '0')}`, email: `${i}@example.com`, created_at: '2026-01-01' }));
  const { dataProvider, requests } = setup({ get_buzz_haven_newsletter_subscribers: () => many });
  const all = await dataProvider.getList('subscribers', {
    pagination: { page: 1, perPage: 100000 }, sort: { field: 'id', order: 'ASC' }, filter: {},
  });
  expect(all.total).toBe(2345);
  expect(all.data).toHaveLength(2345);
  expect(all.data[2344]).toEqual(many[2344]);
  expect(requests.map((r) => r.query)).toEqual([0, 1000, 2000].map((from) => `order=id.asc&offset=${from}&limit=${SERVER_PAGE}`));
});

// Write methods, only for the RPCs each resource declares (no skipped tests for the others).
const writeCases = resources.flatMap((decl) =>
  (['create', 'update', 'delete'] as const).filter((op) => decl.rpc[op]).map((op) => [decl.name, op, decl] as const),
);

describe.each(writeCases)('resource %s: %s', (name, op, decl) => {
  const fn = decl.rpc[op]!;
  const toArgs = decl.toArgs ?? fieldsToArgs(decl.fields);

  test(`calls ${fn} with the declared arguments and returns its row`, async () => {
    const answer = { ...rows[0], ...formData };
    const { dataProvider, calls } = setup({ [fn]: () => answer });
    if (op === 'create') {
      expect((await dataProvider.create(name, { data: formData })).data).toEqual(answer);
      expect(calls).toEqual([{ fn, args: toArgs(formData, 'create') }]);
    } else if (op === 'update') {
      expect((await dataProvider.update(name, { id: 'a1', data: formData, previousData: rows[0] })).data).toEqual(answer);
      expect(calls).toEqual([{ fn, args: { p_id: 'a1', ...toArgs(formData, 'update', rows[0]) } }]);
    } else {
      expect((await dataProvider.delete(name, { id: 'a1', previousData: rows[0] })).data).toEqual(answer);
      expect(calls).toEqual([{ fn, args: { p_id: 'a1' } }]);
    }
  });

  test(`surfaces ${fn} errors as HttpError`, async () => {
    const { dataProvider } = setup({ [fn]: () => { throw new RpcRefusal('Price must be positive', 400, '22023'); } });
    const call =
      op === 'create' ? dataProvider.create(name, { data: formData })
      : op === 'update' ? dataProvider.update(name, { id: 'a1', data: formData, previousData: rows[0] })
      : dataProvider.delete(name, { id: 'a1', previousData: rows[0] });
    await expect(call).rejects.toMatchObject({ message: 'Price must be positive', status: 400, body: { code: '22023' } });
  });
});

const readOnly = resources.filter((decl) => !decl.rpc.create);
describe.each(readOnly.map((d) => [d.name] as const))('read-only resource %s', (name) => {
  test('create is refused before any call', async () => {
    const { dataProvider, calls } = setup({});
    await expect(dataProvider.create(name, { data: formData })).rejects.toThrow(/declares no create RPC/);
    expect(calls).toEqual([]);
  });
});

test('products send the exact RPC arguments of the contract', async () => {
  const { dataProvider, calls } = setup({ create_buzz_haven_product: () => ({ id: 'p1' }), update_buzz_haven_product: () => ({ id: 'p1' }) });
  await dataProvider.create('products', { data: { name: 'Jar', price: 2000, image_url: null } });
  await dataProvider.update('products', { id: 'p1', data: { price: 2500 }, previousData: { id: 'p1' } });
  expect(calls.map((c) => c.args)).toEqual([
    { p_name: 'Jar', p_description: '', p_price: 2000, p_category: '', p_image_url: '' },
    { p_id: 'p1', p_name: null, p_description: null, p_price: 2500, p_category: null, p_image_url: null },
  ]);
});

test('events: an update sends only what changed, and names emptied fields in p_clear', async () => {
  const previous = { id: 'e1', title: 'Walk', location: 'Garden', start_time: '2026-04-10T09:00:00+00:00', end_time: null, capacity: 12, price: 0, status: 'scheduled' };
  const { dataProvider, calls } = setup({ update_buzz_haven_event: () => ({ id: 'e1' }) });
  await dataProvider.update('events', {
    id: 'e1',
    data: { ...previous, title: 'Hive walk', location: '', capacity: null, start_time: '2026-04-10T09:00:00.000Z', status: 'cancelled' },
    previousData: previous,
  });
  expect(calls[0].args).toEqual({ p_id: 'e1', p_title: 'Hive walk', p_status: 'cancelled', p_clear: ['location', 'capacity'] });
});

test('an unknown resource fails with a hint instead of calling anything', async () => {
  const { dataProvider, calls } = setup({});
  await expect(dataProvider.getList('nope', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} }))
    .rejects.toThrow(/Unknown resource "nope"/);
  expect(calls).toEqual([]);
});

test('a sort over a field list (swarm reports: open first, newest first) orders by each, then id', async () => {
  const reports = [
    { id: 's1', is_open: false, created_at: '2026-05-03T00:00:00Z' },
    { id: 's2', is_open: true, created_at: '2026-05-01T00:00:00Z' },
    { id: 's3', is_open: true, created_at: '2026-05-02T00:00:00Z' },
  ];
  const { dataProvider, requests } = setup({ get_buzz_haven_swarm_reports: () => reports });
  const page = await dataProvider.getList('swarm_reports', {
    pagination: { page: 1, perPage: 10 }, sort: { field: 'is_open,created_at', order: 'DESC' }, filter: {},
  });
  expect(requests[0].query).toBe('order=is_open.desc,created_at.desc,id.asc&offset=0&limit=10');
  expect(page.data.map((r) => r.id)).toEqual(['s3', 's2', 's1']);
});
