/**
 * Hives through their RPCs: create with defaults, update where null keeps a field and p_clear
 * empties one, retire, delete (owner/admin only, taking the inspections with it); the list's
 * inspection-due flag; every validation message; who may call what.
 */
import { anon, createMember, rpcOne, rpcRows, service, sqlAs, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Hive = Record<string, any> & { id: string };
const MISSING = '00000000-0000-4000-8000-000000000000';
const CLEARABLE = 'location, host, queen_installed_date, queen_source, queen_marking, notes, neighbourhood, latitude, longitude, host_display_name, name_es';

describe.each(targets)('hives on %s', (target) => {
  let t: TestDb;
  const who: Record<string, Caller> = {};
  beforeAll(async () => {
    t = await openTarget(target);
    for (const role of ['owner', 'admin', 'staff']) who[role] = await createMember(t.db, `${role}@hives.test`, role);
    who.pending = await createMember(t.db, 'pending@hives.test', null);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const create = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Hive>(t.db, caller, 'create_buzz_haven_hive', args);
  const update = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Hive>(t.db, caller, 'update_buzz_haven_hive', args);
  const remove = (id: string, caller: Caller) => rpcOne<Hive>(t.db, caller, 'delete_buzz_haven_hive', { p_id: id });
  const list = () => rpcRows<Hive>(t.db, who.staff, 'get_buzz_haven_hives');
  const listed = async (id: string) => (await list()).find((h) => h.id === id);
  const inspect = (hiveId: string, daysAgo: number) =>
    t.db.query(`insert into buzz_haven.hive_inspections (hive_id, inspected_on) values ($1, current_date - $2::int)`, [hiveId, daysAgo]);

  test('create with a name only: active, every optional field null', async () => {
    const row = await create({ p_name: '  Garden Hive ' });
    expect(row).toMatchObject({
      name: 'Garden Hive', location: null, host: null, status: 'active', queen_installed_date: null,
      queen_source: null, queen_marking: null, notes: null,
    });
    expect(Date.parse(row!.updated_at)).toBeGreaterThan(0);
  });

  test('create keeps every given field; empty texts become null', async () => {
    const row = await create({
      p_name: 'Rooftop 2', p_location: 'Downtown', p_host: 'Ms. Rivera', p_status: 'queenless',
      p_queen_installed_date: '2025-04-15', p_queen_source: 'Local breeder', p_queen_marking: 'Blue', p_notes: 'Calm bees',
    });
    expect(row).toMatchObject({
      location: 'Downtown', host: 'Ms. Rivera', status: 'queenless', queen_installed_date: '2025-04-15',
      queen_source: 'Local breeder', queen_marking: 'Blue', notes: 'Calm bees',
    });
    await expect(create({ p_name: 'Blank', p_location: '', p_host: ' ', p_queen_source: '', p_queen_marking: '', p_notes: '' }))
      .resolves.toMatchObject({ location: null, host: null, queen_source: null, queen_marking: null, notes: null });
  });

  test.each(['active', 'queenless', 'swarmed', 'dead_out', 'retired'])('status %s is accepted', async (status) => {
    await expect(create({ p_name: `Hive ${status}`, p_status: status })).resolves.toMatchObject({ status });
  });

  /** The table's CHECKs fail with their constraint_messages (23514); the RPC's own checks with 22023. */
  const codeOf = (message: string) => (message === 'Name is required' || message.startsWith('Cannot ') ? '22023' : '23514');

  test.each([
    [{ p_name: '' }, 'Name is required'],
    [{ p_name: null }, 'Name is required'],
    [{ p_name: 'x'.repeat(201) }, 'Name is too long (200 characters at most)'],
    [{ p_location: 'x'.repeat(501) }, 'Location is too long (500 characters at most)'],
    [{ p_host: 'x'.repeat(201) }, 'Host is too long (200 characters at most)'],
    [{ p_status: 'inspection due' }, 'Status must be active, queenless, swarmed, dead_out or retired'],
    [{ p_status: 'quarantine' }, 'Status must be active, queenless, swarmed, dead_out or retired'],
    [{ p_queen_source: 'x'.repeat(201) }, 'Queen source is too long (200 characters at most)'],
    [{ p_queen_marking: 'x'.repeat(51) }, 'Queen marking is too long (50 characters at most)'],
    [{ p_notes: 'x'.repeat(5001) }, 'Notes are too long (5000 characters at most)'],
  ])('create refuses %j with "%s"', async (args, message) => {
    await expect(create({ p_name: 'Valid', ...args })).rejects.toMatchObject({ code: codeOf(message), message });
  });

  test('update: null keeps, a value replaces, p_clear empties; retiring is a status', async () => {
    const made = await create({
      p_name: 'Orchard', p_location: 'Orchard row', p_host: 'Farm', p_queen_installed_date: '2025-03-01',
      p_queen_source: 'Swarm', p_queen_marking: 'Yellow', p_notes: 'Note',
    });
    const renamed = await update({ p_id: made!.id, p_name: 'Orchard Hive' });
    expect(renamed).toMatchObject({ name: 'Orchard Hive', location: 'Orchard row', host: 'Farm', queen_installed_date: '2025-03-01', queen_marking: 'Yellow' });
    const cleared = await update({ p_id: made!.id, p_clear: CLEARABLE.split(', ') });
    expect(cleared).toMatchObject({
      name: 'Orchard Hive', location: null, host: null, queen_installed_date: null, queen_source: null, queen_marking: null, notes: null,
    });
    const retired = await update({ p_id: made!.id, p_status: 'retired', p_notes: 'Moved away' });
    expect(retired).toMatchObject({ status: 'retired', notes: 'Moved away' });
    expect(Date.parse(retired!.updated_at)).toBeGreaterThanOrEqual(Date.parse(made!.updated_at));
  });

  test.each([
    [{ p_name: ' ' }, 'Name is required'],
    [{ p_status: 'sleeping' }, 'Status must be active, queenless, swarmed, dead_out or retired'],
    [{ p_queen_marking: 'x'.repeat(51) }, 'Queen marking is too long (50 characters at most)'],
    [{ p_clear: ['name'] }, `Cannot clear name (only ${CLEARABLE} can be cleared)`],
    [{ p_clear: ['status'] }, `Cannot clear status (only ${CLEARABLE} can be cleared)`],
    [{ p_clear: ['host'], p_host: 'Someone' }, 'Cannot both set and clear host'],
  ])('update refuses %j with "%s" and changes nothing', async (args, message) => {
    const made = await create({ p_name: 'Steady', p_host: 'Host', p_status: 'swarmed' });
    await expect(update({ p_id: made!.id, ...args })).rejects.toMatchObject({ code: codeOf(message), message });
    expect(await listed(made!.id)).toMatchObject({ name: 'Steady', host: 'Host', status: 'swarmed' });
  });

  test('an unknown id is "Hive not found" (PT404) for update and delete', async () => {
    await expect(update({ p_id: MISSING, p_name: 'Ghost' })).rejects.toMatchObject({ code: 'PT404', message: 'Hive not found' });
    await expect(remove(MISSING, who.admin)).rejects.toMatchObject({ code: 'PT404', message: 'Hive not found' });
  });

  test('the list: every hive column, the latest inspection date and the due flag', async () => {
    const fresh = await create({ p_name: 'Fresh' });
    const recent = await create({ p_name: 'Recent' });
    const stale = await create({ p_name: 'Stale', p_status: 'queenless' });
    const swarmed = await create({ p_name: 'Swarmed', p_status: 'swarmed' });
    const dead = await create({ p_name: 'Dead', p_status: 'dead_out' });
    const retired = await create({ p_name: 'Retired', p_status: 'retired' });
    await inspect(recent!.id, 30);
    await inspect(recent!.id, 5);
    await inspect(stale!.id, 30);
    await inspect(swarmed!.id, 21);
    const rows = await list();
    const row = (id: string) => rows.find((h) => h.id === id)!;
    expect(row(fresh!.id)).toMatchObject({ last_inspection_date: null, inspection_due: true });
    expect(row(recent!.id)).toMatchObject({ inspection_due: false });
    expect(row(stale!.id)).toMatchObject({ inspection_due: true });
    expect(row(swarmed!.id)).toMatchObject({ inspection_due: false });
    expect(row(dead!.id)).toMatchObject({ last_inspection_date: null, inspection_due: false });
    expect(row(retired!.id)).toMatchObject({ last_inspection_date: null, inspection_due: false });
    const { rows: [days] } = await t.db.query<{ recent: string; stale: string }>(
      "select to_char(current_date - 5, 'YYYY-MM-DD') as recent, to_char(current_date - 30, 'YYYY-MM-DD') as stale",
    );
    expect(row(recent!.id).last_inspection_date).toBe(days.recent);
    expect(row(stale!.id).last_inspection_date).toBe(days.stale);
    await inspect(stale!.id, 0);
    expect((await listed(stale!.id))!.inspection_due).toBe(false);
  });

  test('staff cannot delete; deleting a hive deletes its inspections', async () => {
    const made = await create({ p_name: 'Doomed' });
    await inspect(made!.id, 3);
    await inspect(made!.id, 10);
    await expect(remove(made!.id, who.staff)).rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can delete hives' });
    await expect(remove(made!.id, who.admin)).resolves.toMatchObject({ id: made!.id, name: 'Doomed' });
    const { rows } = await t.db.query('select 1 from buzz_haven.hive_inspections where hive_id = $1', [made!.id]);
    expect(rows).toEqual([]);
    for (const caller of [who.owner, service]) {
      const other = await create({ p_name: 'Also doomed' });
      await expect(remove(other!.id, caller)).resolves.toMatchObject({ id: other!.id });
    }
  });

  test.each([
    ['anon', 'Not signed in'],
    ['pending', 'Your account is waiting for approval'],
  ])('%s is refused by every hive RPC', async (name, message) => {
    const caller = name === 'anon' ? anon : who.pending;
    const made = await create({ p_name: 'Kept' });
    await expect(rpcRows(t.db, caller, 'get_buzz_haven_hives')).rejects.toMatchObject({ code: '42501', message });
    await expect(create({ p_name: 'Sneaky' }, caller)).rejects.toMatchObject({ code: '42501', message });
    await expect(update({ p_id: made!.id, p_name: 'Sneaky' }, caller)).rejects.toMatchObject({ code: '42501', message });
    await expect(remove(made!.id, caller)).rejects.toMatchObject({ code: '42501', message });
    expect(await listed(made!.id)).toMatchObject({ name: 'Kept' });
  });

  test('the overview view is not readable by the API roles directly', async () => {
    for (const caller of [anon, who.owner]) {
      await expect(sqlAs(t.db, caller, 'select * from buzz_haven.hive_overview')).rejects.toMatchObject({ code: '42501' });
    }
    const { rows } = await t.db.query(
      `select grantee from information_schema.role_table_grants
       where table_schema = 'buzz_haven' and table_name = 'hive_overview' and grantee in ('anon', 'authenticated', 'PUBLIC')`,
    );
    expect(rows).toEqual([]);
  });

  test.each([
    ["insert into buzz_haven.hives (name, status) values ('X', 'quarantine')", 'hives_status_known'],
    ["insert into buzz_haven.hives (name) values (repeat('x', 201))", 'hives_name_length'],
    ["insert into buzz_haven.hives (name, host) values ('X', repeat('x', 201))", 'hives_host_length'],
    ["insert into buzz_haven.hives (name, queen_marking) values ('X', repeat('x', 51))", 'hives_queen_marking_length'],
    ["insert into buzz_haven.hives (name, notes) values ('X', repeat('x', 5001))", 'hives_notes_length'],
  ])('the table itself refuses %s', async (sql, constraint) => {
    await expect(t.db.query(sql)).rejects.toMatchObject({ code: '23514', constraint });
  });
});
