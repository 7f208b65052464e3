/**
 * A harvest's neighbourhood (printed on honey labels, shown on /honey/<code>) is one of the
 * neighbourhoods staff define (buzz_haven.neighbourhoods), never free text: a street description
 * is refused with the foreign key's constraint_messages words at the field; a listed name is
 * accepted. Owners and admins keep the list; a rename carries to the harvests; one in use stays.
 */
import { createMember, rpcOne, rpcRows, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any> & { id: string };
const FROM_THE_LIST = 'Choose the neighbourhood from the list (Neighbourhoods): an owner or admin adds a missing one';

describe.each(targets)('neighbourhoods on %s', (target) => {
  let t: TestDb;
  const who: Record<string, Caller> = {};
  let hive: string;
  beforeAll(async () => {
    t = await openTarget(target, { seed: true });
    for (const role of ['owner', 'admin', 'staff']) who[role] = await createMember(t.db, `${role}@places.test`, role);
    hive = (await rpcOne<Row>(t.db, who.staff, 'create_buzz_haven_hive', { p_name: 'Lemon Tree Hive' }))!.id;
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const harvest = (neighbourhood: string | null) => rpcOne<Row>(t.db, who.staff, 'create_buzz_haven_honey_harvest', {
    p_hive_id: hive, p_harvested_on: '2024-10-02', p_season: 'fall', p_neighbourhood: neighbourhood });
  const add = (name: string, caller = who.owner) => rpcOne<Row>(t.db, caller, 'create_buzz_haven_neighbourhood', { p_name: name });

  test('a street description typed as the neighbourhood is refused with the constraint message, at the field', async () => {
    await expect(harvest('Secret Lane by the Lemon Tree')).rejects.toMatchObject({
      code: '23503', message: FROM_THE_LIST, detail: expect.stringContaining('"field" : "neighbourhood"') });
    const created = (await add('Echo Park'))!;
    const kept = (await harvest('Echo Park'))!;
    await expect(rpcOne(t.db, who.staff, 'update_buzz_haven_honey_harvest', { p_id: kept.id, p_neighbourhood: 'Behind the Blue Gate' }))
      .rejects.toMatchObject({ code: '23503', message: FROM_THE_LIST });
    expect(created.name).toBe('Echo Park');
  });

  test('a neighbourhood staff defined is accepted, trimmed', async () => {
    await add('Highland Park', who.admin);
    await expect(harvest('  Highland Park ')).resolves.toMatchObject({ neighbourhood: 'Highland Park' });
  });

  test('the seeded harvests keep their neighbourhoods, which are in the list', async () => {
    const names = (await rpcRows<Row>(t.db, who.staff, 'get_buzz_haven_neighbourhoods')).map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['Downtown', 'East Hills', 'Sanctuary Hill']));
    const seeded = await rpcRows<Row>(t.db, who.staff, 'get_buzz_haven_honey_harvests');
    for (const h of seeded) expect(names).toContain(h.neighbourhood);
  });

  test('owners and admins keep the list: staff may not add; a name is a neighbourhood\'s (no numbers), once', async () => {
    await expect(add('Garvanza', who.staff)).rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can add a neighbourhood' });
    await expect(add('12 Secret Lane')).rejects.toMatchObject({
      code: '23514', message: "Name must be the neighbourhood's name (e.g. Echo Park), never an address: no numbers" });
    await add('Garvanza');
    await expect(add(' Garvanza ')).rejects.toThrow('This neighbourhood is already in the list');
  });

  test('a rename carries to the harvests; one in use cannot be removed, an unused one can', async () => {
    const place = (await add('Mount Washington'))!;
    const h = (await harvest('Mount Washington'))!;
    await rpcOne(t.db, who.admin, 'update_buzz_haven_neighbourhood', { p_id: place.id, p_name: 'Mt. Washington' });
    const after = await rpcRows<Row>(t.db, who.staff, 'get_buzz_haven_honey_harvests');
    expect(after.find((r) => r.id === h.id)?.neighbourhood).toBe('Mt. Washington');
    await expect(rpcOne(t.db, who.owner, 'delete_buzz_haven_neighbourhood', { p_id: place.id }))
      .rejects.toMatchObject({ code: 'PT409', message: 'This neighbourhood has harvests, so it cannot be removed: rename it instead' });
    const unused = (await add('Glassell Park'))!;
    await expect(rpcOne(t.db, who.owner, 'delete_buzz_haven_neighbourhood', { p_id: unused.id })).resolves.toMatchObject({ name: 'Glassell Park' });
  });
});
