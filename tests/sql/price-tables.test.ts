/**
 * Prices the server charges live in tables (shipping_rates,
 * adopt_tiers, adopt_gift_terms, hosting_plans,
 * swarm_fee,
 * workshop_offerings): staff change a rate and the next order or
 * adoption is charged it; anyone reads the rates; anon and the API roles cannot write them.
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue, sqlAs, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const JAR = 'b0230000-0000-4000-8000-0000000000a1'; // 2000 cents
const ADDRESS = JSON.stringify({ line1: '12 Hive Lane', city: 'Oakland', state: 'CA', zip: '94601' });

describe.each(targets)('price tables on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@prices.test', 'staff');
    await t.db.query("insert into buzz_haven.products (id, name, price, is_public) values ($1, 'Jar', 2000, true)", [JAR]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const order = (delivery: string, quantity = 1) =>
    rpcValue<{ subtotal: number; shipping: number; total: number }>(t.db, anon, 'submit_buzz_haven_order_request', {
      p_customer_name: 'Ada', p_customer_email: `ada${++n}@example.com`, p_delivery: delivery, p_address: ADDRESS,
      p_items: JSON.stringify([{ product_id: JAR, quantity, unit_price: 2000 }]),
    });
  const rate = async (delivery: string) =>
    (await rpcRows(t.db, anon, 'get_buzz_haven_shipping_rates')).find((r) => r.delivery === delivery)!;

  test('anyone reads the seeded rates, tiers and gift terms (cents)', async () => {
    const rates = await rpcRows(t.db, anon, 'get_buzz_haven_shipping_rates');
    expect(rates.map((r) => [r.delivery, r.price, r.free_over])).toEqual([
      ['standard', 595, 5000], ['express', 1295, null], ['pickup', 0, null],
    ]);
    const tiers = await rpcRows(t.db, anon, 'get_buzz_haven_adopt_tiers');
    expect(tiers.map((r) => [r.slug, r.monthly_price])).toEqual([['swarm-supporter', 2000], ['hive-guardian', 3500], ['apiary-insider', 7500]]);
    expect((await rpcRows(t.db, anon, 'get_buzz_haven_adopt_gift_terms')).map((r) => r.months)).toEqual([3, 6, 12]);
  });

  test('staff change the express rate: the next order is charged the new rate', async () => {
    await expect(order('express')).resolves.toMatchObject({ subtotal: 2000, shipping: 1295, total: 3295 });
    const changed = await rpcOne(t.db, staff, 'update_buzz_haven_shipping_rate', { p_id: (await rate('express')).id, p_price: 1495 });
    expect(changed).toMatchObject({ delivery: 'express', price: 1495 });
    await expect(order('express')).resolves.toMatchObject({ shipping: 1495, total: 3495 });
    const stored = (await rpcRows(t.db, staff, 'get_buzz_haven_orders')).filter((o) => o.delivery === 'express');
    expect(stored.map((o) => o.shipping).sort()).toEqual([1295, 1495]);
  });

  test('the free-over threshold is the table\'s: raised, a $60 order pays standard; cleared, never free', async () => {
    await expect(order('standard', 3)).resolves.toMatchObject({ subtotal: 6000, shipping: 0 });
    const id = (await rate('standard')).id;
    await rpcOne(t.db, staff, 'update_buzz_haven_shipping_rate', { p_id: id, p_free_over: 10000 });
    await expect(order('standard', 3)).resolves.toMatchObject({ shipping: 595, total: 6595 });
    await rpcOne(t.db, staff, 'update_buzz_haven_shipping_rate', { p_id: id, p_clear: ['free_over'] });
    await expect(order('standard', 10)).resolves.toMatchObject({ shipping: 595 });
    await rpcOne(t.db, staff, 'update_buzz_haven_shipping_rate', { p_id: id, p_free_over: 5000 });
  });

  test('an adoption is priced from the tier row, its gift from the gift terms, with messages built from the rows', async () => {
    const adopt = (args: Record<string, unknown>) => rpcValue<Record<string, any>>(t.db, anon, 'submit_buzz_haven_adoption_request', {
      p_tier: 'hive-guardian', p_name: 'Ann', p_email: `ann${++n}@example.com`, ...args,
    });
    const guardian = (await rpcRows(t.db, anon, 'get_buzz_haven_adopt_tiers')).find((r) => r.slug === 'hive-guardian')!;
    await rpcOne(t.db, staff, 'update_buzz_haven_adopt_tier', { p_id: guardian.id, p_monthly_price: 4000 });
    await expect(adopt({})).resolves.toMatchObject({ monthly_price: 4000 });
    await expect(adopt({ p_plan: 'gift-24', p_recipient_name: 'R' })).rejects.toMatchObject({ message: 'Plan must be monthly, gift-3, gift-6 or gift-12' });
    await rpcOne(t.db, staff, 'create_buzz_haven_adopt_gift_term', { p_months: 24 });
    await expect(adopt({ p_plan: 'gift-24', p_recipient_name: 'R' })).resolves.toMatchObject({ months: 24, total: 96000 });
    await rpcOne(t.db, staff, 'create_buzz_haven_adopt_tier', { p_slug: 'queen-patron', p_monthly_price: 15000, p_sort_order: 4 });
    await expect(adopt({ p_tier: 'queen-patron' })).resolves.toMatchObject({ monthly_price: 15000 });
    await expect(adopt({ p_tier: 'queen' })).rejects.toMatchObject({
      code: '22023', message: 'Tier must be swarm-supporter, hive-guardian, apiary-insider or queen-patron',
    });
  });

  test('hosting plans: anyone reads the yearly prices (cents), staff change one, anon cannot', async () => {
    const plans = await rpcRows(t.db, anon, 'get_buzz_haven_hosting_plans');
    expect(plans.map((r) => [r.slug, r.yearly_price])).toEqual([['standard', 45000], ['artistic', 55000]]);
    await expect(rpcOne(t.db, anon, 'update_buzz_haven_hosting_plan', { p_id: plans[0]!.id, p_yearly_price: 1 }))
      .rejects.toMatchObject({ code: '42501' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_hosting_plan', { p_id: plans[0]!.id, p_yearly_price: 47500 }))
      .resolves.toMatchObject({ slug: 'standard', yearly_price: 47500 });
    await expect(rpcOne(t.db, staff, 'create_buzz_haven_hosting_plan', { p_slug: 'artistic', p_yearly_price: 1 }))
      .rejects.toMatchObject({ code: '22023', message: 'Another plan has this slug' });
    await expect(rpcOne(t.db, staff, 'delete_buzz_haven_hosting_plan', { p_id: plans[1]!.id })).rejects.toMatchObject({ code: '42501' });
  });

  test('the swarm fee range: one row anyone reads (cents), staff change it, min never above max', async () => {
    const [fee, ...more] = await rpcRows(t.db, anon, 'get_buzz_haven_swarm_fee');
    expect([fee, more]).toMatchObject([{ fee_min: 7500, fee_max: 15000 }, []]);
    await expect(rpcOne(t.db, anon, 'update_buzz_haven_swarm_fee', { p_id: fee!.id, p_fee_min: 1 })).rejects.toMatchObject({ code: '42501' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_swarm_fee', { p_id: fee!.id, p_fee_min: 20000 }))
      .rejects.toMatchObject({ code: '22023', message: 'The lowest fee cannot be above the highest' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_swarm_fee', { p_id: fee!.id, p_fee_max: 17500 }))
      .resolves.toMatchObject({ fee_min: 7500, fee_max: 17500 });
    await expect(t.db.query('insert into buzz_haven.swarm_fee (fee_min, fee_max) values (1, 2)')).rejects.toMatchObject({ code: '23505' });
  });

  test('workshop offerings: price per person (cents) and age range anyone reads; staff change and clear them', async () => {
    const offerings = await rpcRows(t.db, anon, 'get_buzz_haven_workshop_offerings');
    expect(offerings.map((r) => [r.slug, r.price, r.min_age, r.max_age])).toEqual([
      ['beekeeping-basics', 7500, null, null], ['artistic-hive-design', 4500, null, null],
      ['childrens-bee-discovery', 3500, 5, 12], ['cultural-beekeeping-traditions', 4500, null, null],
    ]);
    const kids = offerings[2]!;
    await expect(rpcOne(t.db, anon, 'update_buzz_haven_workshop_offering', { p_id: kids.id, p_price: 1 })).rejects.toMatchObject({ code: '42501' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_workshop_offering', { p_id: kids.id, p_min_age: 13 }))
      .rejects.toMatchObject({ code: '22023', message: 'The youngest age cannot be above the oldest' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_workshop_offering', { p_id: kids.id, p_price: 4000, p_max_age: 14 }))
      .resolves.toMatchObject({ price: 4000, min_age: 5, max_age: 14 });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_workshop_offering', { p_id: kids.id, p_clear: ['min_age', 'max_age'] }))
      .resolves.toMatchObject({ price: 4000, min_age: null, max_age: null });
  });

  // The bounds are the tables' CHECKs: a write
  // breaking one fails on the table with its constraint_messages row (23514, details naming the field).
  test.each([
    ['create_buzz_haven_adopt_tier', { p_slug: 'Queen Patron', p_monthly_price: 100 }, 'slug', 'Slug must be lowercase words joined by hyphens (60 characters at most)'],
    ['create_buzz_haven_adopt_tier', { p_slug: 'big', p_monthly_price: 1000001 }, 'monthly_price', 'Monthly price must be between $0 and $10,000'],
    ['create_buzz_haven_adopt_tier', { p_slug: 'late', p_monthly_price: 100, p_sort_order: 1001 }, 'sort_order', 'Order must be between 0 and 1000'],
    ['create_buzz_haven_adopt_gift_term', { p_months: 25 }, 'months', 'Months must be between 1 and 24'],
    ['create_buzz_haven_hosting_plan', { p_slug: 'x'.repeat(61), p_yearly_price: 100 }, 'slug', 'Slug must be lowercase words joined by hyphens (60 characters at most)'],
    ['create_buzz_haven_hosting_plan', { p_slug: 'gold', p_yearly_price: -1 }, 'yearly_price', 'Yearly price must be between $0 and $100,000'],
    ['create_buzz_haven_workshop_offering', { p_slug: 'costly', p_price: 1000001 }, 'price', 'Price must be between $0 and $10,000'],
    ['create_buzz_haven_workshop_offering', { p_slug: 'elders', p_price: 100, p_max_age: 121 }, 'max_age', 'Ages must be between 0 and 120'],
    ['create_buzz_haven_workshop_offering', { p_slug: 'a'.repeat(101), p_price: 100 }, 'slug', 'Offering is too long (100 characters at most)'],
  ])('%s %j fails on the table: "%s"', async (fn, args, field, message) => {
    await expect(rpcOne(t.db, staff, fn, args)).rejects.toMatchObject({ code: '23514', message, detail: expect.stringContaining(`"field" : "${field}"`) });
  });

  test('the rate, fee and yard minimum bounds are the tables\' CHECKs too; nothing is stored', async () => {
    const express = await rate('express');
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_shipping_rate', { p_id: express.id, p_price: 100001 }))
      .rejects.toMatchObject({ code: '23514', message: 'Price must be between $0 and $1,000' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_shipping_rate', { p_id: express.id, p_free_over: -1 }))
      .rejects.toMatchObject({ code: '23514', message: 'Free over must be between $0 and $100,000' });
    const [fee] = await rpcRows(t.db, anon, 'get_buzz_haven_swarm_fee');
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_swarm_fee', { p_id: fee!.id, p_fee_min: -1 }))
      .rejects.toMatchObject({ code: '23514', message: 'The fee must be between $0 and $10,000' });
    const [yard] = await rpcRows(t.db, staff, 'get_buzz_haven_host_yard_minimum');
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_host_yard_minimum', { p_id: yard!.id, p_width_ft: 101 }))
      .rejects.toMatchObject({ code: '23514', message: 'Length and width must be between 1 and 100 feet' });
    expect((await rate('express')).price).toBe(express.price);
    expect((await rpcRows(t.db, anon, 'get_buzz_haven_swarm_fee'))[0]).toMatchObject({ fee_min: fee!.fee_min });
  });

  test('anon cannot write: no RPC and no direct grant; a staff member cannot delete a tier', async () => {
    const express = await rate('express');
    await expect(rpcOne(t.db, anon, 'update_buzz_haven_shipping_rate', { p_id: express.id, p_price: 1 }))
      .rejects.toMatchObject({ code: '42501' });
    await expect(rpcOne(t.db, anon, 'create_buzz_haven_adopt_tier', { p_slug: 'free', p_monthly_price: 0 }))
      .rejects.toMatchObject({ code: '42501' });
    await expect(sqlAs(t.db, anon, 'select price from buzz_haven.shipping_rates')).rejects.toMatchObject({ code: '42501' });
    await expect(sqlAs(t.db, anon, 'select price from buzz_haven.adopt_tiers')).rejects.toMatchObject({ code: '42501' });
    const tier = (await rpcRows(t.db, anon, 'get_buzz_haven_adopt_tiers'))[0]!;
    await expect(rpcOne(t.db, staff, 'delete_buzz_haven_adopt_tier', { p_id: tier.id })).rejects.toMatchObject({ code: '42501' });
    expect((await rate('express')).price).toBe(express.price);
  });
});
