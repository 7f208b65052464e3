/**
 * Honey you can trace: harvests and batches through their RPCs. A harvest
 * links an inspection of its own hive (its pounds are the weight when none is given); a batch code
 * has one format and is unique; a batch is published only with a harvest, and keeps one while
 * published; the label's facts and the site's public batches (neighbourhoods, never a hive's
 * location or host); who may call what; deletes for owners and admins, in the activity log.
 */
import { anon, createMember, rpcOne, rpcRows, sqlAs, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any> & { id: string };

describe.each(targets)('honey harvests and batches on %s', (target) => {
  let t: TestDb;
  const who: Record<string, Caller> = {};
  let hive: string;
  let otherHive: string;
  let product: string;
  let inspection: string;
  let otherInspection: string;
  beforeAll(async () => {
    t = await openTarget(target);
    for (const role of ['owner', 'admin', 'staff']) who[role] = await createMember(t.db, `${role}@honey.test`, role);
    who.pending = await createMember(t.db, 'pending@honey.test', null);
    // a harvest's neighbourhood is one of the list staff keep (buzz_haven.neighbourhoods)
    for (const name of ['Echo Park', 'Highland Park', 'Garvanza', 'Silver Lake']) {
      await rpcOne(t.db, who.owner, 'create_buzz_haven_neighbourhood', { p_name: name });
    }
    hive = (await rpcOne<Row>(t.db, who.staff, 'create_buzz_haven_hive', {
      p_name: 'Lemon Tree Hive', p_location: '1234 Elm Street, East Hills', p_host: 'Ada Host' }))!.id;
    otherHive = (await rpcOne<Row>(t.db, who.staff, 'create_buzz_haven_hive', { p_name: 'Rooftop Hive' }))!.id;
    product = (await rpcOne<Row>(t.db, who.staff, 'create_buzz_haven_product', {
      p_name: 'Wildflower Honey', p_price: 2000, p_slug: 'wildflower-honey', p_size_label: '16 oz jar', p_section: 'honey' }))!.id;
    inspection = (await rpcOne<Row>(t.db, who.staff, 'create_buzz_haven_inspection', {
      p_hive_id: hive, p_inspected_on: '2024-10-01', p_honey_harvested_lb: 18.5 }))!.id;
    otherInspection = (await rpcOne<Row>(t.db, who.staff, 'create_buzz_haven_inspection', {
      p_hive_id: otherHive, p_inspected_on: '2024-10-01', p_honey_harvested_lb: 4 }))!.id;
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const harvest = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Row>(t.db, caller, 'create_buzz_haven_honey_harvest', {
    p_hive_id: hive, p_harvested_on: '2024-10-02', p_season: 'fall', p_neighbourhood: 'Echo Park', ...args });
  const batch = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Row>(t.db, caller, 'create_buzz_haven_honey_batch', {
    p_product_id: product, p_jar_count: 48, ...args });
  const updateBatch = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Row>(t.db, caller, 'update_buzz_haven_honey_batch', args);
  const updateHarvest = (args: Record<string, unknown>, caller = who.staff) => rpcOne<Row>(t.db, caller, 'update_buzz_haven_honey_harvest', args);
  const publicBatches = () => rpcRows<Row>(t.db, anon, 'get_buzz_haven_public_honey_batches');

  test("a harvest linked to its hive's inspection takes the inspection's pounds; texts trimmed", async () => {
    const row = await harvest({ p_inspection_id: inspection, p_neighbourhood: '  Echo Park ', p_season: 'Fall',
      p_moisture_pct: 17.2, p_floral_notes: ' Buckwheat and sage ' });
    expect(row).toMatchObject({ hive_id: hive, inspection_id: inspection, weight_lb: 18.5, season: 'fall',
      neighbourhood: 'Echo Park', moisture_pct: 17.2, floral_notes: 'Buckwheat and sage', batch_id: null });
    await expect(harvest({ p_inspection_id: inspection, p_weight_lb: 12 })).resolves.toMatchObject({ weight_lb: 12 });
  });

  test("without a neighbourhood, a harvest takes its hive's; a hive without one needs it typed", async () => {
    const placed = (await rpcOne<Row>(t.db, who.staff, 'create_buzz_haven_hive', { p_name: 'Park Hive', p_neighbourhood: 'Highland Park' }))!;
    await expect(harvest({ p_hive_id: placed.id, p_neighbourhood: null })).resolves.toMatchObject({ neighbourhood: 'Highland Park' });
    await expect(harvest({ p_hive_id: placed.id, p_neighbourhood: ' ' })).resolves.toMatchObject({ neighbourhood: 'Highland Park' });
    await expect(harvest({ p_hive_id: placed.id, p_neighbourhood: 'Garvanza' })).resolves.toMatchObject({ neighbourhood: 'Garvanza' });
    await expect(harvest({ p_neighbourhood: null })).rejects.toThrow('Neighbourhood is required');
  });

  test.each([
    [{ p_hive_id: null }, 'Hive is required'],
    [{ p_harvested_on: null }, 'Harvest date is required'],
    [{ p_harvested_on: '2999-01-01' }, 'Harvest date cannot be in the future'],
    [{ p_season: 'monsoon' }, 'Season must be spring, summer, fall or winter'],
    [{ p_neighbourhood: '1234 Elm Street' }, "Neighbourhood must be the neighbourhood's name (e.g. Echo Park), never an address: no numbers"],
    [{ p_moisture_pct: 35 }, 'Moisture must be between 10% and 30%'],
    [{ p_weight_lb: -1 }, 'Weight must be between 0 and 10000 lb'],
    [{ p_inspection_id: 'OTHER' }, "The inspection is of another hive: link an inspection of this harvest's hive"],
    [{ p_batch_id: '00000000-0000-4000-8000-000000000000' }, 'Batch not found'],
  ])('a harvest with %j is refused: %s', async (args, message) => {
    const fixed = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, v === 'OTHER' ? otherInspection : v]));
    await expect(harvest(fixed)).rejects.toThrow(message);
  });

  test('the neighbourhood\'s shape is honey_harvests\' CHECKs, one message each: 23514 naming the field', async () => {
    await expect(harvest({ p_neighbourhood: '1234 Elm Street' })).rejects.toMatchObject({ code: '23514',
      message: "Neighbourhood must be the neighbourhood's name (e.g. Echo Park), never an address: no numbers",
      detail: expect.stringContaining('"field" : "neighbourhood"') });
    await expect(harvest({ p_neighbourhood: 'n'.repeat(101) }))
      .rejects.toMatchObject({ code: '23514', message: 'Neighbourhood is too long (100 characters at most)' });
  });

  test('batch codes: one format (upper-cased), unique', async () => {
    await expect(batch({ p_code: ' eh-24f-01 ' })).resolves.toMatchObject({ code: 'EH-24F-01', jar_count: 48, published: false });
    await expect(batch({ p_code: 'EH-24F-01' })).rejects.toThrow('Another batch has this code');
    for (const code of ['EH24F07', 'E-24F-07', 'EH-2024F-07', 'EH-24-07', 'EH-24F-7', 'EH-24F-0007', '']) {
      await expect(batch({ p_code: code })).rejects.toThrow('Batch code must look like EH-24F-07');
    }
    // The jar count's bound is the table's CHECK: 23514 with its message; a missing count the NOT NULL's (23502).
    await expect(batch({ p_code: 'EH-24F-02', p_jar_count: 0 }))
      .rejects.toMatchObject({ code: '23514', message: 'Jar count must be between 1 and 100000' });
    await expect(batch({ p_code: 'EH-24F-02', p_jar_count: null }))
      .rejects.toMatchObject({ code: '23502', message: 'Jar count must be between 1 and 100000' });
    await expect(batch({ p_code: 'EH-24F-02', p_notes: 'x'.repeat(2001) }))
      .rejects.toMatchObject({ code: '23514', message: 'Notes are too long (2000 characters at most)' });
    await expect(batch({ p_code: 'EH-24F-02', p_product_id: null })).rejects.toThrow('Product is required');
  });

  test('published only with a harvest; then its page data: neighbourhoods and seasons, never the location or host', async () => {
    const b = (await batch({ p_code: 'EH-24F-07', p_notes: 'Dark and malty.' }))!;
    await expect(updateBatch({ p_id: b.id, p_published: true }))
      .rejects.toThrow('A batch needs at least one harvest before it is published: record its harvests first');
    await expect(batch({ p_code: 'EH-24F-08', p_published: true })).rejects.toThrow('A batch needs at least one harvest');
    const first = (await harvest({ p_batch_id: b.id, p_inspection_id: inspection, p_floral_notes: 'Buckwheat' }))!;
    await harvest({ p_batch_id: b.id, p_hive_id: otherHive, p_neighbourhood: 'Silver Lake', p_harvested_on: '2024-10-09', p_weight_lb: 9 });
    expect(await publicBatches()).toEqual([]); // not published yet
    await expect(updateBatch({ p_id: b.id, p_published: true })).resolves.toMatchObject({ published: true });

    const [page] = (await publicBatches()).filter((r) => r.code === 'EH-24F-07');
    expect(page).toMatchObject({
      code: 'EH-24F-07', product_slug: 'wildflower-honey', product_name: 'Wildflower Honey', net_weight: '16 oz jar',
      jar_count: 48, notes: 'Dark and malty.', harvested_in: 'Echo Park & Silver Lake', season: 'Fall 2024', harvested_on: '2024-10-09',
    });
    expect(page.hives).toEqual([
      { id: hive, name: 'Lemon Tree Hive', name_es: null, neighbourhood: 'Echo Park', wrap: null },
      { id: otherHive, name: 'Rooftop Hive', name_es: null, neighbourhood: 'Silver Lake', wrap: null },
    ]);
    expect(page.harvests).toHaveLength(2);
    expect(page.harvests[0]).toMatchObject({ harvested_on: '2024-10-02', season: 'Fall 2024', hive: 'Lemon Tree Hive', weight_lb: 18.5, floral_notes: 'Buckwheat' });
    expect(JSON.stringify(page)).not.toMatch(/Elm Street|1234|Ada Host/);

    const label = await rpcOne<Row>(t.db, who.staff, 'get_buzz_haven_honey_batch_label', { p_id: b.id });
    expect(label).toMatchObject({ code: 'EH-24F-07', product_name: 'Wildflower Honey', net_weight: '16 oz jar',
      harvested_in: 'Echo Park & Silver Lake', season: 'Fall 2024', published: true });
    await expect(updateBatch({ p_id: b.id, p_net_weight: '12 oz (340 g)' })).resolves.toMatchObject({ net_weight: '12 oz (340 g)' });
    expect((await publicBatches()).find((r) => r.code === 'EH-24F-07')).toMatchObject({ net_weight: '12 oz (340 g)' });

    // A hidden product's batch has no page.
    await rpcOne(t.db, who.staff, 'set_buzz_haven_product_public', { p_id: product, p_is_public: false });
    expect((await publicBatches()).find((r) => r.code === 'EH-24F-07')).toBeUndefined();
    await rpcOne(t.db, who.staff, 'set_buzz_haven_product_public', { p_id: product, p_is_public: true });

    // A published batch keeps a harvest: moving or deleting its last one is refused.
    const batchOf = (await rpcRows<Row>(t.db, who.staff, 'get_buzz_haven_honey_harvests')).filter((h) => h.batch_id === b.id);
    expect(batchOf).toHaveLength(2);
    await updateHarvest({ p_id: first.id, p_clear: ['batch_id'] });
    const last = batchOf.find((h) => h.id !== first.id)!;
    await expect(updateHarvest({ p_id: last.id, p_clear: ['batch_id'] }))
      .rejects.toThrow('This is the last harvest of a published batch: unpublish the batch first');
    await expect(rpcOne(t.db, who.owner, 'delete_buzz_haven_honey_harvest', { p_id: last.id }))
      .rejects.toThrow('This is the last harvest of a published batch');
    await updateHarvest({ p_id: first.id, p_batch_id: b.id });
  });

  test("each hive of a batch page has its latest wrap, on the map or not; never its position or address", async () => {
    const design = async (title: string) => (await t.db.query<{ id: string }>(
      `insert into buzz_haven.art_designs (status, vote_month, title, statement, artist_name, email, consent_at, checks_passed)
       values ('printed', '2026-10-01', $1, 'A statement', 'Rosa Artist', 'rosa@example.com', now(), true) returning id`,
      [title],
    )).rows[0]!.id;
    const install = (design_id: string, on: string, photo: string | null) => rpcOne(t.db, who.staff, 'create_buzz_haven_hive_wrap', {
      p_hive_id: otherHive, p_design_id: design_id, p_installed_on: on, p_photo_url: photo });
    await install(await design('Poppies'), '2026-05-01', 'https://example.com/poppies.jpg');
    await install(await design('Swarm at Dusk'), '2026-09-01', null);
    const page = (await publicBatches()).find((r) => r.code === 'EH-24F-07')!;
    expect(page.hives).toEqual([
      { id: hive, name: 'Lemon Tree Hive', name_es: null, neighbourhood: 'Echo Park', wrap: null },
      { id: otherHive, name: 'Rooftop Hive', name_es: null, neighbourhood: 'Silver Lake', wrap: { title: 'Swarm at Dusk', artist: 'Rosa Artist', photo_url: null } },
    ]);
    await install(await design('Jacaranda'), '2026-10-01', 'https://example.com/jacaranda.jpg');
    expect((await publicBatches()).find((r) => r.code === 'EH-24F-07')!.hives[1].wrap)
      .toEqual({ title: 'Jacaranda', artist: 'Rosa Artist', photo_url: 'https://example.com/jacaranda.jpg' });
    expect(JSON.stringify(await publicBatches())).not.toMatch(/Elm Street|1234|Ada Host|latitude|rosa@example.com/);
  });

  test('who may call what; deletes are owner/admin and logged', async () => {
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_honey_batches')).rejects.toThrow('Not signed in');
    await expect(rpcRows(t.db, who.pending, 'get_buzz_haven_honey_harvests')).rejects.toThrow('Your account is waiting for approval');
    await expect(harvest({}, anon)).rejects.toThrow('Not signed in');
    await expect(batch({ p_code: 'EH-24F-30' }, who.pending)).rejects.toThrow('Your account is waiting for approval');
    await expect(rpcOne(t.db, anon, 'get_buzz_haven_honey_batch_label', { p_id: hive })).rejects.toThrow('Not signed in');
    await expect(sqlAs(t.db, anon, 'select * from buzz_haven.honey_batches')).rejects.toThrow(/permission denied/);
    await expect(sqlAs(t.db, who.staff, 'select * from buzz_haven.honey_harvests')).rejects.toThrow(/permission denied/);

    const b = (await batch({ p_code: 'EH-24F-31' }))!;
    const h = (await harvest({ p_batch_id: b.id }))!;
    await expect(rpcOne(t.db, who.staff, 'delete_buzz_haven_honey_batch', { p_id: b.id }))
      .rejects.toThrow('Only an owner or admin can delete honey batches');
    await expect(rpcOne(t.db, who.staff, 'delete_buzz_haven_honey_harvest', { p_id: h.id }))
      .rejects.toThrow('Only an owner or admin can delete harvests');
    await expect(rpcOne(t.db, who.admin, 'delete_buzz_haven_honey_batch', { p_id: b.id })).resolves.toMatchObject({ code: 'EH-24F-31' });
    // The harvest stays, without its batch.
    expect((await rpcRows<Row>(t.db, who.staff, 'get_buzz_haven_honey_harvests')).find((r) => r.id === h.id)).toMatchObject({ batch_id: null });
    const { rows } = await t.db.query<{ action: string; summary: string }>(
      "select action, summary from buzz_haven.activity_log where resource = 'honey_batches' and record_id = $1 order by id", [b.id]);
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete']);
    expect(rows[0].summary).toContain('honey batch EH-24F-31');
  });
});
