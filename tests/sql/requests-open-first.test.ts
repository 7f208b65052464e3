/**
 * The back office lists host applications and adoption requests open first, newest first, as it
 * does swarm reports: `is_open` is derived from the status (an application staff still have work
 * on; an adoption not yet started), so one server-side sort puts the work on the first page.
 */
import { createMember, rpcRows, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('requests open first on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'sal@open-first.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('host applications: new, site visit booked and approved are open; waitlisted, installed and declined are not', async () => {
    const statuses = ['new', 'waitlist', 'site_visit_booked', 'installed', 'approved', 'declined'];
    for (const [i, status] of statuses.entries()) {
      await t.db.exec(`
        insert into buzz_haven.host_applications (name, email, address, zip, in_area, yard_length_ft, yard_width_ft, sun,
          water, access, pets, children, hive_style, status, decline_reason, created_at)
        values ('Host ${i}', 'host${i}@example.com', '${i} Elm St', '94601', true, 20, 20, 'full', 'on_site', 'level',
          false, false, 'langstroth', '${status}', ${status === 'declined' ? "'No room'" : 'null'},
          '2026-05-0${i + 1}T10:00:00Z')`);
    }
    const rows = await rpcRows(t.db, staff, 'get_buzz_haven_host_applications', {}, 'is_open desc, created_at desc, id');
    expect(rows.map((r) => [r.status, r.is_open])).toEqual([
      ['approved', true], ['site_visit_booked', true], ['new', true],
      ['declined', false], ['installed', false], ['waitlist', false],
    ]);
  });

  test('adoption requests: a new one (not yet matched and started) is open', async () => {
    const statuses = ['new', 'active', 'new', 'ended', 'paused'];
    for (const [i, status] of statuses.entries()) {
      await t.db.exec(`
        insert into buzz_haven.adoption_requests (tier, plan, monthly_price, name, email, status, created_at)
        values ('hive-guardian', 'monthly', 3500, 'Adopter ${i}', 'adopter${i}@example.com', '${status}',
          '2026-05-0${i + 1}T10:00:00Z')`);
    }
    const rows = await rpcRows(t.db, staff, 'get_buzz_haven_adoption_requests', {}, 'is_open desc, created_at desc, id');
    expect(rows.map((r) => [r.name, r.is_open])).toEqual([
      ['Adopter 2', true], ['Adopter 0', true], ['Adopter 4', false], ['Adopter 3', false], ['Adopter 1', false],
    ]);
  });
});
