/**
 * Visit reports: an inspection shared with the hive's people queues one e-mail to its host and to
 * each active adopter, once per inspection whatever edits follow; a person who stopped them (on
 * /my-hive, or by the one-click unsubscribe token of an earlier report) gets none; a dead-out
 * hive's report has its own kind. Each report is in the language its person adopted in, with the
 * hive's Spanish name in Spanish.
 */
import { anon, createAuthUser, createMember, rpcOne, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any>;

describe.each(targets)('visit reports on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let hive: string;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@visits.test', 'staff');
    hive = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Linden Hive', p_host: 'Hal Host' }))!.id;
    await t.db.query(`update buzz_haven.hives set host_email = 'Hal@Visits.test', host_display_name = 'Hal' where id = $1`, [hive]);
    for (const [email, status] of [['ada@visits.test', 'active'], ['ned@visits.test', 'new'], ['eve@visits.test', 'ended']]) {
      const made = await rpcValue<Row>(t.db, anon, 'submit_buzz_haven_adoption_request', {
        p_tier: 'hive-guardian', p_plan: 'monthly', p_name: 'Ada Adopter', p_email: email,
      });
      await rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', { p_id: made.id, p_hive_id: hive, p_status: status });
    }
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const inspect = (args: Row) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_inspection', {
    p_hive_id: hive, p_inspected_on: '2026-10-01', ...args });
  const reports = async (inspection: string) => (await t.db.query<Row>(
    `select kind, recipient, recipient_name, data from buzz_haven.outbox_messages
     where related_table = 'hive_inspections' and related_id = $1 order by recipient`, [inspection])).rows;
  const signedIn = async (email: string) => {
    const caller = await createAuthUser(t.db, email, 'otp');
    await t.db.query('update auth.users set email_confirmed_at = now() where id = $1', [caller.sub]);
    return caller;
  };

  test('a shared inspection reaches the host and the active adopters once, even when edited and shared again', async () => {
    const made = (await inspect({ p_share: true, p_share_note: 'The linden is in bloom.',
      p_share_photo_url: 'https://media.visits.test/linden.jpg', p_notes: 'Staff only' }))!;
    const sent = await reports(made.id);
    expect(sent.map((m) => [m.kind, m.recipient, m.recipient_name])).toEqual([
      ['visit_report', 'ada@visits.test', 'Ada Adopter'], ['visit_report', 'hal@visits.test', 'Hal']]);
    expect(sent[0]!.data.visit).toMatchObject({ id: made.id, hive: 'Linden Hive', date: '2026-10-01',
      note: 'The linden is in bloom.', photo_url: 'https://media.visits.test/linden.jpg', stop_token: expect.any(String) });
    expect(JSON.stringify(sent)).not.toContain('Staff only');
    await rpcOne(t.db, staff, 'update_buzz_haven_inspection', { p_id: made.id, p_share_note: 'Edited sentence' });
    await rpcOne(t.db, staff, 'update_buzz_haven_inspection', { p_id: made.id, p_share: false });
    await rpcOne(t.db, staff, 'update_buzz_haven_inspection', { p_id: made.id, p_share: true });
    expect(await reports(made.id)).toHaveLength(2);
  });

  test('an adopter who adopted in Spanish gets the report in Spanish, with the hive\'s Spanish name; the host the default', async () => {
    const other = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Sage Hive', p_name_es: 'Colmena de la Salvia' }))!.id;
    await t.db.query(`update buzz_haven.hives set host_email = 'hosta@visits.test' where id = $1`, [other]);
    const made = await rpcValue<Row>(t.db, anon, 'submit_buzz_haven_adoption_request', {
      p_tier: 'hive-guardian', p_plan: 'monthly', p_name: 'Rosa Adoptante', p_email: 'rosa@visits.test', p_locale: 'es',
    });
    await rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', { p_id: made.id, p_hive_id: other, p_status: 'active' });
    const shared = (await inspect({ p_hive_id: other, p_share: true, p_share_note: 'La salvia está en flor.' }))!;
    const { rows } = await t.db.query<Row>(`select recipient, locale, data from buzz_haven.outbox_messages
      where related_table = 'hive_inspections' and related_id = $1 order by recipient`, [shared.id]);
    expect(rows.map((m) => [m.recipient, m.locale, m.data.visit.hive])).toEqual([
      ['hosta@visits.test', 'en', 'Sage Hive'], ['rosa@visits.test', 'es', 'Colmena de la Salvia']]);
  });

  test('an inspection shared later is reported then; one never shared is not', async () => {
    const quiet = (await inspect({ p_notes: 'Not for the people' }))!;
    expect(await reports(quiet.id)).toEqual([]);
    await rpcOne(t.db, staff, 'update_buzz_haven_inspection', { p_id: quiet.id, p_share: true, p_share_note: 'Now shared' });
    expect((await reports(quiet.id)).map((m) => m.recipient)).toEqual(['ada@visits.test', 'hal@visits.test']);
  });

  test('no report after the person stops them on /my-hive or by the one-click token', async () => {
    const ada = await signedIn('ada@visits.test');
    expect(await rpcValue(t.db, ada, 'set_buzz_haven_my_visit_reports', {})).toBe(true);
    expect(await rpcValue(t.db, ada, 'set_buzz_haven_my_visit_reports', { p_receive: false })).toBe(false);
    const { rows: [hal] } = await t.db.query<Row>(`select stop_token from buzz_haven.visit_report_preferences where email = 'hal@visits.test'`);
    expect(await rpcValue(t.db, anon, 'stop_buzz_haven_visit_reports', { p_token: hal!.stop_token })).toBe(true);
    // any token answers the same
    expect(await rpcValue(t.db, anon, 'stop_buzz_haven_visit_reports', { p_token: '00000000-0000-4000-8000-000000000000' })).toBe(true);
    const after = (await inspect({ p_share: true, p_share_note: 'Nobody hears this' }))!;
    expect(await reports(after.id)).toEqual([]);
    // switched back on, Ada hears the next one
    expect(await rpcValue(t.db, ada, 'set_buzz_haven_my_visit_reports', { p_receive: true })).toBe(true);
    const next = (await inspect({ p_share: true, p_share_note: 'Ada hears this' }))!;
    expect((await reports(next.id)).map((m) => m.recipient)).toEqual(['ada@visits.test']);
  });

  test("a dead-out hive's shared inspection is a colony loss report", async () => {
    await rpcOne(t.db, staff, 'update_buzz_haven_hive', { p_id: hive, p_status: 'dead_out' });
    const loss = (await inspect({ p_share: true, p_share_note: 'The colony did not survive the cold snap.' }))!;
    expect((await reports(loss.id)).map((m) => m.kind)).toEqual(['visit_report_loss']);
  });

  test('the switch needs a session signed in by the e-mailed link', async () => {
    await expect(rpcValue(t.db, anon, 'set_buzz_haven_my_visit_reports', {})).rejects.toMatchObject({ code: '42501' });
  });
});
