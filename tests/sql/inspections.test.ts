/**
 * Hive inspections through their RPCs: log one (created_by is the caller's profile), list newest
 * first, update where null keeps a field and p_clear empties one, delete (owner/admin only);
 * every validation message; who may call what; the hive's due flag follows its log.
 */
import { anon, createMember, rpcOne, rpcRows, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Inspection = Record<string, any> & { id: string };
const MISSING = '00000000-0000-4000-8000-000000000000';
const CLEARABLE = [
  'inspector', 'queen_seen', 'eggs_seen', 'brood_pattern', 'temperament', 'frames_of_bees', 'varroa_count', 'treatment',
  'supers_added', 'honey_harvested_lb', 'notes', 'share_note', 'share_photo_url', // the last two: what the hive's people are shown on /my-hive
  'varroa_method',
];
const FULL = {
  p_inspector: 'Sam', p_queen_seen: true, p_eggs_seen: false, p_brood_pattern: 'solid', p_temperament: 'calm',
  p_frames_of_bees: 12, p_varroa_count: 3, p_treatment: 'Oxalic acid', p_supers_added: 1, p_honey_harvested_lb: 18.5, p_notes: 'Good',
};

describe.each(targets)('inspections on %s', (target) => {
  let t: TestDb;
  const who: Record<string, Caller & { profileId?: string }> = {};
  let hive: string;
  let days: { today: string; d5: string; d30: string; future: string };
  beforeAll(async () => {
    t = await openTarget(target);
    for (const role of ['owner', 'admin', 'staff']) who[role] = await createMember(t.db, `${role}@inspect.test`, role);
    who.pending = await createMember(t.db, 'pending@inspect.test', null);
    hive = (await rpcOne<{ id: string }>(t.db, who.staff, 'create_buzz_haven_hive', { p_name: 'Logged Hive' }))!.id;
    days = (await t.db.query<typeof days>(
      `select to_char(current_date, 'YYYY-MM-DD') as today, to_char(current_date - 5, 'YYYY-MM-DD') as d5,
              to_char(current_date - 30, 'YYYY-MM-DD') as d30, to_char(current_date + 3, 'YYYY-MM-DD') as future`,
    )).rows[0];
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const create = (args: Record<string, unknown>, caller = who.staff) =>
    rpcOne<Inspection>(t.db, caller, 'create_buzz_haven_inspection', { p_hive_id: hive, p_inspected_on: days.d5, ...args });
  const update = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Inspection>(t.db, caller, 'update_buzz_haven_inspection', args);
  const remove = (id: string, caller: Caller) => rpcOne<Inspection>(t.db, caller, 'delete_buzz_haven_inspection', { p_id: id });
  const list = (caller = who.staff) => rpcRows<Inspection>(t.db, caller, 'get_buzz_haven_inspections', {}, 'inspected_on desc, id');
  const hiveRow = async (id: string) => (await rpcRows(t.db, who.staff, 'get_buzz_haven_hives')).find((h) => h.id === id)!;

  test('create with a hive and a date only; created_by is the caller, the rest null', async () => {
    const row = await create({});
    expect(row).toMatchObject({
      hive_id: hive, inspected_on: days.d5, inspector: null, queen_seen: null, eggs_seen: null, brood_pattern: null,
      temperament: null, frames_of_bees: null, varroa_count: null, treatment: null, supers_added: null,
      honey_harvested_lb: null, notes: null, created_by: (who.staff as { profileId: string }).profileId,
    });
    await expect(create({}, service)).resolves.toMatchObject({ created_by: null });
  });

  test('create keeps every field; honey keeps one decimal; empty texts become null', async () => {
    const row = await create({ ...FULL, p_inspected_on: days.today });
    expect(row).toMatchObject({
      inspected_on: days.today, inspector: 'Sam', queen_seen: true, eggs_seen: false, brood_pattern: 'solid', temperament: 'calm',
      frames_of_bees: 12, varroa_count: 3, treatment: 'Oxalic acid', supers_added: 1, honey_harvested_lb: 18.5, notes: 'Good',
    });
    await expect(create({ p_inspector: ' ', p_treatment: '', p_notes: '' })).resolves.toMatchObject({ inspector: null, treatment: null, notes: null });
    await expect(create({ p_frames_of_bees: 40, p_varroa_count: 300, p_supers_added: 10, p_honey_harvested_lb: 1000 }))
      .resolves.toMatchObject({ frames_of_bees: 40, varroa_count: 300, supers_added: 10, honey_harvested_lb: 1000 });
    await expect(create({ p_frames_of_bees: 0, p_varroa_count: 0, p_supers_added: 0, p_honey_harvested_lb: 0, p_brood_pattern: 'none' }))
      .resolves.toMatchObject({ frames_of_bees: 0, varroa_count: 0, brood_pattern: 'none' });
  });

  /** The table's CHECKs fail with their constraint_messages (23514); the RPC's own checks with 22023. */
  const RPC_RULES = ['Hive is required', 'Inspection date is required', 'Honey harvested takes one decimal at most'];
  const codeOf = (message: string) => (RPC_RULES.includes(message) || message.startsWith('Cannot ') ? '22023' : '23514');

  test.each([
    [{ p_hive_id: null }, 'Hive is required'],
    [{ p_inspected_on: null }, 'Inspection date is required'],
    [{ p_inspected_on: 'FUTURE' }, 'Inspection date cannot be in the future'],
    [{ p_inspector: 'x'.repeat(201) }, 'Inspector is too long (200 characters at most)'],
    [{ p_brood_pattern: 'great' }, 'Brood pattern must be solid, spotty, patchy or none'],
    [{ p_temperament: 'angry' }, 'Temperament must be calm, nervous or defensive'],
    [{ p_frames_of_bees: -1 }, 'Frames of bees must be between 0 and 40'],
    [{ p_frames_of_bees: 41 }, 'Frames of bees must be between 0 and 40'],
    [{ p_varroa_count: -1 }, 'Varroa count must be between 0 and 300'],
    [{ p_varroa_count: 301 }, 'Varroa count must be between 0 and 300'],
    [{ p_treatment: 'x'.repeat(501) }, 'Treatment is too long (500 characters at most)'],
    [{ p_supers_added: 11 }, 'Supers added must be between 0 and 10'],
    [{ p_honey_harvested_lb: -0.5 }, 'Honey harvested must be between 0 and 1000 lb'],
    [{ p_honey_harvested_lb: 1000.1 }, 'Honey harvested must be between 0 and 1000 lb'],
    [{ p_honey_harvested_lb: 1e9 }, 'Honey harvested must be between 0 and 1000 lb'],
    [{ p_honey_harvested_lb: 12.34 }, 'Honey harvested takes one decimal at most'],
    [{ p_notes: 'x'.repeat(5001) }, 'Notes are too long (5000 characters at most)'],
  ])('create refuses %j with "%s"', async (args, message) => {
    const before = (await list()).length;
    const given = { ...args } as Record<string, unknown>;
    if (given.p_inspected_on === 'FUTURE') given.p_inspected_on = days.future;
    await expect(create(given)).rejects.toMatchObject({ code: codeOf(message), message });
    expect((await list()).length).toBe(before);
  });

  test('an unknown hive, inspection id is PT404', async () => {
    await expect(create({ p_hive_id: MISSING })).rejects.toMatchObject({ code: 'PT404', message: 'Hive not found' });
    await expect(update({ p_id: MISSING, p_notes: 'x' })).rejects.toMatchObject({ code: 'PT404', message: 'Inspection not found' });
    await expect(remove(MISSING, who.owner)).rejects.toMatchObject({ code: 'PT404', message: 'Inspection not found' });
  });

  test('update: null keeps, a value replaces, p_clear empties every optional field', async () => {
    const made = await create(FULL);
    const changed = await update({ p_id: made!.id, p_varroa_count: 7, p_queen_seen: false, p_inspected_on: days.d30 });
    expect(changed).toMatchObject({ inspected_on: days.d30, varroa_count: 7, queen_seen: false, inspector: 'Sam', honey_harvested_lb: 18.5, hive_id: hive });
    const cleared = await update({ p_id: made!.id, p_clear: CLEARABLE });
    expect(cleared).toMatchObject({ inspected_on: days.d30, ...Object.fromEntries(CLEARABLE.map((c) => [c, null])) });
    expect(Date.parse(cleared!.updated_at)).toBeGreaterThanOrEqual(Date.parse(made!.updated_at));
  });

  test.each([
    [{ p_inspected_on: 'FUTURE' }, 'Inspection date cannot be in the future'],
    [{ p_temperament: 'sleepy' }, 'Temperament must be calm, nervous or defensive'],
    [{ p_varroa_count: 500 }, 'Varroa count must be between 0 and 300'],
    [{ p_honey_harvested_lb: 0.05 }, 'Honey harvested takes one decimal at most'],
    [{ p_clear: ['inspected_on'] }, `Cannot clear inspected_on (only ${CLEARABLE.join(', ')} can be cleared)`],
    [{ p_clear: ['hive_id'] }, `Cannot clear hive_id (only ${CLEARABLE.join(', ')} can be cleared)`],
    [{ p_clear: ['notes'], p_notes: 'New' }, 'Cannot both set and clear notes'],
  ])('update refuses %j with "%s" and changes nothing', async (args, message) => {
    const made = await create({ p_varroa_count: 4, p_notes: 'Kept', p_temperament: 'calm' });
    const given = { p_id: made!.id, ...args } as Record<string, unknown>;
    if (given.p_inspected_on === 'FUTURE') given.p_inspected_on = days.future;
    await expect(update(given)).rejects.toMatchObject({ code: codeOf(message), message });
    expect((await list()).find((i) => i.id === made!.id)).toMatchObject({ varroa_count: 4, notes: 'Kept', temperament: 'calm', inspected_on: days.d5 });
  });

  test('the list is newest inspection first, across hives; hive_id tells them apart', async () => {
    const other = (await rpcOne<{ id: string }>(t.db, who.staff, 'create_buzz_haven_hive', { p_name: 'Other Hive' }))!.id;
    await create({ p_hive_id: other, p_inspected_on: days.d30 });
    const rows = await list(who.admin);
    const dates = rows.map((r) => r.inspected_on);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(rows.filter((r) => r.hive_id === other)).toHaveLength(1);
  });

  test('the due flag follows the log: 30 days old is due, 5 days old is not', async () => {
    const h = (await rpcOne<{ id: string }>(t.db, who.staff, 'create_buzz_haven_hive', { p_name: 'Due Hive' }))!.id;
    expect(await hiveRow(h)).toMatchObject({ last_inspection_date: null, inspection_due: true });
    const old = await create({ p_hive_id: h, p_inspected_on: days.d30 });
    expect(await hiveRow(h)).toMatchObject({ last_inspection_date: days.d30, inspection_due: true });
    const recent = await create({ p_hive_id: h, p_inspected_on: days.d5 });
    expect(await hiveRow(h)).toMatchObject({ last_inspection_date: days.d5, inspection_due: false });
    await remove(recent!.id, who.admin);
    expect(await hiveRow(h)).toMatchObject({ last_inspection_date: days.d30, inspection_due: true });
    await update({ p_id: old!.id, p_inspected_on: days.today });
    expect(await hiveRow(h)).toMatchObject({ last_inspection_date: days.today, inspection_due: false });
  });

  test('staff cannot delete; an admin, an owner and the service key can', async () => {
    const rows = [await create({}), await create({}), await create({})];
    await expect(remove(rows[0]!.id, who.staff)).rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can delete inspections' });
    await expect(remove(rows[0]!.id, who.admin)).resolves.toMatchObject({ id: rows[0]!.id });
    await expect(remove(rows[1]!.id, who.owner)).resolves.toMatchObject({ id: rows[1]!.id });
    await expect(remove(rows[2]!.id, service)).resolves.toMatchObject({ id: rows[2]!.id });
    const left = (await list()).map((i) => i.id);
    for (const row of rows) expect(left).not.toContain(row!.id);
  });

  test.each([
    ['anon', 'Not signed in'],
    ['pending', 'Your account is waiting for approval'],
  ])('%s is refused by every inspection RPC', async (name, message) => {
    const caller = name === 'anon' ? anon : who.pending;
    const made = await create({ p_notes: 'Kept' });
    await expect(list(caller)).rejects.toMatchObject({ code: '42501', message });
    await expect(create({}, caller)).rejects.toMatchObject({ code: '42501', message });
    await expect(update({ p_id: made!.id, p_notes: 'Sneaky' }, caller)).rejects.toMatchObject({ code: '42501', message });
    await expect(remove(made!.id, caller)).rejects.toMatchObject({ code: '42501', message });
    expect((await list()).find((i) => i.id === made!.id)).toMatchObject({ notes: 'Kept' });
  });

  test.each([
    ['inspected_on, brood_pattern', "current_date, 'great'", 'hive_inspections_brood_pattern_known'],
    ['inspected_on, temperament', "current_date, 'angry'", 'hive_inspections_temperament_known'],
    ['inspected_on, varroa_count', 'current_date, 301', 'hive_inspections_varroa_count_range'],
    ['inspected_on, frames_of_bees', 'current_date, 41', 'hive_inspections_frames_of_bees_range'],
    ['inspected_on, supers_added', 'current_date, -1', 'hive_inspections_supers_added_range'],
    ['inspected_on, honey_harvested_lb', 'current_date, 1000.1', 'hive_inspections_honey_harvested_lb_range'],
    ['inspected_on, inspector', "current_date, repeat('x', 201)", 'hive_inspections_inspector_length'],
    ['inspected_on', 'current_date + 3', 'hive_inspections_not_future'],
  ])('the table itself refuses (%s) = (%s)', async (columns, values, constraint) => {
    await expect(t.db.query(`insert into buzz_haven.hive_inspections (hive_id, ${columns}) values ($1, ${values})`, [hive]))
      .rejects.toMatchObject({ code: '23514', constraint });
  });
});
