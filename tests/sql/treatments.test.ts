/**
 * Treatments as records and varroa against the threshold, through the RPCs: the seeded products;
 * a harvest (or honey on an inspection) inside a withdrawal period refused with the treatment and
 * the period's last day; such a harvest kept out of batches; a treatment created twice with one
 * client-made id stored once; the hive list's mites per 100 bees and its flag, which a treatment
 * or a later count under the threshold clears; the threshold owners and admins change, and the
 * dashboard's count of flagged hives; a treatment's and a product's update (null keeps, p_clear
 * empties, the create's refusals hold) and who may keep the products.
 */
import { createMember, rpcOne, rpcRows, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any> & { id: string };
const CLIENT_ID = '6f1c7d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
const MISSING = '00000000-0000-4000-8000-000000000000';
const OXALIC_REFUSAL = 'No honey from this hive: it is in the withdrawal period of its Oxalic acid treatment, which ends on 2024-09-24';

describe.each(targets)('treatments on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let owner: Caller;
  let hive: string;
  let products: Record<string, Row>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@treat.test', 'staff');
    owner = await createMember(t.db, 'owner@treat.test', 'owner');
    await rpcOne(t.db, owner, 'create_buzz_haven_neighbourhood', { p_name: 'Echo Park' });
    hive = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Treated Hive', p_neighbourhood: 'Echo Park' }))!.id;
    products = Object.fromEntries((await rpcRows<Row>(t.db, staff, 'get_buzz_haven_treatment_products')).map((p) => [p.name, p]));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const treat = (args: Record<string, unknown>) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_treatment', {
    p_hive_id: hive, p_product_id: products['Oxalic acid'].id, p_started_on: '2024-09-01', p_ended_on: '2024-09-10', ...args });
  const harvest = (args: Record<string, unknown>, on = hive) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_honey_harvest', {
    p_hive_id: on, p_season: 'fall', p_neighbourhood: 'Echo Park', ...args });
  const inspect = (args: Record<string, unknown>, on = hive) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_inspection', {
    p_hive_id: on, ...args });
  const hiveRow = async (id: string) => (await rpcRows<Row>(t.db, staff, 'get_buzz_haven_hives')).find((h) => h.id === id)!;

  test('the product list starts with oxalic acid, formic acid and thymol and their withdrawal days', () => {
    expect(Object.values(products).map(({ name, withdrawal_days: days }) => [name, days]).sort())
      .toEqual([['Formic acid', 0], ['Oxalic acid', 14], ['Thymol', 30]]);
  });

  test('a treatment created again with its client-made id is stored once, unchanged', async () => {
    const first = await treat({ p_id: CLIENT_ID, p_dose: '5 ml per seam', p_applied_by: 'Sam' });
    const again = await treat({ p_id: CLIENT_ID, p_dose: 'something else' });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ id: CLIENT_ID, dose: '5 ml per seam', applied_by: 'Sam' });
    const mine = (await rpcRows<Row>(t.db, staff, 'get_buzz_haven_treatments')).filter((r) => r.hive_id === hive);
    expect(mine).toEqual([expect.objectContaining({ id: CLIENT_ID, withdrawal_ends_on: '2024-09-24' })]);
  });

  test('a harvest inside the withdrawal period is refused with the treatment and its last day', async () => {
    for (const day of ['2024-09-01', '2024-09-15', '2024-09-24']) {
      await expect(harvest({ p_harvested_on: day })).rejects.toMatchObject({ code: '23514', message: OXALIC_REFUSAL });
    }
    await expect(inspect({ p_inspected_on: '2024-09-20', p_honey_harvested_lb: 10 }))
      .rejects.toMatchObject({ code: '23514', message: OXALIC_REFUSAL });
    // before the treatment, after the period, and an inspection without honey pass
    await expect(harvest({ p_harvested_on: '2024-08-31' })).resolves.toMatchObject({ harvested_on: '2024-08-31' });
    await expect(harvest({ p_harvested_on: '2024-09-25' })).resolves.toMatchObject({ harvested_on: '2024-09-25' });
    await expect(inspect({ p_inspected_on: '2024-09-20', p_honey_harvested_lb: 0 })).resolves.toBeTruthy();
  });

  test('a harvest a later-recorded treatment covers cannot go into a batch', async () => {
    const other = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Later Hive', p_neighbourhood: 'Echo Park' }))!.id;
    const taken = (await harvest({ p_harvested_on: '2024-07-10' }, other))!;
    await treat({ p_hive_id: other, p_product_id: products.Thymol.id, p_started_on: '2024-07-01', p_ended_on: '2024-07-28' });
    const product = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_product', {
      p_name: 'Treated Honey', p_price: 2000, p_slug: 'treated-honey', p_size_label: '16 oz jar', p_section: 'honey' }))!.id;
    const batch = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_honey_batch', { p_code: 'EH-24F-40', p_product_id: product, p_jar_count: 10 }))!;
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_honey_harvest', { p_id: taken.id, p_batch_id: batch.id }))
      .rejects.toMatchObject({ code: '23514',
        message: 'This harvest cannot go into a batch: it was taken in the withdrawal period of a Thymol treatment, which ends on 2024-08-27' });
    await expect(harvest({ p_harvested_on: '2024-08-28', p_batch_id: batch.id }, other)).resolves.toMatchObject({ batch_id: batch.id });
  });

  test('the hive is flagged over the threshold until a treatment starts or a later count is under it', async () => {
    const flagged = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Mite Hive' }))!.id;
    expect(await hiveRow(flagged)).toMatchObject({ mites_per_100: null, varroa_flag: false });
    // 12 mites in an alcohol wash of 300 bees: 4 per 100, over the default 3
    const count = (await inspect({ p_inspected_on: '2024-10-01', p_varroa_count: 12, p_varroa_method: 'alcohol_wash' }, flagged))!;
    expect(count).toMatchObject({ varroa_method: 'alcohol_wash', varroa_sample_size: 300 });
    expect(await hiveRow(flagged)).toMatchObject({ mites_per_100: 4, varroa_flag: true });
    await treat({ p_hive_id: flagged, p_product_id: products['Formic acid'].id, p_started_on: '2024-10-02', p_ended_on: '2024-10-16' });
    expect(await hiveRow(flagged)).toMatchObject({ varroa_flag: false });
    // over again, then a later sugar roll of 200 bees with 4 mites: 2 per 100, under it
    await inspect({ p_inspected_on: '2024-11-01', p_varroa_count: 9, p_varroa_sample_size: 200, p_varroa_method: 'sugar_roll' }, flagged);
    expect(await hiveRow(flagged)).toMatchObject({ mites_per_100: 4.5, varroa_flag: true });
    await inspect({ p_inspected_on: '2024-11-08', p_varroa_count: 4, p_varroa_sample_size: 200, p_varroa_method: 'sugar_roll' }, flagged);
    expect(await hiveRow(flagged)).toMatchObject({ mites_per_100: 2, varroa_flag: false });
    const listed = (await rpcRows<Row>(t.db, staff, 'get_buzz_haven_inspections')).find((i) => i.id === count.id);
    expect(listed).toMatchObject({ mites_per_100: 4 });
  });

  test('owners and admins change the threshold; the dashboard counts the hives the list flags', async () => {
    const light = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Light Hive' }))!.id;
    // 5 mites in 300 bees: 1.7 per 100, under the default 3
    await inspect({ p_inspected_on: '2024-10-03', p_varroa_count: 5, p_varroa_method: 'sugar_roll' }, light);
    const flaggedCount = async () => (await rpcRows<Row>(t.db, staff, 'get_buzz_haven_hives')).filter((h) => h.varroa_flag).length;
    const today = async () => (await rpcValue<Record<string, number>>(t.db, staff, 'get_buzz_haven_today', {})).hives_over_threshold;
    const before = await today();
    expect(before).toBe(await flaggedCount());
    expect(await rpcRows<Row>(t.db, staff, 'get_buzz_haven_varroa_settings')).toEqual([{ id: 'true', threshold_per_100: 3 }]);
    const setTo = (who: Caller, value: number) =>
      rpcOne<Row>(t.db, who, 'update_buzz_haven_varroa_settings', { p_id: 'true', p_threshold_per_100: value });
    await expect(setTo(staff, 1.5)).rejects.toMatchObject({ message: 'Only an owner or admin can change the varroa threshold' });
    await expect(setTo(owner, 60)).rejects.toMatchObject({
      code: '23514', message: 'The threshold must be between 0.1 and 50 mites per 100 bees' });
    expect(await setTo(owner, 1.5)).toEqual({ id: 'true', threshold_per_100: 1.5 });
    expect(await hiveRow(light)).toMatchObject({ mites_per_100: 1.7, varroa_flag: true });
    // the light hive and every other hive over 1.5
    expect(await today()).toBeGreaterThan(before);
    expect(await today()).toBe(await flaggedCount());
    await setTo(owner, 3);
    expect(await today()).toBe(before);
  });

  test('a count method outside the three and a sample size out of range are refused with their words', async () => {
    await expect(inspect({ p_inspected_on: '2024-10-01', p_varroa_method: 'guess' }))
      .rejects.toMatchObject({ code: '23514', message: 'Count method must be alcohol wash, sugar roll or sticky board' });
    await expect(inspect({ p_inspected_on: '2024-10-01', p_varroa_sample_size: 10 }))
      .rejects.toMatchObject({ code: '23514', message: 'Sample size must be between 50 and 1000 bees' });
    await expect(treat({ p_started_on: '2024-10-05', p_ended_on: '2024-10-01' }))
      .rejects.toMatchObject({ message: 'The end date cannot be before the start date' });
  });

  test('a treatment update: a value replaces, null keeps, p_clear or an empty text empties; refusals as on create', async () => {
    const other = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Updated Hive' }))!.id;
    const made = (await treat({ p_hive_id: other, p_started_on: '2023-05-01', p_ended_on: '2023-05-03', p_dose: '2 strips', p_applied_by: 'Ann' }))!;
    const update = (args: Record<string, unknown>, id = made.id) => rpcOne<Row>(t.db, staff, 'update_buzz_haven_treatment', { p_id: id, ...args });
    await expect(update({ p_ended_on: '2023-05-05', p_dose: ' 3 strips ' }))
      .resolves.toMatchObject({ hive_id: other, started_on: '2023-05-01', ended_on: '2023-05-05', dose: '3 strips', applied_by: 'Ann' });
    await expect(update({ p_clear: ['dose'], p_applied_by: ' ' })).resolves.toMatchObject({ dose: null, applied_by: null, ended_on: '2023-05-05' });
    await expect(update({ p_clear: ['started_on'] }))
      .rejects.toMatchObject({ code: '22023', message: 'Cannot clear started_on (only dose, applied_by can be cleared)' });
    await expect(update({ p_clear: ['dose'], p_dose: 'x' })).rejects.toMatchObject({ code: '22023', message: 'Cannot both set and clear dose' });
    await expect(update({ p_product_id: MISSING })).rejects.toMatchObject({ code: '22023', message: 'Treatment product not found' });
    await expect(update({ p_hive_id: MISSING })).rejects.toMatchObject({ code: '22023', message: 'Hive not found' });
    await expect(update({ p_ended_on: '2023-04-01' })).rejects.toMatchObject({ code: '23514', message: 'The end date cannot be before the start date' });
    await expect(update({ p_dose: 'x' }, MISSING)).rejects.toMatchObject({ code: 'PT404', message: 'Treatment not found' });
    expect((await rpcRows<Row>(t.db, staff, 'get_buzz_haven_treatments')).find((r) => r.id === made.id))
      .toMatchObject({ product_id: products['Oxalic acid'].id, ended_on: '2023-05-05', dose: null });
  });

  test('owners and admins keep the products: names trimmed and unique, an emptied text is none; staff are refused', async () => {
    const add = (caller: Caller, args: Record<string, unknown>) => rpcOne<Row>(t.db, caller, 'create_buzz_haven_treatment_product', args);
    const made = (await add(owner, { p_name: ' Amitraz ', p_active_ingredient: ' ' }))!;
    expect(made).toMatchObject({ name: 'Amitraz', active_ingredient: null, withdrawal_days: 0 });
    await expect(add(staff, { p_name: 'Other' })).rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can add a treatment product' });
    await expect(add(owner, { p_name: 'Thymol' })).rejects.toMatchObject({ code: '22023', message: 'This product is already in the list' });
    const change = (caller: Caller, args: Record<string, unknown>) =>
      rpcOne<Row>(t.db, caller, 'update_buzz_haven_treatment_product', { p_id: made.id, ...args });
    await expect(change(owner, { p_active_ingredient: 'Amitraz', p_withdrawal_days: 7 }))
      .resolves.toMatchObject({ name: 'Amitraz', active_ingredient: 'Amitraz', withdrawal_days: 7 });
    await expect(change(owner, { p_clear: ['active_ingredient'] })).resolves.toMatchObject({ active_ingredient: null, withdrawal_days: 7 });
    await expect(change(owner, { p_name: 'Formic acid' })).rejects.toMatchObject({ code: '22023', message: 'This product is already in the list' });
    await expect(change(staff, { p_withdrawal_days: 1 }))
      .rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can change a treatment product' });
    await expect(change(owner, { p_clear: ['name'] }))
      .rejects.toMatchObject({ code: '22023', message: 'Cannot clear name (only active_ingredient can be cleared)' });
  });
});
