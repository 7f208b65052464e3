/**
 * The back-office lists answer every column of their table (the contract's row shapes), in a
 * stable order, as the admin reads them.
 */
import { createMember, rpcRows } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const SHAPES: Record<string, string[]> = {
  get_buzz_haven_events: [
    'capacity', 'created_at', 'description', 'end_time', 'id', 'is_past', 'is_public', 'kind', 'location', 'offering', 'price',
    'start_time', 'status', 'time_from_now', 'title', 'updated_at',
  ], // is_past and time_from_now: the list's order, read at request time (buzz_haven_lists.events)
  get_buzz_haven_media: [
    'created_at', 'file_path', 'file_type', 'height', 'id', 'size_bytes', 'storage_path', 'title', 'updated_at', 'uploaded_by',
    'width',
  ],
  get_buzz_haven_hives: [
    'created_at', 'host', 'host_display_name', 'id', 'inspection_due', 'last_inspection_date', 'latitude', 'location',
    'longitude', 'mites_per_100', 'name', 'name_es', 'neighbourhood', 'notes', 'on_map', 'queen_installed_date', 'queen_marking', 'queen_source',
    'show_adopter_names', 'show_host_name', 'sign_code', 'spanish_missing', 'status', 'updated_at', 'varroa_flag',
  ], // with the map's columns, the latest varroa count against the threshold, whether its Spanish name is missing
  get_buzz_haven_inspections: [
    'brood_pattern', 'created_at', 'created_by', 'eggs_seen', 'frames_of_bees', 'hive_id', 'honey_harvested_lb', 'id',
    'inspected_on', 'inspector', 'mites_per_100', 'notes', 'queen_seen',
    'share', 'share_note', 'share_photo_url',
    'supers_added', 'temperament', 'treatment', 'updated_at', 'varroa_count', 'varroa_method', 'varroa_sample_size',
  ],
  get_buzz_haven_orders: [
    'address_line1', 'address_line2', 'amount_paid', 'amount_refunded',
    'city', 'created_at', 'customer_email', 'customer_name', 'customer_phone', 'delivery',
    'id', 'item_count', 'items_summary', 'locale', 'number',
    'payment_count', 'payment_state',
    'shipping', 'staff_notes', 'state', 'status', 'subtotal', 'total', 'updated_at', 'zip',
  ],
  get_buzz_haven_content: ['body', 'created_at', 'id', 'slug', 'status', 'title'],
  get_buzz_haven_users: ['auth_user_id', 'created_at', 'email', 'id', 'is_active', 'name', 'role'],
};

describe.each(targets)('back-office lists on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@lists.test', 'staff');
    await t.db.exec(`
      insert into buzz_haven.events (title, location, start_time, end_time, status) values
        ('Harvest', 'Rooftop', '2025-06-01T09:00:00Z', '2025-06-01T12:00:00Z', 'completed'),
        ('Open Hive Day', null, '2025-07-01T09:00:00Z', null, 'scheduled');
      insert into buzz_haven.media (title, file_path, file_type) values ('Logo', '/logo.svg', 'image/svg+xml');
      insert into buzz_haven.hives (name, location, status, queen_installed_date) values ('Hive A', 'Yard', 'active', '2024-04-15');
      insert into buzz_haven.hive_inspections (hive_id, inspected_on) select id, '2025-05-01' from buzz_haven.hives;
      insert into buzz_haven.orders (customer_name, customer_email, total) values ('Ann', 'ann@example.com', 4500);
      insert into buzz_haven.content (title, slug, body) values ('About us', 'about-us', 'We keep bees.');
    `);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test.each(Object.entries(SHAPES))('%s returns rows with exactly the columns %j', async (fn, columns) => {
    const rows = await rpcRows(t.db, staff, fn);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(columns);
  });

  // The lists do not sort: the client's order= does.
  test('events: dates and nulls come through as JSON', async () => {
    const rows = (await rpcRows(t.db, staff, 'get_buzz_haven_events')).sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
    expect(rows.map((r) => r.title)).toEqual(['Open Hive Day', 'Harvest']);
    expect(rows[0]).toMatchObject({ location: null, end_time: null, status: 'scheduled' });
    expect(Date.parse(rows[1].start_time)).toBe(Date.parse('2025-06-01T09:00:00Z'));
  });

  test('a hive keeps its queen date as a plain date; orders keep cents', async () => {
    const [hive] = await rpcRows(t.db, staff, 'get_buzz_haven_hives');
    expect(hive).toMatchObject({ name: 'Hive A', queen_installed_date: '2024-04-15', status: 'active', last_inspection_date: '2025-05-01' });
    const [order] = await rpcRows(t.db, staff, 'get_buzz_haven_orders');
    expect(order).toMatchObject({ total: 4500, status: 'new', number: 'BH-1001', item_count: 0, subtotal: null });
  });

  test.each([
    ["insert into buzz_haven.events (title, start_time, status) values ('X', now(), 'postponed')", 'events_status_known'],
    ["insert into buzz_haven.events (title, start_time, end_time) values ('X', now(), now() - interval '1 hour')", 'events_end_after_start'],
    ["insert into buzz_haven.events (title, start_time) values (' ', now())", 'events_title_not_blank'],
    ["insert into buzz_haven.hives (name) values ('')", 'hives_name_not_blank'],
    ["insert into buzz_haven.hives (name, status) values ('X', 'inspection due')", 'hives_status_known'],
    ["insert into buzz_haven.events (title, start_time, end_time) values ('X', '2025-01-01', '2025-01-01')", 'events_end_after_start'],
    ["insert into buzz_haven.content (title, slug) values ('T', 'Not A Slug')", 'content_slug_format'],
    ["insert into buzz_haven.orders (customer_name, customer_email, total) values ('A', 'a@example.com', -1)", 'orders_total_not_negative'],
    ["insert into buzz_haven.users (auth_user_id, name, email, role) values (gen_random_uuid(), 'N', 'n@example.com', 'king')", 'users_role_known'],
  ])('the table refuses %s', async (sql, constraint) => {
    await expect(t.db.query(sql)).rejects.toMatchObject({ code: '23514', constraint });
  });

  test('e-mail columns refuse malformed addresses', async () => {
    await expect(t.db.query("insert into buzz_haven.orders (customer_name, customer_email) values ('A', 'nope')"))
      .rejects.toMatchObject({ code: '23514' });
  });
});
