/**
 * Every text column is bounded: the RPCs refuse over-long input with the messages the admin form
 * shows ('Name is too long (200 characters at most)'), the tables' CHECK constraints refuse it
 * from anything else, and input at the bound is stored whole.
 */
import { createAuthUser, createMember, rpcOne } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const text = (n: number, ch = 'a') => ch.repeat(n);
const tooLong = (label: string, max: number) => `${label} is too long (${max} characters at most)`;

describe.each(targets)('text bounds on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@bounds.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('a sign-up cannot store a 900,000-character profile name; 200 characters are kept whole', async () => {
    const signUp = await createAuthUser(t.db, 'long-name@bounds.test');
    await expect(rpcOne(t.db, signUp, 'create_buzz_haven_user', {
      p_email: signUp.email, p_name: text(900_000), p_auth_user_id: signUp.sub,
    })).rejects.toMatchObject({ code: '23514', message: tooLong('Name', 200) }); // users' CHECK
    const { rows } = await t.db.query('select count(*)::int as n from buzz_haven.users where auth_user_id = $1', [signUp.sub]);
    expect(rows[0].n).toBe(0);
    // characters, not bytes: 200 bees are 800 bytes
    await expect(rpcOne(t.db, signUp, 'create_buzz_haven_user', {
      p_email: signUp.email, p_name: text(200, '🐝'), p_auth_user_id: signUp.sub,
    })).resolves.toMatchObject({ name: text(200, '🐝') });
  });

  test.each([
    [{ p_name: text(100_000) }, tooLong('Name', 200)],
    [{ p_name: 'Jar', p_description: text(900_000) }, tooLong('Description', 5000)],
    [{ p_name: 'Jar', p_category: text(101) }, tooLong('Category', 100)],
    [{ p_name: 'Jar', p_image_url: `https://example.com/${text(2000)}` }, tooLong('Image URL', 2000)],
  ])('staff cannot create a product with %#: "%s"', async (args, message) => {
    // products' CHECKs hold the bounds and their messages: 23514
    await expect(rpcOne(t.db, staff, 'create_buzz_haven_product', args)).rejects.toMatchObject({ code: '23514', message });
  });

  test('update refuses the same, and a product at every bound is stored whole', async () => {
    const at = {
      p_name: text(200), p_description: text(5000), p_category: text(100), p_image_url: `https://e.com/${text(1986)}`,
    };
    const made = await rpcOne<{ id: string; name: string; image_url: string }>(t.db, staff, 'create_buzz_haven_product', at);
    expect(made).toMatchObject({ name: at.p_name, image_url: at.p_image_url });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_product', { p_id: made!.id, p_description: text(5001) }))
      .rejects.toMatchObject({ code: '23514', message: tooLong('Description', 5000) });
    // surrounding spaces are trimmed before the count, as before the bound existed
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_product', { p_id: made!.id, p_name: `  ${text(200, 'b')}  ` }))
      .resolves.toMatchObject({ name: text(200, 'b') });
  });

  test.each([
    ['products', 'name', "insert into buzz_haven.products (name) values (repeat('a', 201))"],
    ['orders', 'customer_name', "insert into buzz_haven.orders (customer_name, customer_email) values (repeat('a', 201), 'o@x.io')"],
    ['events', 'title', "insert into buzz_haven.events (title, start_time) values (repeat('a', 201), now())"],
    ['events', 'location', "insert into buzz_haven.events (title, location, start_time) values ('T', repeat('a', 501), now())"],
    ['content', 'body', "insert into buzz_haven.content (title, slug, body) values ('T', 'long-body', repeat('a', 100001))"],
    ['content', 'slug', "insert into buzz_haven.content (title, slug) values ('T', repeat('a', 201))"],
    ['media', 'file_path', "insert into buzz_haven.media (title, file_path, file_type) values ('T', repeat('a', 2001), 'image/png')"],
    ['media', 'file_type', "insert into buzz_haven.media (title, file_path, file_type) values ('T', 'a.png', 'image/' || repeat('a', 100))"],
    ['hives', 'location', "insert into buzz_haven.hives (name, location) values ('H', repeat('a', 501))"],
    ['contact_messages', 'message', "insert into buzz_haven.contact_messages (name, email, subject, message) values ('N', 'n@x.io', 'S', repeat('a', 5001))"],
  ])('the %s table refuses an over-long %s (CHECK constraint)', async (table, column, sql) => {
    // a column whose values come from a known set (hives.status) is refused by that set first
    await expect(t.db.query(sql)).rejects.toMatchObject({
      code: '23514', constraint: expect.stringMatching(new RegExp(`^${table}_${column}_(length|known)$`)),
    });
  });

  test('every text column of every buzz_haven table has a length bound', async () => {
    const { rows } = await t.db.query<{ col: string }>(`
      select c.table_name || '.' || c.column_name as col
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
       where c.table_schema = 'buzz_haven' and c.data_type = 'text'
         and c.domain_name is null
         and not exists (
           select 1 from pg_constraint k
            where k.conrelid = ('buzz_haven.' || c.table_name)::regclass and k.contype = 'c'
              and pg_get_constraintdef(k.oid) ~ ('char_length\\(' || c.column_name || '\\) <=|' || c.column_name || ' = ANY|'
                                                 || c.column_name || ' = ANY'))
         -- a column that refers to another table's (a locale) holds only values bounded there
         and not exists (
           select 1 from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
            where k.conrelid = ('buzz_haven.' || c.table_name)::regclass and k.contype = 'f'
              and cardinality(k.conkey) = 1 and a.attname = c.column_name)
       order by 1`);
    // status columns bounded by a list of allowed values count as bounded (the = ANY branch)
    expect(rows.map((r) => r.col)).toEqual([]);
  });
});
