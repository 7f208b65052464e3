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
        code text constraint derived_probe_code_format check (code ~ '^[A-Z]+$'),
        price integer constraint derived_probe_price_range check (price between 0 and 250000),
        title text constraint derived_probe_title_line check (char_length(btrim(title)) <= 30 and title !~ '[\\r\\n]')
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

  test('a row\'s words take the bound from the CHECK: %s is the number, $%s cents said in dollars', async () => {
    await t.db.exec(`insert into buzz_haven.constraint_messages (constraint_name, message, locale) values
      ('derived_probe_price_range', 'The price must be between $%s and $%s', 'en'),
      ('derived_probe_title_line', 'A title is one line of %s characters at most', 'en'),
      ('derived_probe_title_line', 'Un título es una línea de %s caracteres como máximo', 'es')`);
    expect(await insert('price', 250001))
      .toEqual(broken('derived_probe_price_range', 'price', 'The price must be between $0 and $2,500'));
    await t.db.exec(`delete from buzz_haven.derived_probe; alter table buzz_haven.derived_probe alter column price set not null;
      insert into buzz_haven.constraint_messages values ('derived_probe_price_not_null', 'A price of $%s to $%s is required')`);
    expect(await failure(t.db.query("insert into buzz_haven.derived_probe (price, title) values (null, 'x')"))).toEqual({
      code: '23502', message: 'A price of $0 to $2,500 is required',
      details: { field: 'price', constraint: 'derived_probe_price_not_null' } });
    await t.db.exec('alter table buzz_haven.derived_probe alter column price drop not null');
    expect(await insert('title', 'x'.repeat(31)))
      .toEqual(broken('derived_probe_title_line', 'title', 'A title is one line of 30 characters at most'));
    await t.db.exec(`alter table buzz_haven.derived_probe drop constraint derived_probe_title_line,
      add constraint derived_probe_title_line check (char_length(btrim(title)) <= 12 and title !~ '[\\r\\n]')`);
    const spanish = await t.db.query<{ message: string }>(`select set_config('buzz_haven.locale', 'es', true),
      buzz_haven.constraint_message(c.oid) as message from pg_constraint as c where c.conname = 'derived_probe_title_line'`);
    expect(spanish.rows[0].message).toBe('Un título es una línea de 12 caracteres como máximo');
  });

  test('no constraint_messages row writes its CHECK\'s bound again: it says %s', async () => {
    // each number a CHECK compares with (<= 200, >= 0), found in a row of that CHECK or of the
    // NOT NULL column it bounds, as a number of its own or in dollars ('$10,000' of cents)
    const copies = await t.db.query<{ row: string }>(
      `select distinct m.constraint_name || ' ' || m.locale as row
         from pg_constraint as c
         join pg_class as k on k.oid = c.conrelid and k.relnamespace = 'buzz_haven'::regnamespace
         join pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         join buzz_haven.constraint_messages as m
           on m.constraint_name in (c.conname, k.relname || '_' || a.attname || '_not_null')
         cross join lateral regexp_matches(pg_get_constraintdef(c.oid), '[<>]=? \\(*''?(-?[0-9.]+)', 'g') as b (n)
        where c.contype = 'c' and cardinality(c.conkey) = 1
          and (m.message ~ ('(^|[^0-9.,])' || b.n[1] || '($|[^0-9])')
            or m.message like '%$' || to_char(b.n[1]::numeric / 100, 'FM999,999,999,990') || '%')
        order by 1`);
    expect(copies.rows.map((r) => r.row)).toEqual([]);
  });

  test('a column of the e-mail domain takes the domain\'s one bound, with no length CHECK of its own', async () => {
    const own = await t.db.query<{ conname: string }>(
      `select c.conname from pg_constraint as c
         join pg_attribute as a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'c' and a.atttypid = 'buzz_haven.email'::regtype and pg_get_constraintdef(c.oid) ~ 'length'
        order by 1`);
    expect(own.rows.map((r) => r.conname)).toEqual([]);
  });

  test('no constraint_messages row says what its CHECK already says', async () => {
    const copies = await t.db.query<{ constraint_name: string }>(
      `select m.constraint_name from buzz_haven.constraint_messages as m
         join pg_constraint as c on c.conname = m.constraint_name and c.contype = 'c'
        where m.message = buzz_haven.derived_message(c.oid) order by 1`);
    expect(copies.rows.map((r) => r.constraint_name)).toEqual([]);
  });
});
