/**
 * Inspections with a client-made id (a phone's queue of records saved offline): sent again, even
 * twenty records twice over, or twice at the same moment, each is stored once and every answer is
 * the stored row.
 */
import { createMember, rpcOne, rpcRows, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any>;

describe.each(targets)('inspections with a client-made id on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let hive: string;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@queue.test', 'staff');
    hive = (await rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', { p_name: 'Queue Hive' }))!.id;
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('twenty inspections sent twice are twenty rows; the second answer is the stored row, unchanged', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `7a000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const send = (id: string, notes: string) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_inspection', {
      p_id: id, p_hive_id: hive, p_inspected_on: '2026-10-01', p_notes: notes });
    const first = await Promise.all(ids.map((id) => send(id, 'first')));
    const again = await Promise.all(ids.map((id) => send(id, 'sent again')));
    expect(again).toEqual(first);
    const stored = (await rpcRows<Row>(t.db, staff, 'get_buzz_haven_inspections')).filter((i) => i.hive_id === hive);
    expect(stored.map((i) => i.id).sort()).toEqual(ids);
    expect(new Set(stored.map((i) => i.notes))).toEqual(new Set(['first']));
  });

  test('one id sent twice at the same moment is one row, and both answers are it', async () => {
    const id = '7b000000-0000-4000-8000-000000000001';
    const send = (notes: string) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_inspection', {
      p_id: id, p_hive_id: hive, p_inspected_on: '2026-10-02', p_notes: notes });
    const [a, b] = await Promise.all([send('one'), send('two')]);
    expect(a).toEqual(b);
    const stored = (await rpcRows<Row>(t.db, staff, 'get_buzz_haven_inspections')).filter((i) => i.id === id);
    expect(stored).toEqual([expect.objectContaining({ id, notes: a!.notes })]);
  });
});
