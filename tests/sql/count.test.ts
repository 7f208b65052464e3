/**
 * count_table_rows: the dashboard's counts. Only base tables of buzz_haven are counted; any other
 * name, schema or injection attempt is refused with the same message and runs nothing.
 */
import { anon, createMember, rpcValue } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('count_table_rows on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@count.test', 'staff');
    await t.db.exec(`
      insert into buzz_haven.products (name, price) values ('A', 1), ('B', 2), ('C', 3);
      insert into buzz_haven.events (title, start_time) values ('Swarm talk', now());
      insert into buzz_haven.hives (name) values ('H1'), ('H2');
      insert into buzz_haven.hive_inspections (hive_id, inspected_on) select id, current_date from buzz_haven.hives;
    `);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const count = (args: Record<string, unknown>) => rpcValue<number>(t.db, staff, 'count_table_rows', args);

  test.each([
    ['products', 3],
    ['orders', 0],
    ['events', 1],
    ['hives', 2],
    ['content', 0], // the site's content documents (none in a test database)
    ['content_documents', 0],
    ['users', 1],
    ['media', 0],
    ['hive_inspections', 2],
  ])('counts buzz_haven.%s (%i rows), with the default schema and with it named', async (table, expected) => {
    await expect(count({ table_name: table })).resolves.toBe(expected);
    await expect(count({ table_name: table, schema_name: 'buzz_haven' })).resolves.toBe(expected);
  });

  test.each([
    ['products; drop table buzz_haven.products', 'buzz_haven'],
    ['products"; drop table buzz_haven.products; --', 'buzz_haven'],
    ['products where false', 'buzz_haven'],
    ['PRODUCTS', 'buzz_haven'],
    [' products', 'buzz_haven'],
    ['nope', 'buzz_haven'],
    ['', 'buzz_haven'],
    [null, 'buzz_haven'],
    ['users', 'auth'],
    ['pg_authid', 'pg_catalog'],
    ['pg_class', 'buzz_haven'],
    ['schema_migrations', 'supabase_migrations'],
    ['products', 'public'],
    ['products', 'buzz_haven; select 1'],
    ['products', null],
  ])('refuses table %j in schema %j', async (table, schema) => {
    await expect(count({ table_name: table, schema_name: schema })).rejects.toMatchObject({ code: '22023', message: 'Unknown table' });
  });

  test('the injection attempts above left every table in place', async () => {
    await expect(count({ table_name: 'products' })).resolves.toBe(3);
  });

  test('a view or sequence in buzz_haven is not a base table', async () => {
    await t.db.exec('create view buzz_haven.cheap_products as select * from buzz_haven.products where price < 2');
    await expect(count({ table_name: 'cheap_products' })).rejects.toMatchObject({ message: 'Unknown table' });
    await t.db.exec('drop view buzz_haven.cheap_products');
    await expect(count({ table_name: 'hive_overview' })).rejects.toMatchObject({ message: 'Unknown table' });
  });

  test('anon is refused before any lookup', async () => {
    await expect(rpcValue(t.db, anon, 'count_table_rows', { table_name: 'products' }))
      .rejects.toMatchObject({ code: '42501', message: 'Not signed in' });
  });
});
