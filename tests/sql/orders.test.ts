/**
 * Order requests: a visitor's cart priced by the server (shipping rules, tampered prices, hidden
 * or unknown products, bounded input, honeypot), then the staff workflow with its history.
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Receipt = { number: string; subtotal: number; shipping: number; total: number };
const JAR = 'b0220000-0000-4000-8000-0000000000a1'; // 2000 cents
const CANDLE = 'b0220000-0000-4000-8000-0000000000a2'; // 2200 cents
const HIDDEN = 'b0220000-0000-4000-8000-0000000000a3';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const ADDRESS = { line1: '12 Hive Lane', line2: 'Apt 3', city: 'Oakland', state: 'ca', zip: '94601-1234' };

describe.each(targets)('order requests on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let email = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@orders.test', 'staff');
    await t.db.query(
      `insert into buzz_haven.products (id, name, price, is_public) values
       ($1, 'Wildflower Honey', 2000, true), ($2, 'Beeswax Candle', 2200, true), ($3, 'Old Stock', 900, false)`,
      [JAR, CANDLE, HIDDEN],
    );
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  /** jsonb arguments go as JSON text, as PostgREST passes them. */
  const submit = (args: Record<string, unknown>) => {
    const all: Record<string, unknown> = {
      p_customer_name: 'Ada Visitor', p_customer_email: `ada${++email}@example.com`, p_customer_phone: '510 555 0100',
      p_delivery: 'standard', p_address: ADDRESS, p_items: [{ product_id: JAR, quantity: 2, unit_price: 2000 }], ...args,
    };
    for (const key of ['p_address', 'p_items']) if (all[key] !== null) all[key] = JSON.stringify(all[key]);
    return rpcValue<Receipt>(t.db, anon, 'submit_buzz_haven_order_request', all);
  };
  const orders = () => rpcRows(t.db, staff, 'get_buzz_haven_orders');
  const update = (args: Record<string, unknown>) => rpcOne(t.db, staff, 'update_buzz_haven_order', args);

  test('two jars and a candle: priced by the server, free standard shipping over $50, numbered', async () => {
    const receipt = await submit({
      p_items: [{ product_id: JAR, quantity: 2, unit_price: 2000 }, { product_id: CANDLE, quantity: 1, unit_price: 2200 }],
    });
    expect(receipt).toEqual({ number: expect.stringMatching(/^BH-1\d{3}$/), subtotal: 6200, shipping: 0, total: 6200 });
    const row = (await orders()).find((o) => o.number === receipt.number)!;
    expect(row).toMatchObject({
      customer_name: 'Ada Visitor', customer_phone: '510 555 0100', delivery: 'standard', address_line1: '12 Hive Lane',
      address_line2: 'Apt 3', city: 'Oakland', state: 'CA', zip: '94601-1234', item_count: 3,
      items_summary: '1 × Beeswax Candle, 2 × Wildflower Honey', subtotal: 6200, shipping: 0, total: 6200, status: 'new',
    });
    const items = (await rpcRows(t.db, staff, 'get_buzz_haven_order_items')).filter((i) => i.order_id === row.id);
    expect(items.map(({ name, unit_price, quantity, line_total }) => ({ name, unit_price, quantity, line_total }))).toEqual([
      { name: 'Beeswax Candle', unit_price: 2200, quantity: 1, line_total: 2200 },
      { name: 'Wildflower Honey', unit_price: 2000, quantity: 2, line_total: 4000 },
    ]);
  });

  test.each([
    ['standard', [{ product_id: JAR, quantity: 1 }], 2000, 595],
    ['standard', [{ product_id: JAR, quantity: 2 }], 4000, 595],
    ['standard', [{ product_id: JAR, quantity: 1 }, { product_id: CANDLE, quantity: 1 }], 4200, 595],
    ['express', [{ product_id: JAR, quantity: 3 }], 6000, 1295],
    ['pickup', [{ product_id: JAR, quantity: 1 }], 2000, 0],
  ])('%s delivery of %j: subtotal %i, shipping %i', async (delivery, items, subtotal, shipping) => {
    await expect(submit({ p_delivery: delivery, p_items: items })).resolves.toMatchObject({ subtotal, shipping, total: subtotal + shipping });
  });

  test('shipping is free only over $50: exactly $50 pays $5.95, $50.01 ships free', async () => {
    await t.db.query("insert into buzz_haven.products (id, name, price) values ('b0220000-0000-4000-8000-0000000000b1', 'Fifty', 5000), ('b0220000-0000-4000-8000-0000000000b2', 'Fifty and a cent', 5001)");
    await expect(submit({ p_items: [{ product_id: 'b0220000-0000-4000-8000-0000000000b1', quantity: 1 }] })).resolves.toMatchObject({ shipping: 595, total: 5595 });
    await expect(submit({ p_items: [{ product_id: 'b0220000-0000-4000-8000-0000000000b2', quantity: 1 }] })).resolves.toMatchObject({ shipping: 0, total: 5001 });
  });

  test('a pickup order needs no address and stores none; a product listed twice becomes one line', async () => {
    const receipt = await submit({ p_delivery: 'pickup', p_address: null, p_items: [{ product_id: JAR, quantity: 2 }, { product_id: JAR, quantity: 3 }] });
    expect(receipt).toMatchObject({ subtotal: 10000, shipping: 0 });
    const row = (await orders()).find((o) => o.number === receipt.number)!;
    expect(row).toMatchObject({ address_line1: null, city: null, state: null, zip: null, item_count: 5, items_summary: '5 × Wildflower Honey' });
  });

  test.each([
    [{ p_items: [{ product_id: JAR, quantity: 1, unit_price: 1 }] }, 'Prices have changed; please review your cart'],
    [{ p_items: [{ product_id: CANDLE, quantity: 1, unit_price: 2200 }, { product_id: JAR, quantity: 1, unit_price: 1999 }] }, 'Prices have changed; please review your cart'],
    [{ p_items: [{ product_id: HIDDEN, quantity: 1 }] }, 'A product in your cart is no longer available; please review your cart'],
    [{ p_items: [{ product_id: UNKNOWN, quantity: 1 }] }, 'A product in your cart is no longer available; please review your cart'],
  ])('refused with 409 (PT409): %j', async (args, message) => {
    const before = (await orders()).length;
    await expect(submit(args)).rejects.toMatchObject({ code: 'PT409', message });
    expect((await orders()).length).toBe(before);
  });

  const many = Array.from({ length: 21 }, (_, i) => ({ product_id: `b0220000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, quantity: 1 }));
  test.each([
    [{ p_customer_name: ' ' }, 'Name is required'],
    [{ p_customer_name: 'x'.repeat(201) }, 'Name is too long (200 characters at most)'],
    [{ p_customer_email: 'a@b' }, 'A valid email is required'],
    [{ p_customer_phone: '1'.repeat(41) }, 'Phone number is too long (40 characters at most)'],
    [{ p_delivery: 'drone' }, 'Delivery must be standard, express or pickup'],
    [{ p_address: null }, 'A shipping address is required (or choose local pickup)'],
    [{ p_address: { ...ADDRESS, country: 'CA' } }, 'We ship within the United States only'],
    [{ p_address: { ...ADDRESS, line1: '' } }, 'Address is required'],
    [{ p_address: { ...ADDRESS, city: 'c'.repeat(101) } }, 'City is too long (100 characters at most)'],
    [{ p_address: { ...ADDRESS, line1: 'a'.repeat(201) } }, 'Address is too long (200 characters at most)'],
    [{ p_address: { ...ADDRESS, line2: 'a'.repeat(201) } }, 'Address line 2 is too long (200 characters at most)'],
    [{ p_address: { ...ADDRESS, state: 'ZZ' } }, 'State must be a two-letter US state code'],
    [{ p_address: { ...ADDRESS, zip: '9460' } }, 'ZIP code must be 5 or 9 digits'],
    [{ p_items: [] }, 'Your cart is empty'],
    [{ p_items: null }, 'Your cart is empty'],
    [{ p_items: many }, 'At most 20 different products per order'],
    [{ p_items: [{ product_id: 'jar', quantity: 1 }] }, 'Each item needs a product_id'],
    [{ p_items: [{ product_id: JAR, quantity: 0 }] }, 'Quantity must be between 1 and 50'],
    [{ p_items: [{ product_id: JAR, quantity: 51 }] }, 'Quantity must be between 1 and 50'],
    [{ p_items: [{ product_id: JAR, quantity: 1.5 }] }, 'Quantity must be between 1 and 50'],
    [{ p_items: [{ product_id: JAR, quantity: 30 }, { product_id: JAR, quantity: 30 }] }, 'Quantity must be between 1 and 50'],
    [{ p_items: [{ product_id: JAR, quantity: 1, unit_price: -5 }] }, 'Unit price must be whole cents'],
  ])('bad input %j is refused with "%s"', async (args, message) => {
    // the lengths, the delivery and the quantity are orders' and order_items' CHECKs:
    // 23514 with the same words, naming the field
    const table = /too long|Delivery|Quantity/.test(message);
    await expect(submit(args)).rejects.toMatchObject(table
      ? { code: '23514', message, detail: expect.stringMatching(/"field" : "(customer_name|customer_phone|delivery|address_line1|address_line2|city|quantity)"/) }
      : { code: '22023', message });
  });

  test('a missing delivery keeps its words; a cart with two faults hears of the first the function checks', async () => {
    const before = (await orders()).length;
    await expect(submit({ p_delivery: null })).rejects.toMatchObject({ code: '23514', message: 'Delivery must be standard, express or pickup' });
    // a quantity over 50 is still told before a changed price, as before the rule moved to order_items
    await expect(submit({ p_items: [{ product_id: JAR, quantity: 51, unit_price: 1999 }] }))
      .rejects.toMatchObject({ message: 'Quantity must be between 1 and 50' });
    // a delivery out of the list is told before the address it would need
    await expect(submit({ p_delivery: 'drone', p_address: null })).rejects.toMatchObject({ message: 'Delivery must be standard, express or pickup' });
    expect((await orders()).length).toBe(before);
  });

  test('the honeypot: a filled p_website gets a plausible answer and nothing is stored', async () => {
    const before = (await orders()).length;
    const fake = await submit({ p_website: 'http://spam.example' });
    expect(fake.number).toMatch(/^BH-\d+$/);
    expect((await orders()).length).toBe(before);
  });

  test('the workflow: new -> confirmed -> shipped -> completed, each change in the history with who and when', async () => {
    const { number } = await submit({});
    const id = (await orders()).find((o) => o.number === number)!.id;
    await expect(update({ p_id: id, p_status: 'shipped', p_staff_notes: 'Dropped' })).rejects.toMatchObject({
      code: '22023', message: 'An order that is new cannot become shipped (next: confirmed or cancelled)',
    });
    // the refused move wrote nothing (the row is written before the move is checked, then undone)
    expect((await orders()).find((o) => o.id === id)).toMatchObject({ status: 'new', staff_notes: null });
    await expect(update({ p_id: id, p_status: 'confirmed', p_staff_notes: ' Gift wrap ' })).resolves.toMatchObject({ status: 'confirmed', staff_notes: 'Gift wrap' });
    await expect(update({ p_id: id, p_status: 'ready' })).rejects.toMatchObject({ message: 'An order that is confirmed cannot become ready (next: shipped or cancelled)' });
    await update({ p_id: id, p_status: 'shipped' });
    await expect(update({ p_id: id, p_status: 'completed', p_clear: ['staff_notes'] })).resolves.toMatchObject({ status: 'completed', staff_notes: null });
    await expect(update({ p_id: id, p_status: 'cancelled' })).rejects.toMatchObject({ message: 'An order that is completed cannot become cancelled (it is closed)' });
    const history = (await rpcRows(t.db, staff, 'get_buzz_haven_order_history')).filter((h) => h.order_id === id);
    expect(history.map((h) => [h.from_status, h.to_status, h.changed_by_name])).toEqual([
      [null, 'new', 'Visitor'], ['new', 'confirmed', 'staff'], ['confirmed', 'shipped', 'staff'], ['shipped', 'completed', 'staff'],
    ]);
    expect(history.every((h) => Date.parse(h.created_at) > 0 && (h.changed_by === null) === (h.changed_by_name === 'Visitor'))).toBe(true);
  });

  test('a pickup order becomes ready, not shipped; any open order can be cancelled', async () => {
    const { number } = await submit({ p_delivery: 'pickup' });
    const id = (await orders()).find((o) => o.number === number)!.id;
    await update({ p_id: id, p_status: 'confirmed' });
    await expect(update({ p_id: id, p_status: 'shipped' })).rejects.toMatchObject({ message: 'An order that is confirmed cannot become shipped (next: ready or cancelled)' });
    await expect(update({ p_id: id, p_status: 'ready' })).resolves.toMatchObject({ status: 'ready' });
    await expect(update({ p_id: id, p_status: 'cancelled' })).resolves.toMatchObject({ status: 'cancelled' });
  });

  test('update refuses an unknown status, over-long notes, an unknown id; anon cannot list or update', async () => {
    const id = (await orders())[0]!.id;
    await expect(update({ p_id: id, p_status: 'lost' })).rejects.toMatchObject({ code: '23514', message: 'Status must be new, confirmed, ready, shipped, completed or cancelled' });
    await expect(update({ p_id: id, p_staff_notes: 'n'.repeat(5001) })).rejects.toMatchObject({ code: '23514', message: 'Staff notes is too long (5000 characters at most)' });
    await expect(update({ p_id: UNKNOWN, p_status: 'confirmed' })).rejects.toMatchObject({ code: 'PT404', message: 'Order not found' });
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_orders')).rejects.toMatchObject({ code: '42501' });
    await expect(rpcOne(t.db, anon, 'update_buzz_haven_order', { p_id: id, p_status: 'cancelled' })).rejects.toMatchObject({ code: '42501' });
  });

  test('hiding a product takes it out of the shop list; showing it again lets it be ordered', async () => {
    const shop = async () => (await rpcRows(t.db, anon, 'get_buzz_haven_shop_products')).map((p) => p.id);
    expect(await shop()).not.toContain(HIDDEN);
    await expect(rpcOne(t.db, staff, 'set_buzz_haven_product_public', { p_id: HIDDEN, p_is_public: true })).resolves.toMatchObject({ is_public: true });
    expect(await shop()).toContain(HIDDEN);
    await expect(submit({ p_items: [{ product_id: HIDDEN, quantity: 1, unit_price: 900 }] })).resolves.toMatchObject({ subtotal: 900 });
    await rpcOne(t.db, staff, 'set_buzz_haven_product_public', { p_id: HIDDEN, p_is_public: false });
    await expect(rpcOne(t.db, anon, 'set_buzz_haven_product_public', { p_id: HIDDEN, p_is_public: true })).rejects.toMatchObject({ code: '42501' });
  });
});
