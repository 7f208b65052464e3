/**
 * Products through their RPCs: create with defaults, list newest first, update where null keeps
 * a field, delete; the admin form's validation messages; the table's constraints as a backstop.
 */
import { createMember, rpcOne, rpcRows } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Product = { id: string; name: string; description: string | null; price: number; category: string | null; image_url: string | null; created_at: string; updated_at: string };
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(targets)('products on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@shop.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const create = (args: Record<string, unknown>) => rpcOne<Product>(t.db, staff, 'create_buzz_haven_product', args);
  const update = (args: Record<string, unknown>) => rpcOne<Product>(t.db, staff, 'update_buzz_haven_product', args);

  test('create returns the row with every column; price defaults to 0 and empty texts to null', async () => {
    const row = await create({ p_name: '  Propolis Tincture ', p_description: '', p_price: null, p_category: '', p_image_url: '' });
    expect(row).toMatchObject({ name: 'Propolis Tincture', description: null, price: 0, category: null, image_url: null });
    expect(Object.keys(row!).sort()).toEqual([
      'category', 'created_at', 'description', 'description_es', 'featured', 'id', 'image_alt', 'image_url', 'is_public', 'name',
      'name_es', 'price', 'section', 'size_label', 'slug', 'sort_order', 'updated_at',
    ]);
    expect(row!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('create with only a name (the other arguments have defaults)', async () => {
    await expect(create({ p_name: 'Pollen Jar' })).resolves.toMatchObject({ name: 'Pollen Jar', price: 0 });
  });

  test('create keeps every given field', async () => {
    const row = await create({
      p_name: 'Comb Honey', p_description: 'A whole frame section', p_price: 3200, p_category: 'Honey',
      p_image_url: 'https://example.com/comb.png',
    });
    expect(row).toMatchObject({ name: 'Comb Honey', description: 'A whole frame section', price: 3200, category: 'Honey', image_url: 'https://example.com/comb.png' });
  });

  test.each([
    [{ p_name: '' }, 'Name is required'],
    [{ p_name: '   ' }, 'Name is required'],
    [{ p_name: null }, 'Name is required'],
    [{ p_name: 'X', p_price: -1 }, 'Price must be positive'],
    [{ p_name: 'X', p_image_url: 'ftp://example.com/a.png' }, 'Must be a valid URL'],
    [{ p_name: 'X', p_image_url: 'javascript:alert(1)' }, 'Must be a valid URL'],
    [{ p_name: 'X', p_image_url: 'https://' }, 'Must be a valid URL'],
    [{ p_name: 'X', p_image_url: 'https://exa mple.com' }, 'Must be a valid URL'],
  ])('create refuses %j with "%s"', async (args, message) => {
    // the price and the image address are products' CHECKs: 23514; a required name the RPC's 22023
    await expect(create(args)).rejects.toMatchObject({ code: message === 'Name is required' ? '22023' : '23514', message });
  });

  test('a fractional price is not an integer of cents', async () => {
    await expect(create({ p_name: 'X', p_price: '12.5' })).rejects.toMatchObject({ code: '22P02' });
  });

  test('update: a null argument keeps the field, a given one replaces it, an empty one clears it', async () => {
    const made = await create({ p_name: 'Wax Block', p_description: 'Raw wax', p_price: 900, p_category: 'Beeswax', p_image_url: 'http://example.com/w.jpg' });
    const priced = await update({ p_id: made!.id, p_name: null, p_description: null, p_price: 1100, p_category: null, p_image_url: null });
    expect(priced).toMatchObject({ id: made!.id, name: 'Wax Block', description: 'Raw wax', price: 1100, category: 'Beeswax', image_url: 'http://example.com/w.jpg' });
    expect(Date.parse(priced!.updated_at)).toBeGreaterThanOrEqual(Date.parse(made!.updated_at));
    const renamed = await update({ p_id: made!.id, p_name: 'Wax Bar' });
    expect(renamed).toMatchObject({ name: 'Wax Bar', price: 1100, description: 'Raw wax' });
    const cleared = await update({ p_id: made!.id, p_description: '', p_category: '', p_image_url: '' });
    expect(cleared).toMatchObject({ name: 'Wax Bar', description: null, category: null, image_url: null, price: 1100 });
    const zero = await update({ p_id: made!.id, p_price: 0 });
    expect(zero!.price).toBe(0);
  });

  test('update refuses invalid values and an unknown id', async () => {
    const made = await create({ p_name: 'Mead' });
    await expect(update({ p_id: made!.id, p_name: ' ' })).rejects.toMatchObject({ code: '22023', message: 'Name is required' });
    await expect(update({ p_id: made!.id, p_price: -5 })).rejects.toMatchObject({ code: '23514', message: 'Price must be positive' });
    await expect(update({ p_id: made!.id, p_image_url: 'not a url' })).rejects.toMatchObject({ code: '23514', message: 'Must be a valid URL' });
    await expect(update({ p_id: MISSING, p_name: 'Ghost' })).rejects.toMatchObject({ code: 'PT404', message: 'Product not found' });
    const still = (await rpcRows<Product>(t.db, staff, 'get_buzz_haven_products')).find((p) => p.id === made!.id);
    expect(still).toMatchObject({ name: 'Mead', price: 0 });
  });

  test('delete returns the deleted row; a second delete finds nothing', async () => {
    const made = await create({ p_name: 'Seasonal Candle', p_price: 1800 });
    const deleted = await rpcOne<Product>(t.db, staff, 'delete_buzz_haven_product', { p_id: made!.id });
    expect(deleted).toMatchObject({ id: made!.id, name: 'Seasonal Candle', price: 1800 });
    const list = await rpcRows<Product>(t.db, staff, 'get_buzz_haven_products');
    expect(list.map((p) => p.id)).not.toContain(made!.id);
    await expect(rpcOne(t.db, staff, 'delete_buzz_haven_product', { p_id: made!.id }))
      .rejects.toMatchObject({ code: 'PT404', message: 'Product not found' });
  });

  test('the list is newest first', async () => {
    await t.db.query("insert into buzz_haven.products (name, created_at) values ('Old One', now() - interval '2 days'), ('Older One', now() - interval '3 days')");
    const newest = await create({ p_name: 'Newest One' });
    const names = (await rpcRows<Product>(t.db, staff, 'get_buzz_haven_products', {}, 'created_at desc, id')).map((p) => p.name);
    expect(names[0]).toBe(newest!.name);
    expect(names.slice(-2)).toEqual(['Old One', 'Older One']);
  });

  test.each([
    ["insert into buzz_haven.products (name, price) values ('', 0)", 'products_name_not_blank'],
    ["insert into buzz_haven.products (name, price) values ('X', -1)", 'products_price_not_negative'],
    ["insert into buzz_haven.products (name, image_url) values ('X', 'data:x')", 'products_image_url_http'],
  ])('the table itself refuses %s', async (sql, constraint) => {
    await expect(t.db.query(sql)).rejects.toMatchObject({ code: '23514', constraint });
  });
});
