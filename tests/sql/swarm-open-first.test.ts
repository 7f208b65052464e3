/**
 * The back office lists swarm reports open first, newest first, with one server-side sort:
 * `is_open` (new or called back, derived from the status) then created_at; the activity summary
 * of a triage names the status change, not the derived column.
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('swarm reports open first on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'sue@swarm.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const report = (location: string, phone: string) => rpcValue<{ id: string }>(t.db, anon, 'submit_buzz_haven_swarm_report', {
    p_location: location, p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground', p_in_structure: false,
    p_phone: phone, p_name: 'Reporter',
  });

  test('is_open follows the status; the triage summary leaves it out', async () => {
    const first = await report('1 First St', '5105550101');
    const second = await report('2 Second St', '5105550102');
    await report('3 Third St', '5105550103');
    await rpcOne(t.db, staff, 'update_buzz_haven_swarm_report', { p_id: second.id, p_status: 'collected' });
    await rpcOne(t.db, staff, 'update_buzz_haven_swarm_report', { p_id: first.id, p_status: 'called_back' });
    const rows = await rpcRows(t.db, staff, 'get_buzz_haven_swarm_reports', {}, 'is_open desc, created_at desc, id');
    expect(rows.map((r) => [r.location, r.status, r.is_open])).toEqual([
      ['3 Third St', 'new', true], ['1 First St', 'called_back', true], ['2 Second St', 'collected', false],
    ]);
    const activity = await rpcRows(t.db, staff, 'get_buzz_haven_activity');
    expect(activity.find((a) => a.record_id === second.id && a.action === 'status')?.summary)
      .toBe('Updated swarm report at 2 Second St: status new → collected');
  });
});
