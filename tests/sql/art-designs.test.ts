/**
 * The art collective's designs table: its states and rules hold in the database
 * itself, whoever writes; nothing of it is readable through the API.
 */
import { anon, sqlAs } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('art designs table on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => { t = await openTarget(target); }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const insert = (extra: Record<string, unknown>) => {
    const row = { title: 'Poppies', statement: 'Red on gold', artist_name: 'Ana', email: 'ana@example.com', consent_at: new Date(), ...extra };
    const keys = Object.keys(row);
    return t.db.query(`insert into buzz_haven.art_designs (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')}) returning id, status`,
      Object.values(row));
  };

  test('a new design is unconfirmed; a declined one needs a reason; an approved one needs a month and passed checks', async () => {
    expect((await insert({})).rows[0]).toMatchObject({ status: 'unconfirmed' });
    await expect(insert({ status: 'declined' })).rejects.toThrow(/art_designs_declined_has_reason/);
    await expect(insert({ status: 'approved', checks_passed: true })).rejects.toThrow(/art_designs_approved_has_month/);
    await expect(insert({ status: 'approved', vote_month: '2026-11-01' })).rejects.toThrow(/art_designs_moderated_passed_checks/);
    await expect(insert({ status: 'approved', vote_month: '2026-11-02', checks_passed: true })).rejects.toThrow(/vote_month_first_day/);
    expect((await insert({ status: 'approved', vote_month: '2026-11-01', checks_passed: true })).rows[0]).toMatchObject({ status: 'approved' });
    // a rule with a message fails with it, naming its constraint
    await expect(insert({ link: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: '23514', message: 'The link must be an https:// or http:// address', detail: expect.stringContaining('art_designs_link_http') });
    await expect(insert({ title: ' ' })).rejects.toMatchObject({ code: '23514', message: 'A title is required' });
    await expect(insert({ file_type: 'image/svg+xml' })).rejects.toThrow(/art_designs_file_type_known/);
  });

  test('the table and its private bucket are not readable through the API', async () => {
    await expect(sqlAs(t.db, anon, 'select * from buzz_haven.art_designs')).rejects.toThrow(/permission denied/);
    const bucket = await t.db.query<{ public: boolean }>(`select public from storage.buckets where id = 'art-submissions'`);
    expect(bucket.rows).toEqual([{ public: false }]);
  });
});
