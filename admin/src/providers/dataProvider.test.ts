/**
 * The generic data provider, table-driven over EVERY declared resource (resources/index.ts):
 * each react-admin method must call the resource's declared RPC with the declared arguments,
 * and RPC failures must surface as HttpError with the PostgREST message and status.
 */
import { HttpError } from 'react-admin';
import { resources } from '../resources';
import { dataProvider } from './appDataProvider';
import { defaultToArgs } from './dataProvider';
import { stubRpc } from '../test/rpcStub';

const rows = [
  { id: 'a1', name: 'Wildflower Honey', title: 'Alpha', email: 'c@example.com', status: 'scheduled', price: 2000, created_at: '2025-01-03T10:00:00Z' },
  { id: 'b2', name: 'Beeswax Candle', title: 'Bravo', email: 'a@example.com', status: 'completed', price: 2200, created_at: '2025-01-02T10:00:00Z' },
  { id: 'c3', name: 'Gift Set', title: 'Charlie', email: 'b@example.com', status: 'scheduled', price: 4500, created_at: '2025-01-01T10:00:00Z' },
];
const formData = { name: 'New', title: 'New', description: 'Text', price: 1500, status: 'scheduled', handled: true, role: 'staff', is_active: true };

afterEach(() => jest.restoreAllMocks());

test('the registry declares the products resource and unique names', () => {
  const names = resources.map((r) => r.name);
  expect(names).toContain('products');
  expect(new Set(names).size).toBe(names.length);
});

describe.each(resources.map((r) => [r.name, r] as const))('resource %s', (name, decl) => {
  test(`getList calls ${decl.rpc.list} with no arguments, then sorts, filters and pages locally`, async () => {
    const rpc = stubRpc({ [decl.rpc.list]: { data: rows } });
    const page = await dataProvider.getList(name, {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'price', order: 'DESC' },
      filter: {},
    });
    expect(rpc).toHaveBeenCalledWith(decl.rpc.list, undefined);
    expect(page.total).toBe(3);
    expect(page.data.map((r) => r.id)).toEqual(['c3', 'b2']);

    const searched = await dataProvider.getList(name, {
      pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'CANDLE' },
    });
    expect(searched.data.map((r) => r.id)).toEqual(['b2']);
    const byField = await dataProvider.getList(name, {
      pagination: { page: 2, perPage: 1 }, sort: { field: 'created_at', order: 'ASC' }, filter: { status: 'scheduled' },
    });
    expect(byField).toEqual({ data: [rows[0]], total: 2 });
  });

  test('getOne / getMany / getManyReference read from the list RPC', async () => {
    const rpc = stubRpc({ [decl.rpc.list]: { data: rows } });
    expect((await dataProvider.getOne(name, { id: 'b2' })).data).toEqual(rows[1]);
    expect((await dataProvider.getMany(name, { ids: ['c3', 'a1'] })).data.map((r) => r.id)).toEqual(['a1', 'c3']);
    const ref = await dataProvider.getManyReference(name, {
      target: 'status', id: 'completed', pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {},
    });
    expect(ref).toEqual({ data: [rows[1]], total: 1 });
    expect(rpc).toHaveBeenCalledTimes(3);
    await expect(dataProvider.getOne(name, { id: 'missing' })).rejects.toMatchObject({ status: 404 });
  });

  test('list RPC errors surface as HttpError with message and status', async () => {
    stubRpc({ [decl.rpc.list]: { error: { message: 'Your account is waiting for approval', code: '42501' }, status: 403 } });
    const failure = dataProvider.getList(name, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ message: 'Your account is waiting for approval', status: 403, body: { code: '42501' } });
  });

});

// Write methods, only for the RPCs each resource declares (no skipped tests for the others).
const writeCases = resources.flatMap((decl) =>
  (['create', 'update', 'delete'] as const).filter((op) => decl.rpc[op]).map((op) => [decl.name, op, decl] as const),
);

describe.each(writeCases)('resource %s: %s', (name, op, decl) => {
  const fn = decl.rpc[op]!;
  const toArgs = decl.toArgs ?? defaultToArgs;

  test(`calls ${fn} with the declared arguments and returns its row`, async () => {
    const answer = { ...rows[0], ...formData };
    const rpc = stubRpc({ [fn]: { data: answer } });
    if (op === 'create') {
      expect((await dataProvider.create(name, { data: formData })).data).toEqual(answer);
      expect(rpc).toHaveBeenCalledWith(fn, toArgs(formData, 'create'));
    } else if (op === 'update') {
      expect((await dataProvider.update(name, { id: 'a1', data: formData, previousData: rows[0] })).data).toEqual(answer);
      expect(rpc).toHaveBeenCalledWith(fn, { p_id: 'a1', ...toArgs(formData, 'update') });
    } else {
      expect((await dataProvider.delete(name, { id: 'a1', previousData: rows[0] })).data).toEqual(answer);
      expect(rpc).toHaveBeenCalledWith(fn, { p_id: 'a1' });
    }
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  test(`surfaces ${fn} errors as HttpError`, async () => {
    stubRpc({ [fn]: { error: { message: 'Price must be positive', code: '22023' }, status: 400 } });
    const call =
      op === 'create' ? dataProvider.create(name, { data: formData })
      : op === 'update' ? dataProvider.update(name, { id: 'a1', data: formData, previousData: rows[0] })
      : dataProvider.delete(name, { id: 'a1', previousData: rows[0] });
    await expect(call).rejects.toMatchObject({ message: 'Price must be positive', status: 400, body: { code: '22023' } });
  });
});

const readOnly = resources.filter((decl) => !decl.rpc.create);
(readOnly.length > 0 ? describe.each(readOnly.map((d) => [d.name] as const)) : () => () => undefined)(
  'read-only resource %s',
  (name: string) => {
    test('create is refused before any call', async () => {
      const rpc = stubRpc({});
      await expect(dataProvider.create(name, { data: formData })).rejects.toThrow(/declares no create RPC/);
      expect(rpc).not.toHaveBeenCalled();
    });
  },
);

test('products send the exact RPC arguments of the contract', async () => {
  const rpc = stubRpc({
    create_buzz_haven_product: { data: { id: 'p1' } },
    update_buzz_haven_product: { data: { id: 'p1' } },
  });
  await dataProvider.create('products', { data: { name: 'Jar', price: 2000, image_url: null } });
  expect(rpc).toHaveBeenLastCalledWith('create_buzz_haven_product', {
    p_name: 'Jar', p_description: '', p_price: 2000, p_category: '', p_image_url: '',
  });
  await dataProvider.update('products', { id: 'p1', data: { price: 2500 }, previousData: { id: 'p1' } });
  expect(rpc).toHaveBeenLastCalledWith('update_buzz_haven_product', {
    p_id: 'p1', p_name: null, p_description: null, p_price: 2500, p_category: null, p_image_url: null,
  });
});

test('an unknown resource fails with a hint instead of calling anything', async () => {
  const rpc = stubRpc({});
  await expect(dataProvider.getList('nope', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} }))
    .rejects.toThrow(/Unknown resource "nope"/);
  expect(rpc).not.toHaveBeenCalled();
});
