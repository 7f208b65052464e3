/**
 * The back office lists events coming first, soonest first, then those that are over, most
 * recent first, with one server-side sort on two columns the list view reads at request time:
 * `is_past` (ended, or started without an end) then `time_from_now` (how far the start is).
 */
import { createMember, rpcRows, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('events upcoming first on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'sam@events-order.test', 'staff');
    await t.db.exec(`
      insert into buzz_haven.events (title, start_time, end_time) values
        ('Last year', now() - interval '1 year', now() - interval '1 year' + interval '2 hours'),
        ('Next month', now() + interval '30 days', null),
        ('Last week', now() - interval '7 days', null),
        ('Tomorrow', now() + interval '1 day', now() + interval '1 day 2 hours'),
        ('Under way', now() - interval '1 hour', now() + interval '1 hour'),
        ('Ten years ago', now() - interval '10 years', null);
    `);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('coming (and under way) events soonest first, then past ones newest first', async () => {
    const rows = await rpcRows(t.db, staff, 'get_buzz_haven_events', {}, 'is_past, time_from_now, id');
    expect(rows.map((r) => [r.title, r.is_past])).toEqual([
      ['Under way', false], ['Tomorrow', false], ['Next month', false],
      ['Last week', true], ['Last year', true], ['Ten years ago', true],
    ]);
  });
});
