/**
 * The public map of the hives: the host's choices on the hive record, the approximate
 * position computed by the server (never the stored coordinates: 2,000 random points over the
 * service area and the worst cases, a hive exactly on a grid centre), and what anon can read
 * (the map RPC only: no coordinates, no address, no hidden hive, no name the host did not show).
 */
import { anon, createMember, rpcOne, rpcRows, sqlAs, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Row = Record<string, any>;
/** Metres between two WGS 84 points (haversine). */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.sqrt(h));
}

describe.each(targets)('the hive map on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@hive-map.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const create = (args: Record<string, unknown>) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive', args);
  const map = () => rpcRows<Row>(t.db, anon, 'get_buzz_haven_hive_map');

  test('2,000 random points: the approximate position is never the stored one, always 100-450 m away, on the grid', async () => {
    // Random points over a 30 km square around East Hills plus points far north and south.
    const points: [number, number][] = [];
    for (let i = 0; i < 2000; i += 1) {
      const far = i % 10 === 0;
      const lat = far ? -60 + Math.random() * 120 : 37.65 + Math.random() * 0.3;
      const lng = far ? -179 + Math.random() * 358 : -122.4 + Math.random() * 0.3;
      points.push([Number(lat.toFixed(6)), Number(lng.toFixed(6))]);
    }
    const { rows } = await t.db.query<{ lat: string; lng: string; alat: string; alng: string }>(
      `select p.lat, p.lng, a.latitude as alat, a.longitude as alng
       from jsonb_to_recordset($1::jsonb) as p(lat numeric, lng numeric)
       cross join lateral buzz_haven.approximate_position(p.lat, p.lng) as a`,
      [JSON.stringify(points.map(([lat, lng]) => ({ lat, lng })))],
    );
    expect(rows).toHaveLength(points.length);
    const cells = new Set<string>();
    for (const row of rows) {
      const stored = { lat: Number(row.lat), lng: Number(row.lng) };
      const shown = { lat: Number(row.alat), lng: Number(row.alng) };
      expect(shown.lat === stored.lat && shown.lng === stored.lng).toBe(false);
      const d = metres(stored, shown);
      expect(d).toBeGreaterThanOrEqual(99);
      expect(d).toBeLessThanOrEqual(450);
      cells.add(`${shown.lat},${shown.lng}`);
    }
    // Snapped: far fewer distinct positions than points inside the square.
    expect(cells.size).toBeLessThan(points.length);
  });

  test('a hive exactly on a grid centre is shown a cell to the north, not where it is', async () => {
    const { rows } = await t.db.query<Row>(
      `select c.latitude as clat, c.longitude as clng, a.latitude as alat, a.longitude as alng
       from buzz_haven.approximate_position(37.80, -122.27) as c
       cross join lateral buzz_haven.approximate_position(c.latitude, c.longitude) as a`,
    );
    const centre = { lat: Number(rows[0].clat), lng: Number(rows[0].clng) };
    const shown = { lat: Number(rows[0].alat), lng: Number(rows[0].alng) };
    expect(shown.lat).toBeGreaterThan(centre.lat);
    expect(metres(centre, shown)).toBeGreaterThan(250);
  });

  test('only hives their host shows; names only when the host opts in; no coordinates or address', async () => {
    const shown = await create({
      p_name: 'Map Hive', p_location: '12 Secret Lane', p_neighbourhood: 'Maple Flats',
      p_latitude: 37.812345, p_longitude: -122.254321, p_on_map: true,
      p_host: 'Pat Host (private)', p_host_display_name: 'The Okafor family', p_show_host_name: true,
    });
    const quiet = await create({
      p_name: 'Quiet Hive', p_neighbourhood: 'Maple Flats', p_latitude: 37.8, p_longitude: -122.26, p_on_map: true,
      p_host_display_name: 'Hidden Name', p_show_host_name: false,
    });
    const hidden = await create({ p_name: 'Hidden Hive', p_neighbourhood: 'Maple Flats', p_latitude: 37.81, p_longitude: -122.25 });
    await t.db.query(
      `insert into buzz_haven.adoption_requests (tier, plan, monthly_price, name, email, hive_id, status)
       values ('hive-guardian', 'monthly', 3500, 'Ada Lovelace', 'ada@example.com', $1, 'active'),
              ('hive-guardian', 'monthly', 3500, 'Nobody Ended', 'ended@example.com', $1, 'ended'),
              ('hive-guardian', 'monthly', 3500, 'Grace Hopper', 'grace@example.com', $2, 'active')`,
      [shown!.id, quiet!.id],
    );
    let rows = await map();
    expect(rows.map((r) => r.name).sort()).toEqual(['Map Hive', 'Quiet Hive']);
    expect(rows.find((r) => r.name === 'Hidden Hive')).toBeUndefined();
    const row = rows.find((r) => r.id === shown!.id)!;
    expect(Object.keys(row).sort()).toEqual([
      'adopter_names', 'host_name', 'id', 'latitude', 'longitude', 'name', 'name_es', 'neighbourhood',
      'wrap_artist', 'wrap_image_url', 'wrap_installed_on', 'wrap_title',
    ]);
    expect(row).toMatchObject({ neighbourhood: 'Maple Flats', host_name: 'The Okafor family', adopter_names: [] });
    expect(Number(row.latitude) === 37.812345 && Number(row.longitude) === -122.254321).toBe(false);
    const text = JSON.stringify(rows);
    for (const secret of ['12 Secret Lane', 'Pat Host', 'Hidden Name', '37.812345', '-122.254321', 'Lovelace', 'Grace']) {
      expect(text).not.toContain(secret);
    }
    // The host opts in to the adopters' names: first names of active adoptions only.
    await rpcOne(t.db, staff, 'update_buzz_haven_hive', { p_id: shown!.id, p_show_adopter_names: true });
    rows = await map();
    expect(rows.find((r) => r.id === shown!.id)!.adopter_names).toEqual(['Ada']);
    expect(rows.find((r) => r.id === quiet!.id)).toMatchObject({ host_name: null, adopter_names: [] });
    // Off the map again, and retired hives never show.
    await rpcOne(t.db, staff, 'update_buzz_haven_hive', { p_id: shown!.id, p_on_map: false });
    await rpcOne(t.db, staff, 'update_buzz_haven_hive', { p_id: quiet!.id, p_status: 'retired' });
    expect(await map()).toEqual([]);
    expect(hidden).toBeTruthy();
  });

  test.each([
    [{ p_on_map: true }, 'A hive on the map needs its neighbourhood, latitude and longitude'],
    [{ p_on_map: true, p_neighbourhood: 'X', p_latitude: 37.8 }, 'Latitude and longitude go together: give both or neither'],
    [{ p_latitude: 91, p_longitude: 0 }, 'Latitude must be between -85 and 85'],
    [{ p_latitude: 37, p_longitude: -181 }, 'Longitude must be between -180 and 180'],
    [{ p_show_host_name: true }, "Showing the host's name needs a host display name"],
    [{ p_neighbourhood: 'x'.repeat(101) }, 'Neighbourhood is too long (100 characters at most)'],
  ])('refused with a clear message: %j', async (args, message) => {
    await expect(create({ p_name: 'Bad Hive', ...args })).rejects.toThrow(message);
  });

  test('anon reads no stored coordinates or addresses: not the table, not the staff list, not the grid function', async () => {
    await create({ p_name: 'Private Hive', p_location: '1 Private Road', p_neighbourhood: 'Maple Flats', p_latitude: 37.79, p_longitude: -122.28, p_on_map: true });
    await expect(sqlAs(t.db, anon, 'select latitude, longitude, location from buzz_haven.hives')).rejects.toThrow(/permission denied/);
    await expect(sqlAs(t.db, anon, 'select latitude, location from buzz_haven_lists.hives')).rejects.toThrow('Not signed in');
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_hives')).rejects.toThrow('Not signed in');
    await expect(sqlAs(t.db, anon, 'select * from buzz_haven.approximate_position(37.79, -122.28)')).rejects.toThrow(/permission denied/);
    const staffRows = await rpcRows<Row>(t.db, staff, 'get_buzz_haven_hives');
    expect(staffRows.find((h) => h.name === 'Private Hive')).toMatchObject({ latitude: 37.79, longitude: -122.28, on_map: true });
  });
  test('installing a printed design on a hive: the design is installed, the map shows the wrap; removing it puts the design back', async () => {
    const owner = await createMember(t.db, 'owner@hive-map.test', 'owner');
    const design = async (status: string, title: string) => (await t.db.query<{ id: string }>(
      `insert into buzz_haven.art_designs (status, vote_month, title, statement, artist_name, email, consent_at, checks_passed)
       values ($1, '2026-10-01', $2, 'A statement', 'Rosa Artist', 'rosa@example.com', now(), true) returning id`,
      [status, title],
    )).rows[0].id;
    const printed = await design('printed', 'Poppies');
    const approved = await design('approved', 'Not yet');
    const hive = await create({ p_name: 'Wrapped Hive', p_neighbourhood: 'Old Orchard', p_latitude: 37.77, p_longitude: -122.22, p_on_map: true });
    const install = (args: Record<string, unknown>) => rpcOne<Row>(t.db, staff, 'create_buzz_haven_hive_wrap', args);
    await expect(install({ p_hive_id: hive!.id, p_design_id: approved, p_installed_on: '2026-11-20' }))
      .rejects.toThrow('Only a printed design can be installed on a hive');
    await expect(install({ p_hive_id: hive!.id, p_design_id: printed, p_installed_on: '2026-11-20', p_photo_url: 'javascript:alert(1)' }))
      .rejects.toMatchObject({ code: '23514', message: 'Photo must be a picture from the media library (an https URL)' });
    await expect(install({ p_hive_id: hive!.id, p_design_id: printed })).rejects.toThrow('Installed on is required');
    await expect(rpcOne(t.db, anon, 'create_buzz_haven_hive_wrap', { p_hive_id: hive!.id, p_design_id: printed, p_installed_on: '2026-11-20' }))
      .rejects.toThrow();
    const wrap = await install({ p_hive_id: hive!.id, p_design_id: printed, p_installed_on: '2026-11-20', p_photo_url: 'https://example.com/wrap.jpg' });
    expect(wrap).toMatchObject({ installed_on: '2026-11-20', photo_url: 'https://example.com/wrap.jpg' });
    await expect(install({ p_hive_id: hive!.id, p_design_id: printed, p_installed_on: '2026-11-21' }))
      .rejects.toThrow('This design is already installed on this hive');
    const status = async () => (await t.db.query<{ status: string }>('select status from buzz_haven.art_designs where id = $1', [printed])).rows[0].status;
    expect(await status()).toBe('installed');
    expect((await map()).find((r) => r.id === hive!.id)).toMatchObject({
      wrap_title: 'Poppies', wrap_artist: 'Rosa Artist', wrap_image_url: 'https://example.com/wrap.jpg', wrap_installed_on: '2026-11-20',
    });
    expect(JSON.stringify(await map())).not.toContain('rosa@example.com');
    const listed = await rpcRows<Row>(t.db, staff, 'get_buzz_haven_hive_wraps');
    expect(listed.find((w) => w.id === wrap!.id)).toMatchObject({ hive_name: 'Wrapped Hive', design_title: 'Poppies', artist_name: 'Rosa Artist' });
    expect((await rpcRows<Row>(t.db, staff, 'get_buzz_haven_wrap_designs')).map((d) => d.title)).toEqual(['Poppies']);
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_hive_wraps')).rejects.toThrow('Not signed in');
    await expect(rpcOne(t.db, staff, 'delete_buzz_haven_hive_wrap', { p_id: wrap!.id })).rejects.toThrow('Only an owner or admin');
    await rpcOne(t.db, owner, 'delete_buzz_haven_hive_wrap', { p_id: wrap!.id });
    expect(await status()).toBe('printed');
    expect((await map()).find((r) => r.id === hive!.id)).toMatchObject({ wrap_title: null, wrap_image_url: null });
  });
});

describe.each(targets)('the seeded hive map on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { seed: true });
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('three hosts show their hive, each with a neighbourhood and an installed wrap, none at its stored position', async () => {
    const rows = await rpcRows<Row>(t.db, anon, 'get_buzz_haven_hive_map');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const stored = (await t.db.query<Row>('select id, latitude, longitude from buzz_haven.hives')).rows;
    for (const row of rows) {
      expect(row).toMatchObject({ neighbourhood: expect.any(String), wrap_title: expect.any(String), wrap_artist: expect.any(String) });
      expect(row.wrap_image_url).toMatch(/^(https?:|data:image\/)/);
      const own = stored.find((s) => s.id === row.id)!;
      expect(metres({ lat: Number(own.latitude), lng: Number(own.longitude) }, { lat: Number(row.latitude), lng: Number(row.longitude) }))
        .toBeGreaterThanOrEqual(99);
    }
    const designs = await t.db.query<Row>(`select status from buzz_haven.art_designs d join buzz_haven.hive_wraps w on w.design_id = d.id`);
    expect(designs.rows.every((d) => d.status === 'installed')).toBe(true);
  });
});
