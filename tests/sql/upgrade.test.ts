/**
 * An existing database moving to managed events and hives (the 20251123000300+ migrations): rows
 * written under the old rules survive. A hive status outside the new set becomes the nearest known
 * one with the old word kept in its notes; a zero-length event loses only its (equal) end time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PATHS } from '../../supabase/local/src/db/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const FIRST_NEW = '20251123000300'; // the update helpers, then events, hives, inspections
const migrations = readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
const before = migrations.filter((f) => f.split('_')[0] < FIRST_NEW);
const after = migrations.filter((f) => f.split('_')[0] >= FIRST_NEW);
const bootstrap = readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort();

describe.each(targets)('upgrading an existing database on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
    // The backend's own bootstrap runs as the superuser supabase_admin, the migrations as postgres (as hosted).
    for (const f of bootstrap) await t.admin.exec(readFileSync(PATHS.bootstrapDir + f, 'utf8'));
    for (const f of before) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
    await t.db.exec(`
      insert into buzz_haven.hives (name, status) values
        ('Due', 'inspection due'), ('Isolated', 'quarantine'), ('Gone', 'Dead out'), ('Off', 'inactive'),
        ('Left', 'Swarmed'), ('Fine', 'active');
      insert into buzz_haven.events (title, start_time, end_time) values
        ('Instant', '2025-06-01T10:00:00Z', '2025-06-01T10:00:00Z'),
        ('Normal', '2025-06-01T10:00:00Z', '2025-06-01T12:00:00Z');
    `);
    for (const f of after) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('the new migrations exist and ran after the old ones', () => {
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(after.length).toBeGreaterThanOrEqual(4);
  });

  test('old hive statuses map to the known set, the old word kept in the notes', async () => {
    const { rows } = await t.db.query('select name, status, notes from buzz_haven.hives order by name');
    expect(rows).toEqual([
      { name: 'Due', status: 'active', notes: 'Former status: inspection due' },
      { name: 'Fine', status: 'active', notes: null },
      { name: 'Gone', status: 'dead_out', notes: 'Former status: Dead out' },
      { name: 'Isolated', status: 'active', notes: 'Former status: quarantine' },
      { name: 'Left', status: 'swarmed', notes: 'Former status: Swarmed' },
      { name: 'Off', status: 'retired', notes: 'Former status: inactive' },
    ]);
  });

  test('existing events keep their rows: defaults for the new columns, a zero-length end cleared', async () => {
    const { rows } = await t.db.query<Record<string, unknown>>(
      `select title, end_time is null as no_end, kind, capacity, is_public, price, description,
              updated_at = created_at as untouched
       from buzz_haven.events order by title`,
    );
    const defaults = { kind: 'other', capacity: null, is_public: false, price: 0, description: null, untouched: true };
    expect(rows).toEqual([
      { title: 'Instant', no_end: true, ...defaults },
      { title: 'Normal', no_end: false, ...defaults },
    ]);
  });
});
