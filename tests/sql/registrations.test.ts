/**
 * Workshop registrations: places up to capacity, then 'This workshop is full' or the waitlist; a
 * cancellation moves the waitlist; children's ages; the live availability; staff changes.
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Answer = { id: string; status: string; position: number | null; spots_left: number | null };

describe.each(targets)('workshop registrations on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@registrations.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  async function workshop(capacity: number | null, extra = '', offering: string | null = null): Promise<string> {
    const { rows } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.events (title, start_time, kind, capacity, is_public, price, offering)
       values ($1, now() + interval '7 days', 'workshop', $2, true, 7500, $3) returning id`,
      [`${extra || 'Beekeeping Basics'} ${++n}`, capacity, offering],
    );
    return rows[0]!.id;
  }
  const register = (eventId: string, args: Record<string, unknown> = {}) =>
    rpcValue<Answer>(t.db, anon, 'register_buzz_haven_workshop', {
      p_event_id: eventId, p_name: 'Bea Visitor', p_email: `bea${++n}@example.com`, p_places: 1, ...args,
    });
  const setStatus = (id: string, status: string) => rpcOne(t.db, staff, 'update_buzz_haven_event_registration', { p_id: id, p_status: status });
  const ofEvent = async (eventId: string) => (await rpcRows(t.db, staff, 'get_buzz_haven_event_registrations')).filter((r) => r.event_id === eventId);
  const availability = async (eventId: string) => (await rpcRows(t.db, anon, 'get_buzz_haven_workshop_availability')).find((e) => e.id === eventId);

  test('register until full, then refused, then waitlisted; a cancellation moves the waitlist', async () => {
    const id = await workshop(3);
    await expect(register(id, { p_places: 2 })).resolves.toMatchObject({ status: 'confirmed', position: null, spots_left: 1 });
    await expect(register(id, { p_places: 2 })).rejects.toMatchObject({ code: 'PT409', message: 'Only 1 place left in this workshop' });
    const last = await register(id, { p_places: 1 });
    expect(last).toMatchObject({ status: 'confirmed', spots_left: 0 });
    await expect(register(id)).rejects.toMatchObject({ code: 'PT409', message: 'This workshop is full' });
    const first = await register(id, { p_places: 2, p_join_waitlist: true });
    const second = await register(id, { p_places: 1, p_join_waitlist: true });
    expect([first, second]).toMatchObject([{ status: 'waitlisted', position: 1, spots_left: 0 }, { status: 'waitlisted', position: 2 }]);
    expect(await availability(id)).toMatchObject({ capacity: 3, spots_left: 0, waitlist_count: 2 });

    // One place frees up: the first on the waitlist needs two, so the second (one place) moves up.
    await expect(setStatus(last.id, 'cancelled')).resolves.toMatchObject({ status: 'cancelled' });
    expect((await ofEvent(id)).map((r) => [r.id, r.status, r.position])).toEqual(expect.arrayContaining([
      [first.id, 'waitlisted', 1], [second.id, 'confirmed', null],
    ]));
    // Two more free up: the first gets them.
    const twoPlaces = (await ofEvent(id)).find((r) => r.places === 2 && r.status === 'confirmed')!;
    await setStatus(twoPlaces.id, 'cancelled');
    expect((await ofEvent(id)).find((r) => r.id === first.id)).toMatchObject({ status: 'confirmed', position: null });
    expect(await availability(id)).toMatchObject({ spots_left: 0, waitlist_count: 0 });
  });

  test('staff: mark attended, undo, cancel; a cancelled registration stays cancelled; confirm from the waitlist only when it fits', async () => {
    const id = await workshop(1);
    const seat = await register(id);
    const waiting = await register(id, { p_join_waitlist: true, p_places: 1 });
    await expect(setStatus(waiting.id, 'confirmed')).rejects.toMatchObject({ code: '22023', message: 'Not enough places left to confirm 1 (0 free)' });
    await expect(setStatus(seat.id, 'attended')).resolves.toMatchObject({ status: 'attended' });
    await expect(setStatus(seat.id, 'confirmed')).resolves.toMatchObject({ status: 'confirmed' });
    await expect(setStatus(seat.id, 'waitlisted')).rejects.toMatchObject({ message: 'A confirmed registration cannot become waitlisted (next: attended or cancelled)' });
    await setStatus(seat.id, 'cancelled');
    expect((await ofEvent(id)).find((r) => r.id === waiting.id)).toMatchObject({ status: 'confirmed' });
    await expect(setStatus(seat.id, 'confirmed')).rejects.toMatchObject({ message: 'A cancelled registration cannot become confirmed (it is closed)' });
    await expect(setStatus(seat.id, 'gone')).rejects.toMatchObject({ message: 'Status must be confirmed, waitlisted, cancelled or attended' });
    await expect(setStatus('00000000-0000-4000-8000-000000000000', 'cancelled')).rejects.toMatchObject({ code: 'PT404', message: 'Registration not found' });
  });

  test("Children's Bee Discovery: one age per place, 5 to 12, by the event's offering whatever its title", async () => {
    const id = await workshop(12, 'Bee Discovery for Kids', 'childrens-bee-discovery');
    await expect(register(id, { p_places: 2, p_child_ages: [6, 11] })).resolves.toMatchObject({ status: 'confirmed', spots_left: 10 });
    await expect(register(id, { p_places: 2, p_child_ages: [6] })).rejects.toMatchObject({ message: 'Give the age of each child (one per place)' });
    await expect(register(id, { p_places: 1 })).rejects.toMatchObject({ message: 'Give the age of each child (one per place)' });
    await expect(register(id, { p_places: 2, p_child_ages: [4, 8] })).rejects.toMatchObject({ message: 'Children must be 5 to 12 years old' });
    await expect(register(id, { p_places: 1, p_child_ages: [13] })).rejects.toMatchObject({ message: 'Children must be 5 to 12 years old' });
    const adults = await workshop(5);
    await expect(register(adults, { p_child_ages: [7] })).rejects.toMatchObject({ message: "Ages are only asked for children's workshops" });
    // a title starting with "Children" is not a children's workshop: its offering says what it is
    const titled = await workshop(5, "Children's Garden Art Night", 'artistic-hive-design');
    await expect(register(titled, { p_places: 1 })).resolves.toMatchObject({ status: 'confirmed' });
    await expect(register(titled, { p_child_ages: [7] })).rejects.toMatchObject({ message: "Ages are only asked for children's workshops" });
    expect((await ofEvent(id))[0]).toMatchObject({ child_ages: [6, 11], places: 2, event_title: expect.stringContaining('Bee Discovery for Kids') });
  });

  test.each([
    [{ p_name: '' }, 'Name is required'],
    [{ p_name: 'n'.repeat(201) }, 'Name is too long (200 characters at most)'],
    [{ p_email: 'a@b' }, 'A valid email is required'],
    [{ p_places: 0 }, 'Places must be between 1 and 10'],
    [{ p_places: 11 }, 'Places must be between 1 and 10'],
  ])('bad input %j is refused with "%s"', async (args, message) => {
    // the name's bound is event_registrations' CHECK: 23514 with the same words
    await expect(register(await workshop(5), args)).rejects.toMatchObject({ code: message.includes('too long') ? '23514' : '22023', message });
  });

  test('only public, scheduled, future workshops take registrations and show in the availability', async () => {
    const open = await workshop(null);
    await expect(register(open, { p_places: 10 })).resolves.toMatchObject({ status: 'confirmed', spots_left: null });
    for (const change of ["is_public = false", "kind = 'market'", "status = 'cancelled'", "start_time = now() - interval '1 day'"]) {
      const id = await workshop(5);
      await t.db.query(`update buzz_haven.events set ${change} where id = $1`, [id]);
      await expect(register(id)).rejects.toMatchObject({ code: 'PT404', message: 'This workshop is not open for registration' });
      expect(await availability(id)).toBeUndefined();
    }
    await expect(register('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ message: 'This workshop is not open for registration' });
  });

  test('the same e-mail registers once per workshop; the honeypot stores nothing', async () => {
    const id = await workshop(5);
    await register(id, { p_email: 'Twice@Example.com' });
    await expect(register(id, { p_email: 'twice@example.com' })).rejects.toMatchObject({ code: 'PT409', message: 'You are already registered for this workshop' });
    await expect(register(id, { p_website: 'bot' })).resolves.toMatchObject({ status: 'confirmed' });
    expect(await ofEvent(id)).toHaveLength(1);
    expect(await availability(id)).toMatchObject({ spots_left: 4 });
  });

  test('anon cannot list or change registrations', async () => {
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_event_registrations')).rejects.toMatchObject({ code: '42501', message: 'Not signed in' });
    await expect(rpcOne(t.db, anon, 'update_buzz_haven_event_registration', { p_id: '00000000-0000-4000-8000-000000000000', p_status: 'cancelled' }))
      .rejects.toMatchObject({ code: '42501' });
  });
});
