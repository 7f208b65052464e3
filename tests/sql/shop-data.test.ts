/**
 * What the site build reads besides content: the shop columns of products (slug, size label,
 * section, featured, order, alt text) through get_buzz_haven_shop_products, and each public
 * workshop event's offering through get_buzz_haven_workshop_availability.
 */
import { anon, createMember, rpcOne, rpcRows, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('shop and schedule data on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@shop-data.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('create and update take the shop columns; old calls keep working; the shop lists public products in order', async () => {
    const jar = await rpcOne(t.db, staff, 'create_buzz_haven_product', {
      p_name: 'Comb Honey', p_price: 1600, p_slug: 'comb-honey', p_size_label: ' 12 oz frame ', p_section: 'honey',
      p_featured: true, p_sort_order: 2, p_image_alt: 'A frame of capped comb honey',
    });
    expect(jar).toMatchObject({ slug: 'comb-honey', size_label: '12 oz frame', section: 'honey', featured: true, sort_order: 2 });
    const plain = await rpcOne(t.db, staff, 'create_buzz_haven_product', { p_name: 'Candle', p_price: 900 });
    expect(plain).toMatchObject({ slug: null, size_label: null, section: null, featured: false, sort_order: 0, image_alt: null });
    await rpcOne(t.db, staff, 'update_buzz_haven_product', { p_id: plain!.id, p_section: 'beeswax', p_sort_order: 5, p_slug: 'candle' });
    const updated = await rpcOne(t.db, staff, 'update_buzz_haven_product', { p_id: jar!.id, p_price: 1700, p_size_label: '' });
    expect(updated).toMatchObject({ price: 1700, size_label: null, slug: 'comb-honey', featured: true });

    const shop = await rpcRows(t.db, anon, 'get_buzz_haven_shop_products');
    expect(shop.map((p) => [p.slug, p.price, p.section, p.sort_order])).toEqual([['comb-honey', 1700, 'honey', 2], ['candle', 900, 'beeswax', 5]]);
    expect(Object.keys(shop[0]).sort()).toEqual([
      'category', 'description', 'description_es', 'featured', 'id', 'image_alt', 'image_url', 'name', 'name_es', 'price', 'section',
      'size_label', 'slug', 'sort_order',
    ]);
  });

  test.each([
    [{ p_slug: 'Comb Honey' }, 'Slug must be lowercase letters, digits and single dashes'],
    [{ p_slug: 'comb-honey' }, 'Another product already has this slug'],
    [{ p_section: 'candles' }, 'Section must be honey or beeswax'],
    [{ p_size_label: 'x'.repeat(101) }, 'Size label is too long (100 characters at most)'],
    [{ p_image_alt: 'x'.repeat(301) }, 'Image alt text is too long (300 characters at most)'],
    [{ p_sort_order: 100001 }, 'Order must be between -100000 and 100000'],
    [{ p_slug: 's'.repeat(101) }, 'Slug is too long (100 characters at most)'],
  ])('refuses %j: %s', async (args, message) => {
    // products' CHECKs fail with their messages (23514); a slug another product has is the RPC's 22023
    const code = message === 'Another product already has this slug' ? '22023' : '23514';
    await expect(rpcOne(t.db, staff, 'create_buzz_haven_product', { p_name: 'Jar', ...args })).rejects.toMatchObject({ code, message });
  });

  test('a workshop event names its offering; the availability returns it; it can be cleared', async () => {
    const start = new Date(Date.now() + 7 * 86400_000).toISOString();
    const event = await rpcOne(t.db, staff, 'create_buzz_haven_event', {
      p_title: 'Beekeeping Basics', p_start_time: start, p_kind: 'workshop', p_is_public: true, p_capacity: 6, p_offering: 'beekeeping-basics',
    });
    expect(event).toMatchObject({ offering: 'beekeeping-basics' });
    expect((await rpcRows(t.db, anon, 'get_buzz_haven_workshop_availability')).find((e) => e.id === event!.id))
      .toMatchObject({ offering: 'beekeeping-basics', spots_left: 6 });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_event', { p_id: event!.id, p_offering: 'Not An Id' }))
      .rejects.toMatchObject({ code: '22023', message: 'Offering must be a workshop id: lowercase letters, digits and single dashes' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_event', { p_id: event!.id, p_clear: ['offering'] })).resolves.toMatchObject({ offering: null });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_event', { p_id: event!.id, p_offering: 'artistic-hive-design' }))
      .resolves.toMatchObject({ offering: 'artistic-hive-design', title: 'Beekeeping Basics' });
  });
});
