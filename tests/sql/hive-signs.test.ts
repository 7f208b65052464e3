/**
 * Hive signs: every hive has a random sign code (its QR label's), and anyone reads the public facts
 * of the sign pages (get_buzz_haven_public_hive_signs): name, neighbourhood, status and wrap, never
 * the address, the coordinates, the host or the notes; a retired hive has no sign.
 */
import { anon, createMember, rpcOne, rpcRows, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any>;

describe.each(targets)('hive signs on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@signs.test', 'staff');
    const owner = await createMember(t.db, 'owner@signs.test', 'owner');
    await rpcOne(t.db, owner, 'create_buzz_haven_neighbourhood', { p_name: 'Echo Park' });
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('each hive gets its own code; the sign tells its name and neighbourhood, never where it stands', async () => {
    const make = (name: string, more: Row = {}) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', {
      p_name: name, p_location: '12 Secret Lane', p_neighbourhood: 'Echo Park', p_latitude: 34.0781, p_longitude: -118.2606,
      p_host: 'Hal Host', p_notes: 'Gate code 1234', ...more });
    const rose = (await make('Rose Hive'))!;
    const gone = (await make('Old Hive', { p_status: 'retired' }))!;
    const listed = (await rpcRows<Row>(t.db, staff, 'get_buzz_haven_hives')).filter((h) => [rose.id, gone.id].includes(h.id));
    expect(listed.map((h) => h.sign_code)).toEqual([expect.stringMatching(/^[A-Z0-9]{8}$/), expect.stringMatching(/^[A-Z0-9]{8}$/)]);
    expect(new Set(listed.map((h) => h.sign_code)).size).toBe(2);

    const signs = await rpcRows<Row>(t.db, anon, 'get_buzz_haven_public_hive_signs');
    expect(signs.find((s) => s.id === gone.id)).toBeUndefined();
    const sign = signs.find((s) => s.id === rose.id)!;
    expect(sign).toEqual({
      id: rose.id, sign_code: rose.sign_code, name: 'Rose Hive', name_es: null, neighbourhood: 'Echo Park', status: 'active', wrap: null,
    });
    const text = JSON.stringify(signs);
    for (const secret of ['Secret Lane', '34.07', '-118.26', 'Hal Host', 'Gate code']) expect(text).not.toContain(secret);
  });
});
