/**
 * A CHECK is the rule and its message: on a table whose explain trigger derives
 * (buzz_haven.derive_messages), a length, range or allowed-values CHECK over one column fails
 * with words built from the constraint itself, so the bound stands in one place. A
 * constraint_messages row gives other words where the derived ones would not do, and no row
 * repeats what its CHECK already says.
 */
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Failure = { code?: string; message?: string; detail?: string };
/** The error as PostgREST answers it: code, message and details (JSON naming the field). */
const failure = (p: Promise<unknown>) => p.then(
  () => 'ok',
  (e: Failure) => ({ code: e.code, message: e.message, details: JSON.parse(e.detail ?? 'null') }),
);

describe.each(targets)('messages derived from CHECKs on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target);
    await t.db.exec(`
      create table buzz_haven.derived_probe (
        id uuid primary key default gen_random_uuid(),
        staff_notes text constraint derived_probe_staff_notes_length check (char_length(staff_notes) <= 40),
        frames integer constraint derived_probe_frames_range check (frames between 0 and 12),
        weight numeric constraint derived_probe_weight_range check (weight >= -5 and weight <= 7.5),
        kind text constraint derived_probe_kind_known check (kind in ('hive', 'nuc', 'top_bar')),
        side text constraint derived_probe_side_known check (side in ('north', 'south')),
        code text constraint derived_probe_code_format check (code ~ '^[A-Z]+$')
      );
      select buzz_haven.derive_messages('buzz_haven.derived_probe');`);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const insert = (column: string, value: unknown) =>
    failure(t.db.query(`insert into buzz_haven.derived_probe (${column}) values ($1)`, [value]));
  const broken = (constraint: string, field: string, message: string) =>
    ({ code: '23514', message, details: { field, constraint } });

  test('a length, a range and allowed values say their bound in the message', async () => {
    expect(await insert('staff_notes', 'x'.repeat(41)))
      .toEqual(broken('derived_probe_staff_notes_length', 'staff_notes', 'Staff notes is too long (40 characters at most)'));
    expect(await insert('frames', 13)).toEqual(broken('derived_probe_frames_range', 'frames', 'Frames must be between 0 and 12'));
    expect(await insert('weight', 8)).toEqual(broken('derived_probe_weight_range', 'weight', 'Weight must be between -5 and 7.5'));
    expect(await insert('kind', 'box')).toEqual(broken('derived_probe_kind_known', 'kind', 'Kind must be hive, nuc or top_bar'));
    expect(await insert('side', 'east')).toEqual(broken('derived_probe_side_known', 'side', 'Side must be north or south'));
    expect(await insert('staff_notes', 'x'.repeat(40))).toBe('ok');
  });

  test('a changed bound changes its message: the number stands in the CHECK only', async () => {
    await t.db.exec(`alter table buzz_haven.derived_probe drop constraint derived_probe_frames_range,
      add constraint derived_probe_frames_range check (frames between 1 and 20)`);
    expect(await insert('frames', 21)).toEqual(broken('derived_probe_frames_range', 'frames', 'Frames must be between 1 and 20'));
  });

  test('a row gives other words; a CHECK of another shape keeps PostgreSQL\'s own text', async () => {
    await t.db.exec("insert into buzz_haven.constraint_messages values ('derived_probe_kind_known', 'Pick a hive kind from the list')");
    expect(await insert('kind', 'box')).toEqual(broken('derived_probe_kind_known', 'kind', 'Pick a hive kind from the list'));
    await t.db.exec("delete from buzz_haven.constraint_messages where constraint_name = 'derived_probe_kind_known'");
    await expect(t.db.query("insert into buzz_haven.derived_probe (code) values ('lower')"))
      .rejects.toMatchObject({ code: '23514', message: expect.stringContaining('derived_probe_code_format') });
  });

  test('the tables\' own bounds keep their words, now from the CHECK', async () => {
    const messages = await t.db.query<{ name: string; message: string | null }>(
      `select c.conname as name, buzz_haven.constraint_message(c.oid) as message from pg_constraint as c
        where c.conname in ('products_name_length', 'hive_inspections_frames_of_bees_range', 'orders_status_known', 'hives_latitude_range')
        order by 1`);
    expect(messages.rows).toEqual([
      { name: 'hive_inspections_frames_of_bees_range', message: 'Frames of bees must be between 0 and 40' },
      { name: 'hives_latitude_range', message: 'Latitude must be between -85 and 85' },
      { name: 'orders_status_known', message: 'Status must be new, confirmed, ready, shipped, completed or cancelled' },
      { name: 'products_name_length', message: 'Name is too long (200 characters at most)' },
    ]);
  });

  test('no constraint_messages row says what its CHECK already says', async () => {
    const copies = await t.db.query<{ constraint_name: string }>(
      `select m.constraint_name from buzz_haven.constraint_messages as m
         join pg_constraint as c on c.conname = m.constraint_name and c.contype = 'c'
        where m.message = buzz_haven.derived_message(c.oid) order by 1`);
    expect(copies.rows.map((r) => r.constraint_name)).toEqual([]);
  });
});
