/**
 * Events through their RPCs: create with defaults, update where null keeps a field and p_clear
 * empties one, cancel, delete (owner/admin only); every validation message; who may call what.
 */
import { anon, createMember, rpcOne, rpcRows, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Event = Record<string, any> & { id: string };
const MISSING = '00000000-0000-4000-8000-000000000000';
const START = '2030-05-01T10:00:00.000Z';
const END = '2030-05-01T13:00:00.000Z';

describe.each(targets)('events on %s', (target) => {
  let t: TestDb;
  const who: Record<string, Caller> = {};
  beforeAll(async () => {
    t = await openTarget(target);
    for (const role of ['owner', 'admin', 'staff']) who[role] = await createMember(t.db, `${role}@events.test`, role);
    who.pending = await createMember(t.db, 'pending@events.test', null);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const create = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Event>(t.db, caller, 'create_buzz_haven_event', args);
  const update = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Event>(t.db, caller, 'update_buzz_haven_event', args);
  const remove = (id: string, caller: Caller) => rpcOne<Event>(t.db, caller, 'delete_buzz_haven_event', { p_id: id });
  const list = () => rpcRows<Event>(t.db, who.staff, 'get_buzz_haven_events');

  test('create with a title and a start only: the defaults', async () => {
    const row = await create({ p_title: '  Swarm Talk ', p_start_time: START });
    expect(row).toMatchObject({
      title: 'Swarm Talk', end_time: null, location: null, description: null, status: 'scheduled', kind: 'other',
      capacity: null, is_public: false, price: 0,
    });
    expect(Date.parse(row!.start_time)).toBe(Date.parse(START));
    expect(Date.parse(row!.updated_at)).toBeGreaterThan(0);
  });

  test('create keeps every given field; empty texts become null', async () => {
    const row = await create({
      p_title: 'Beekeeping Basics', p_start_time: START, p_end_time: END, p_location: 'Sanctuary',
      p_description: 'Suits provided', p_status: 'scheduled', p_kind: 'workshop', p_capacity: 12, p_is_public: true, p_price: 7500,
    });
    expect(row).toMatchObject({ location: 'Sanctuary', description: 'Suits provided', kind: 'workshop', capacity: 12, is_public: true, price: 7500 });
    expect(Date.parse(row!.end_time)).toBe(Date.parse(END));
    await expect(create({ p_title: 'X', p_start_time: START, p_location: ' ', p_description: '' }))
      .resolves.toMatchObject({ location: null, description: null });
    expect((await list()).map((e) => e.title)).toContain('Beekeeping Basics');
  });

  /** The table's CHECKs fail with their constraint_messages (23514); the RPC's own checks with 22023. */
  const TABLE_RULES = [
    'Title is too long (200 characters at most)', 'Location is too long (500 characters at most)',
    'Description is too long (5000 characters at most)', 'Status must be scheduled, completed or cancelled',
    'Kind must be workshop, open_day, harvest, market, volunteer or other', 'Capacity must be between 1 and 10000',
    'Offering is too long (100 characters at most)',
  ];
  const codeOf = (message: string) => (TABLE_RULES.includes(message) ? '23514' : '22023');

  test.each([
    [{ p_title: '' }, 'Title is required'],
    [{ p_title: '   ' }, 'Title is required'],
    [{ p_title: null }, 'Title is required'],
    [{ p_title: 'x'.repeat(201) }, 'Title is too long (200 characters at most)'],
    [{ p_start_time: null }, 'Start time is required'],
    [{ p_end_time: START }, 'End must be after start'],
    [{ p_end_time: '2030-05-01T09:59:00Z' }, 'End must be after start'],
    [{ p_location: 'x'.repeat(501) }, 'Location is too long (500 characters at most)'],
    [{ p_description: 'x'.repeat(5001) }, 'Description is too long (5000 characters at most)'],
    [{ p_status: 'postponed' }, 'Status must be scheduled, completed or cancelled'],
    [{ p_kind: 'party' }, 'Kind must be workshop, open_day, harvest, market, volunteer or other'],
    [{ p_capacity: 0 }, 'Capacity must be between 1 and 10000'],
    [{ p_capacity: 10001 }, 'Capacity must be between 1 and 10000'],
    [{ p_price: -1 }, 'Price must be positive'],
    [{ p_offering: 'a'.repeat(101) }, 'Offering is too long (100 characters at most)'],
    [{ p_offering: 'Beekeeping Basics' }, 'Offering must be a workshop id: lowercase letters, digits and single dashes'],
  ])('create refuses %j with "%s"', async (args, message) => {
    await expect(create({ p_title: 'Valid', p_start_time: START, ...args })).rejects.toMatchObject({ code: codeOf(message), message });
  });

  test('the bounds themselves are accepted', async () => {
    const row = await create({
      p_title: 'x'.repeat(200), p_start_time: START, p_location: 'l'.repeat(500), p_description: 'd'.repeat(5000),
      p_capacity: 10000, p_kind: 'open_day',
    });
    expect(row).toMatchObject({ capacity: 10000, kind: 'open_day' });
    await expect(create({ p_title: 'One seat', p_start_time: START, p_capacity: 1, p_kind: 'market' })).resolves.toMatchObject({ capacity: 1 });
  });

  test('update: null keeps, a value replaces, p_clear empties; cancelling is a status', async () => {
    const made = await create({
      p_title: 'Harvest', p_start_time: START, p_end_time: END, p_location: 'Roof', p_description: 'Bring jars',
      p_kind: 'harvest', p_capacity: 20, p_price: 500,
    });
    const priced = await update({ p_id: made!.id, p_price: 900 });
    expect(priced).toMatchObject({ title: 'Harvest', location: 'Roof', description: 'Bring jars', kind: 'harvest', capacity: 20, price: 900 });
    expect(Date.parse(priced!.end_time)).toBe(Date.parse(END));
    const cleared = await update({ p_id: made!.id, p_clear: ['location', 'description', 'end_time', 'capacity'] });
    expect(cleared).toMatchObject({ title: 'Harvest', location: null, description: null, end_time: null, capacity: null, price: 900 });
    const cancelled = await update({ p_id: made!.id, p_status: 'cancelled', p_is_public: true });
    expect(cancelled).toMatchObject({ status: 'cancelled', is_public: true, price: 900 });
    expect(Date.parse(cancelled!.updated_at)).toBeGreaterThanOrEqual(Date.parse(made!.updated_at));
    await expect(update({ p_id: made!.id, p_is_public: false, p_price: 0 })).resolves.toMatchObject({ is_public: false, price: 0 });
  });

  test('update checks the end against the start the row will have', async () => {
    const made = await create({ p_title: 'Talk', p_start_time: START, p_end_time: END });
    await expect(update({ p_id: made!.id, p_start_time: '2030-05-02T10:00:00Z' }))
      .rejects.toMatchObject({ code: '22023', message: 'End must be after start' });
    const moved = await update({ p_id: made!.id, p_start_time: '2030-05-02T10:00:00Z', p_clear: ['end_time'] });
    expect(moved).toMatchObject({ end_time: null });
  });

  test.each([
    [{ p_title: ' ' }, 'Title is required'],
    [{ p_status: 'done' }, 'Status must be scheduled, completed or cancelled'],
    [{ p_kind: 'open day' }, 'Kind must be workshop, open_day, harvest, market, volunteer or other'],
    [{ p_capacity: -3 }, 'Capacity must be between 1 and 10000'],
    [{ p_price: -100 }, 'Price must be positive'],
    [{ p_clear: ['title'] }, 'Cannot clear title (only location, description, end_time, capacity, offering can be cleared)'],
    [{ p_clear: ['nope'] }, 'Cannot clear nope (only location, description, end_time, capacity, offering can be cleared)'],
    [{ p_clear: ['location'], p_location: 'Here' }, 'Cannot both set and clear location'],
  ])('update refuses %j with "%s" and changes nothing', async (args, message) => {
    const made = await create({ p_title: 'Steady', p_start_time: START, p_location: 'Barn', p_price: 100 });
    await expect(update({ p_id: made!.id, ...args })).rejects.toMatchObject({ code: codeOf(message), message });
    expect((await list()).find((e) => e.id === made!.id)).toMatchObject({ title: 'Steady', location: 'Barn', price: 100, status: 'scheduled' });
  });

  test('an unknown id is "Event not found" (PT404) for update and delete', async () => {
    await expect(update({ p_id: MISSING, p_title: 'Ghost' })).rejects.toMatchObject({ code: 'PT404', message: 'Event not found' });
    await expect(remove(MISSING, who.owner)).rejects.toMatchObject({ code: 'PT404', message: 'Event not found' });
  });

  test('staff cannot delete; an admin, an owner and the service key can', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ p_title: `Doomed ${i}`, p_start_time: START }))!.id);
    await expect(remove(ids[0], who.staff)).rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can delete events' });
    await expect(remove(ids[0], who.admin)).resolves.toMatchObject({ id: ids[0], title: 'Doomed 0' });
    await expect(remove(ids[1], who.owner)).resolves.toMatchObject({ id: ids[1] });
    await expect(remove(ids[2], service)).resolves.toMatchObject({ id: ids[2] });
    const left = (await list()).map((e) => e.id);
    for (const id of ids) expect(left).not.toContain(id);
  });

  test('admin, owner and the service key may create and update too', async () => {
    for (const caller of [who.admin, who.owner, service]) {
      const made = await create({ p_title: 'By anyone', p_start_time: START }, caller);
      await expect(update({ p_id: made!.id, p_kind: 'market' }, caller)).resolves.toMatchObject({ kind: 'market' });
    }
  });

  test.each([
    ['anon', 'Not signed in'],
    ['pending', 'Your account is waiting for approval'],
  ])('%s is refused by every event RPC', async (name, message) => {
    const caller = name === 'anon' ? anon : who.pending;
    const made = await create({ p_title: 'Kept', p_start_time: START });
    await expect(rpcRows(t.db, caller, 'get_buzz_haven_events')).rejects.toMatchObject({ code: '42501', message });
    await expect(create({ p_title: 'Sneaky', p_start_time: START }, caller)).rejects.toMatchObject({ code: '42501', message });
    await expect(update({ p_id: made!.id, p_title: 'Sneaky' }, caller)).rejects.toMatchObject({ code: '42501', message });
    await expect(remove(made!.id, caller)).rejects.toMatchObject({ code: '42501', message });
    expect((await list()).find((e) => e.id === made!.id)).toMatchObject({ title: 'Kept' });
  });

  test.each([
    ["insert into buzz_haven.events (title, start_time, kind) values ('X', now(), 'party')", 'events_kind_known'],
    ["insert into buzz_haven.events (title, start_time, capacity) values ('X', now(), 0)", 'events_capacity_range'],
    ["insert into buzz_haven.events (title, start_time, price) values ('X', now(), -1)", 'events_price_not_negative'],
    ["insert into buzz_haven.events (title, start_time) values (repeat('x', 201), now())", 'events_title_length'],
    ["insert into buzz_haven.events (title, start_time, location) values ('X', now(), repeat('x', 501))", 'events_location_length'],
    ["insert into buzz_haven.events (title, start_time, description) values ('X', now(), repeat('x', 5001))", 'events_description_length'],
  ])('the table itself refuses %s', async (sql, constraint) => {
    await expect(t.db.query(sql)).rejects.toMatchObject({ code: '23514', constraint });
  });
});
