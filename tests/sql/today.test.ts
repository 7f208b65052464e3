/**
 * The dashboard's "today" numbers (get_buzz_haven_today): each the row count of the filtered list
 * its card links to, the week's scheduled workshops and volunteer shifts from the caller's now (the
 * first with their places), when this month's art vote closes, and the month's takings
 * from the payments ledger; staff only.
 */
import { anon, createMember, rpcRows, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('the today dashboard on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'tia@today.test', 'staff');
    await t.db.exec(`
      insert into buzz_haven.orders (customer_name, customer_email, total, status, payment_state) values
        ('Ann', 'ann@example.com', 4500, 'new', 'offline'),
        ('Bo', 'bo@example.com', 2000, 'new', 'awaiting_payment'),
        ('Cy', 'cy@example.com', 2000, 'confirmed', 'awaiting_payment'),
        ('Di', 'di@example.com', 2000, 'completed', 'paid');
      insert into buzz_haven.events (title, start_time, status, kind, capacity) values
        ('Tomorrow', '2026-06-11T09:00:00Z', 'scheduled', 'workshop', 4),
        ('In six days', '2026-06-16T08:00:00Z', 'scheduled', 'volunteer', 3),
        ('Market day', '2026-06-13T09:00:00Z', 'scheduled', 'market', null),
        ('Cancelled', '2026-06-12T09:00:00Z', 'cancelled', 'workshop', 4),
        ('In eight days', '2026-06-18T09:00:00Z', 'scheduled', 'workshop', 4),
        ('Yesterday', '2026-06-09T09:00:00Z', 'scheduled', 'workshop', 4);
      insert into buzz_haven.event_registrations (event_id, name, email, places, status, position)
      select e.id, r.name, r.email, r.places, r.status, r.position
      from buzz_haven.events as e, (values
        ('Ann', 'ann@example.com', 3, 'confirmed', null), ('Bo', 'bo@example.com', 1, 'attended', null),
        ('Cy', 'cy@example.com', 2, 'waitlisted', 1), ('Di', 'di@example.com', 2, 'cancelled', null)
      ) as r (name, email, places, status, position)
      where e.title = 'Tomorrow';
      insert into buzz_haven.volunteer_signups (event_id, name, email, phone, status)
      select e.id, v.name, v.email, '5105550100', v.status
      from buzz_haven.events as e, (values ('Vi', 'vi@example.com', 'confirmed'), ('Wu', 'wu@example.com', 'cancelled'))
        as v (name, email, status)
      where e.title = 'In six days';
    `);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const today = () => rpcValue<Record<string, any>>(t.db, staff, 'get_buzz_haven_today', { p_from: '2026-06-10T12:00:00Z' });

  test('each number is the row count of its list filter', async () => {
    const numbers = await today();
    const count = async (where: string) => (await rpcRows(t.db, staff, 'get_buzz_haven_orders')).filter((o) => where === o.status || where === o.payment_state).length;
    expect(numbers.orders_to_confirm).toBe(await count('new'));
    expect(numbers.orders_to_confirm).toBe(2);
    expect(numbers.orders_awaiting_payment).toBe(2);
    expect(numbers.week_events).toBe(2);
    expect(numbers).toMatchObject({ swarm_open: 0, swarm_oldest: null, visits_to_book: 0, designs_to_moderate: 0, failed_emails: 0 });
  });

  test("the week's workshops and volunteer shifts, soonest first, with places taken and waitlisted", async () => {
    expect((await today()).week_sessions).toEqual([
      expect.objectContaining({ title: 'Tomorrow', kind: 'workshop', capacity: 4, taken: 4, waitlist: 2 }),
      expect.objectContaining({ title: 'In six days', kind: 'volunteer', capacity: 3, taken: 1, waitlist: 0 }),
    ]);
  });

  test("the art card's vote closes when California's month ends", async () => {
    const closes = new Date((await today()).vote_closes as string);
    const inCalifornia = closes.toLocaleString('en-US', { timeZone: 'America/Los_Angeles', hour12: false });
    expect(inCalifornia).toMatch(/^\d+\/1\/\d{4}, 24:00:00$|^\d+\/1\/\d{4}, 00:00:00$/);
    expect(closes.getTime()).toBeGreaterThan(Date.now());
    expect(closes.getTime()).toBeLessThanOrEqual(Date.now() + 32 * 86_400_000);
  });

  test("the month's takings: received, refunded and net, this month and last", async () => {
    expect((await today()).takings).toEqual({
      this_month: { received: 0, refunded: 0, net: 0 }, last_month: { received: 0, refunded: 0, net: 0 },
    });
  });

  test('visitors and accounts without a role are refused', async () => {
    await expect(rpcValue(t.db, anon, 'get_buzz_haven_today', {})).rejects.toThrow();
    const pending = await createMember(t.db, 'pat@today.test', null);
    await expect(rpcValue(t.db, pending, 'get_buzz_haven_today', {})).rejects.toThrow('Your account is waiting for approval');
  });
});
