/**
 * Staff-entered public words in Spanish: products' name_es and description_es, honey batches'
 * notes_es and hives' name_es, written through the back office's RPCs (an empty text empties them)
 * and returned beside the English by the public RPCs the site build and /my-hive read; a Spanish
 * order's receipt names its lines in Spanish. The back-office lists say which rows miss their
 * Spanish (spanish_missing: English words without a Spanish twin).
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any>;

describe.each(targets)('Spanish columns of staff-entered rows on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@spanish-rows.test', 'staff');
    const owner = await createMember(t.db, 'owner@spanish-rows.test', 'owner');
    await rpcOne(t.db, owner, 'create_buzz_haven_neighbourhood', { p_name: 'Echo Park' });
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const call = (fn: string, args: Row) => rpcOne<Row>(t.db, staff, fn, args);

  test('a product takes its Spanish name and description; the shop returns them; empty clears', async () => {
    const jar = (await call('create_buzz_haven_product', {
      p_name: 'Sage Honey', p_description: 'Pale and minty.', p_price: 2200, p_slug: 'sage-honey', p_section: 'honey',
      p_name_es: ' Miel de Salvia ', p_description_es: 'Clara y mentolada.',
    }))!;
    expect(jar).toMatchObject({ name_es: 'Miel de Salvia', description_es: 'Clara y mentolada.' });
    const shop = (await rpcRows<Row>(t.db, anon, 'get_buzz_haven_shop_products')).find((p) => p.slug === 'sage-honey');
    expect(shop).toMatchObject({ name: 'Sage Honey', name_es: 'Miel de Salvia', description_es: 'Clara y mentolada.' });

    await expect(call('update_buzz_haven_product', { p_id: jar.id, p_name_es: 'Miel de Salvia Blanca' }))
      .resolves.toMatchObject({ name_es: 'Miel de Salvia Blanca', description_es: 'Clara y mentolada.', name: 'Sage Honey' });
    await expect(call('update_buzz_haven_product', { p_id: jar.id, p_description_es: '' }))
      .resolves.toMatchObject({ name_es: 'Miel de Salvia Blanca', description_es: null });
    await expect(call('update_buzz_haven_product', { p_id: jar.id, p_name_es: 'n'.repeat(201) }))
      .rejects.toMatchObject({ code: '23514', message: 'Name (Spanish) is too long (200 characters at most)' });
  });

  test('the lists mark a product, hive or batch whose public words have no Spanish; a blank Spanish is none', async () => {
    const listed = async (list: string, id: string) => (await rpcRows<Row>(t.db, staff, list)).find((r) => r.id === id)!.spanish_missing;
    const both = (await call('create_buzz_haven_product', { p_name: 'Comb Honey', p_price: 1500, p_description: 'Whole comb.',
      p_name_es: 'Miel en Panal', p_description_es: 'Panal entero.' }))!;
    const nameOnly = (await call('create_buzz_haven_product', { p_name: 'Wax Block', p_price: 900, p_name_es: 'Bloque de Cera' }))!;
    const noDescription = (await call('create_buzz_haven_product', { p_name: 'Lip Balm', p_price: 500, p_description: 'Soft.',
      p_name_es: 'Bálsamo' }))!;
    expect([await listed('get_buzz_haven_products', both.id), await listed('get_buzz_haven_products', nameOnly.id),
      await listed('get_buzz_haven_products', noDescription.id)]).toEqual([false, false, true]);
    const hive = (await call('create_buzz_haven_hive', { p_name: 'Oak Hive' }))!;
    expect(await listed('get_buzz_haven_hives', hive.id)).toBe(true);
    await call('update_buzz_haven_hive', { p_id: hive.id, p_name_es: 'Colmena del Roble' });
    expect(await listed('get_buzz_haven_hives', hive.id)).toBe(false);
    const batch = (await call('create_buzz_haven_honey_batch', { p_code: 'EH-26F-90', p_product_id: both.id, p_jar_count: 4 }))!;
    expect(await listed('get_buzz_haven_honey_batches', batch.id)).toBe(false);
    await call('update_buzz_haven_honey_batch', { p_id: batch.id, p_notes: 'Dark and rich.', p_notes_es: '  ' });
    expect(await listed('get_buzz_haven_honey_batches', batch.id)).toBe(true);
  });

  test("a hive's Spanish name: on the map, its sign and a batch's page", async () => {
    const hive = (await call('create_buzz_haven_hive', {
      p_name: 'Fig Tree Hive', p_name_es: 'Colmena de la Higuera', p_neighbourhood: 'Echo Park',
      p_latitude: 34.078, p_longitude: -118.26, p_on_map: true,
    }))!;
    expect(hive).toMatchObject({ name: 'Fig Tree Hive', name_es: 'Colmena de la Higuera' });
    expect((await rpcRows<Row>(t.db, anon, 'get_buzz_haven_hive_map')).find((h) => h.id === hive.id))
      .toMatchObject({ name: 'Fig Tree Hive', name_es: 'Colmena de la Higuera' });
    expect((await rpcRows<Row>(t.db, anon, 'get_buzz_haven_public_hive_signs')).find((h) => h.id === hive.id))
      .toMatchObject({ name: 'Fig Tree Hive', name_es: 'Colmena de la Higuera' });
    expect((await rpcRows<Row>(t.db, staff, 'get_buzz_haven_hives')).find((h) => h.id === hive.id))
      .toMatchObject({ name_es: 'Colmena de la Higuera' });

    const product = (await call('create_buzz_haven_product', {
      p_name: 'Fig Honey', p_price: 2000, p_slug: 'fig-honey', p_section: 'honey', p_name_es: 'Miel de Higo',
    }))!;
    const batch = (await call('create_buzz_haven_honey_batch', {
      p_code: 'EP-26F-01', p_product_id: product.id, p_jar_count: 20, p_notes: 'Dark and jammy.', p_notes_es: 'Oscura y espesa.',
    }))!;
    expect(batch).toMatchObject({ notes: 'Dark and jammy.', notes_es: 'Oscura y espesa.' });
    await call('create_buzz_haven_honey_harvest', {
      p_hive_id: hive.id, p_batch_id: batch.id, p_harvested_on: '2026-10-02', p_season: 'fall', p_neighbourhood: 'Echo Park', p_weight_lb: 10,
    });
    await call('update_buzz_haven_honey_batch', { p_id: batch.id, p_published: true });
    const page = (await rpcRows<Row>(t.db, anon, 'get_buzz_haven_public_honey_batches')).find((b) => b.code === 'EP-26F-01')!;
    expect(page).toMatchObject({ product_name: 'Fig Honey', product_name_es: 'Miel de Higo', notes: 'Dark and jammy.', notes_es: 'Oscura y espesa.' });
    expect(page.hives[0]).toMatchObject({ name: 'Fig Tree Hive', name_es: 'Colmena de la Higuera' });
    expect(page.harvests[0]).toMatchObject({ hive: 'Fig Tree Hive', hive_es: 'Colmena de la Higuera' });

    // a null argument keeps the Spanish; p_clear or an empty text empties it
    await expect(call('update_buzz_haven_honey_batch', { p_id: batch.id, p_jar_count: 21 })).resolves.toMatchObject({ notes_es: 'Oscura y espesa.' });
    await expect(call('update_buzz_haven_honey_batch', { p_id: batch.id, p_clear: ['notes_es'] })).resolves.toMatchObject({ notes_es: null });
    await expect(call('update_buzz_haven_hive', { p_id: hive.id, p_status: 'active' })).resolves.toMatchObject({ name_es: 'Colmena de la Higuera' });
    await expect(call('update_buzz_haven_hive', { p_id: hive.id, p_name_es: '' })).resolves.toMatchObject({ name_es: null });
  });

  test("a Spanish order's receipt names its lines in Spanish, an English one in English", async () => {
    const [jar, candle] = await Promise.all([
      call('create_buzz_haven_product', { p_name: 'Orange Blossom Honey', p_price: 2000, p_name_es: 'Miel de Azahar' }),
      call('create_buzz_haven_product', { p_name: 'Taper Candle', p_price: 900 }), // no Spanish: the English name
    ]);
    const order = (email: string, locale: string) => rpcValue(t.db, anon, 'submit_buzz_haven_order_request', {
      p_customer_name: 'Rosa Visitante', p_customer_email: email, p_delivery: 'pickup', p_locale: locale,
      p_items: JSON.stringify([{ product_id: jar!.id, quantity: 1, unit_price: 2000 }, { product_id: candle!.id, quantity: 2, unit_price: 900 }]),
    });
    await order('rosa@example.com', 'es');
    await order('rose@example.com', 'en');
    const lines = async (email: string) => (await t.db.query<{ lines: { name: string }[] }>(
      `select m.data -> 'order' -> 'lines' as lines from buzz_haven.outbox_messages as m where m.recipient = $1 and m.kind = 'order_received'`,
      [email])).rows[0]!.lines.map((l) => l.name).sort();
    expect(await lines('rosa@example.com')).toEqual(['Miel de Azahar', 'Taper Candle']);
    expect(await lines('rose@example.com')).toEqual(['Orange Blossom Honey', 'Taper Candle']);
    // the order's own lines keep the English name staff read
    const items = await t.db.query<{ name: string }>(
      `select i.name from buzz_haven.order_items as i join buzz_haven.orders as o on o.id = i.order_id where o.customer_email = 'rosa@example.com' order by 1`);
    expect(items.rows.map((r) => r.name)).toEqual(['Orange Blossom Honey', 'Taper Candle']);
  });
});
