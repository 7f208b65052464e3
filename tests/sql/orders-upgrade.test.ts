/**
 * An existing database moving to order requests (the 20251123000700+ migrations): orders written
 * before keep their rows; statuses map to the new workflow (refunded -> cancelled, the word kept in
 * the staff notes); numbers follow creation order and new requests continue after them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PATHS } from '../../supabase/local/src/db/index';
import { anon, rpcValue } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const FIRST_NEW = '20251123000700';
const migrations = readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
const before = migrations.filter((f) => f.split('_')[0]! < FIRST_NEW);
const after = migrations.filter((f) => f.split('_')[0]! >= FIRST_NEW);
const bootstrap = readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort();

describe.each(targets)('orders of an existing database on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
    // The backend's own bootstrap runs as the superuser supabase_admin, the migrations as postgres (as hosted).
    for (const f of bootstrap) await t.admin.exec(readFileSync(PATHS.bootstrapDir + f, 'utf8'));
    for (const f of before) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
    await t.db.exec(`
      insert into buzz_haven.orders (customer_name, customer_email, total, status, created_at) values
        ('Pat', 'pat@example.com', 2000, 'pending', '2025-01-01'), ('Paid', 'paid@example.com', 2400, 'paid', '2025-01-02'),
        ('Sent', 'sent@example.com', 1800, 'shipped', '2025-01-03'), ('Done', 'done@example.com', 4500, 'delivered', '2025-01-04'),
        ('Stop', 'stop@example.com', 1500, 'cancelled', '2025-01-05'), ('Back', 'back@example.com', 2200, 'refunded', '2025-01-06');
      insert into buzz_haven.products (id, name, price) values ('b0220000-0000-4000-8000-0000000000c1', 'Jar', 2000);
    `);
    for (const f of after) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('every order survives with its total; statuses mapped; numbered in creation order', async () => {
    const { rows } = await t.db.query(
      'select number, customer_name, total, status, staff_notes, subtotal, shipping, delivery from buzz_haven.orders order by created_at',
    );
    const legacy = { subtotal: null, shipping: null, delivery: null };
    expect(rows).toEqual([
      { number: 'BH-1001', customer_name: 'Pat', total: 2000, status: 'new', staff_notes: null, ...legacy },
      { number: 'BH-1002', customer_name: 'Paid', total: 2400, status: 'confirmed', staff_notes: null, ...legacy },
      { number: 'BH-1003', customer_name: 'Sent', total: 1800, status: 'shipped', staff_notes: null, ...legacy },
      { number: 'BH-1004', customer_name: 'Done', total: 4500, status: 'completed', staff_notes: null, ...legacy },
      { number: 'BH-1005', customer_name: 'Stop', total: 1500, status: 'cancelled', staff_notes: null, ...legacy },
      { number: 'BH-1006', customer_name: 'Back', total: 2200, status: 'cancelled', staff_notes: 'Former status: refunded', ...legacy },
    ]);
    const history = await t.db.query("select count(*)::int as n from buzz_haven.order_status_history where changed_by_name = 'System'");
    expect(history.rows[0]).toEqual({ n: 6 });
  });

  test('the next request continues the numbering', async () => {
    const receipt = await rpcValue(t.db, anon, 'submit_buzz_haven_order_request', {
      p_customer_name: 'New', p_customer_email: 'new@example.com', p_delivery: 'pickup',
      p_items: JSON.stringify([{ product_id: 'b0220000-0000-4000-8000-0000000000c1', quantity: 1 }]),
    });
    expect(receipt).toEqual({ number: 'BH-1007', subtotal: 2000, shipping: 0, total: 2000 });
  });
});
