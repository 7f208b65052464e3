/**
 * The migrator: bootstrap, then each migration once (recorded as the Supabase CLI records them),
 * then the seed, only on a new database. And the seed's demo data: the shop of the site's
 * catalogue, events, hives, media, and the demo owner who can sign in and use the back office.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, PATHS, type Db } from '../../supabase/local/src/db/index';
import { anon, rpcRows, rpcValue, user } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const OWNER_ID = 'b0220000-0000-4000-8000-000000000001';
const bootstrapFiles = readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort();
const migrationFiles = readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
/** The shop as the site shows it: slug (content/catalog/images/<slug>.png), price, size, section, featured. */
const catalogue: [string, string, number, string, string, boolean][] = [
  ['wildflower-honey', 'East Hills Wildflower Honey', 2000, '16 oz jar', 'honey', true],
  ['single-origin-honey', 'Single-Origin Neighborhood Honey', 2400, '16 oz jar', 'honey', true],
  ['blend-honey', 'Community Blend Honey', 1800, '8 oz jar', 'honey', false],
  ['gift-set', 'Honey Tasting Gift Set', 4500, '3-jar gift set', 'honey', true],
  ['beeswax-candle', 'Hand-Poured Beeswax Candle', 2200, '8 oz candle', 'beeswax', false],
  ['lip-balm-set', 'Beeswax Lip Balm Trio', 1500, 'set of 3 lip balms', 'beeswax', false],
  ['food-wrap-pack', 'Beeswax Food Wrap Starter Pack', 2400, 'starter pack of 3 wraps', 'beeswax', false],
];

const count = async (db: Db, table: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;

// migrate() is the backend's own step: it connects as the superuser supabase_admin (t.admin), runs
// the bootstrap as it and the migrations and seed as postgres; the tests read back as postgres.
describe.each(targets)('migrate on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('a new database gets the bootstrap, every migration in order, then the seed', async () => {
    const { applied } = await migrate(t.admin, { seed: true });
    expect(applied).toEqual([
      ...bootstrapFiles.map((f) => `local/sql/${f}`),
      ...migrationFiles.map((f) => `migrations/${f}`),
      'seed.sql',
    ]);
    expect(migrationFiles.length).toBeGreaterThanOrEqual(4);
  });

  test('migrations are recorded like the CLI does: version, name, statements', async () => {
    const { rows } = await t.db.query<{ version: string; name: string; statements: string[] }>(
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((r) => `${r.version}_${r.name}.sql`)).toEqual(migrationFiles);
    expect(rows[0].statements.join('\n')).toBe(readFileSync(PATHS.migrationsDir + migrationFiles[0], 'utf8'));
    const seeds = await t.db.query('select path from supabase_migrations.seed_files');
    expect(seeds.rows).toEqual([{ path: 'supabase/seed.sql' }]);
  });

  test('a second run applies nothing and does not seed again', async () => {
    await t.db.query("delete from buzz_haven.products where name = 'Beeswax Food Wrap Starter Pack'");
    await expect(migrate(t.admin, { seed: true })).resolves.toEqual({ applied: [] });
    expect(await count(t.db, 'buzz_haven.products')).toBe(6);
  });

  test('a changed bootstrap file runs again, harmlessly (the bootstrap is idempotent)', async () => {
    await t.db.query("update supabase_migrations.local_bootstrap set hash = 'changed'");
    const { applied } = await migrate(t.admin, { seed: true });
    expect(applied).toEqual(bootstrapFiles.map((f) => `local/sql/${f}`));
    expect(await count(t.db, 'auth.users')).toBe(1);
  });

  test('a 9x bootstrap file (owners of what the others made) runs again after another one ran, and only then', async () => {
    const nines = bootstrapFiles.filter((f) => f.startsWith('9'));
    expect(nines.length).toBeGreaterThan(0);
    await t.db.query("update supabase_migrations.local_bootstrap set hash = 'changed' where name = $1", [bootstrapFiles[0]]);
    const { applied } = await migrate(t.admin, { seed: true });
    expect(applied).toEqual([bootstrapFiles[0], ...nines].map((f) => `local/sql/${f}`));
    await expect(migrate(t.admin, { seed: true })).resolves.toEqual({ applied: [] });
  });
});

describe.each(targets)('seed on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { seed: true });
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);
  const owner = user(OWNER_ID, 'owner@example.com');

  test("the shop's seven products with their shop columns, prices in cents, newest first; each has its picture", async () => {
    const rows = await rpcRows(t.db, owner, 'get_buzz_haven_products');
    expect(rows.map((r) => [r.slug, r.name, r.price, r.size_label, r.section, r.featured])).toEqual(catalogue);
    expect(rows.map((r) => r.sort_order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows.every((r) => r.description.length > 40 && r.image_alt.length > 20 && r.image_url === null)).toBe(true);
    for (const [slug] of catalogue) expect(existsSync(join(__dirname, `../../content/catalog/images/${slug}.png`))).toBe(true);
    const shop = await rpcRows(t.db, anon, 'get_buzz_haven_shop_products');
    expect(shop.map((p) => p.slug)).toEqual(catalogue.map(([slug]) => slug));
  });

  test('the public workshop schedule: one session of each offering and a second Beekeeping Basics, at Los Angeles times', async () => {
    const rows = await rpcRows(t.db, anon, 'get_buzz_haven_workshop_availability');
    expect(rows.map((r) => [r.offering, r.spots_left])).toEqual([
      ['beekeeping-basics', 6], ['artistic-hive-design', 8], ['childrens-bee-discovery', 12],
      ['cultural-beekeeping-traditions', 10], ['beekeeping-basics', 10],
    ]);
    const la = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' });
    expect(rows.map((r) => `${la(r.start_time)} - ${la(r.end_time)}`)).toEqual([
      '9:00 AM - 12:00 PM', '10:00 AM - 12:00 PM', '10:00 AM - 11:30 AM', '1:00 PM - 3:00 PM', '9:00 AM - 12:00 PM',
    ]);
  });

  test('events of every status, hives and media items', async () => {
    const events = await rpcRows(t.db, owner, 'get_buzz_haven_events');
    expect(new Set(events.map((e) => e.status))).toEqual(new Set(['scheduled', 'completed', 'cancelled']));
    expect((await rpcRows(t.db, owner, 'get_buzz_haven_hives')).length).toBeGreaterThanOrEqual(3);
    const media = await rpcRows(t.db, owner, 'get_buzz_haven_media');
    expect(media.length).toBeGreaterThanOrEqual(3);
    expect(media.some((m) => m.file_type.startsWith('image/'))).toBe(true);
  });

  test('a public workshop with capacity and price; events of several kinds', async () => {
    const events = await rpcRows(t.db, owner, 'get_buzz_haven_events');
    expect(events.find((e) => e.title === 'Beekeeping Basics Workshop')).toMatchObject({
      id: 'b0220000-0000-4000-8000-000000000301', kind: 'workshop', capacity: 6, is_public: true, price: 7500,
    });
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['workshop', 'harvest', 'open_day', 'market', 'volunteer']));
    expect(events.filter((e) => e.is_public).length).toBeGreaterThanOrEqual(2);
  });

  test('hives with known statuses and an inspection log: only the Schoolyard Hive is due', async () => {
    const hives = await rpcRows(t.db, owner, 'get_buzz_haven_hives');
    expect(hives.map((h) => h.id).sort()).toEqual(['401', '402', '403', '404'].map((n) => `b0220000-0000-4000-8000-000000000${n}`));
    expect(hives.every((h) => ['active', 'queenless', 'swarmed', 'dead_out', 'retired'].includes(h.status))).toBe(true);
    expect(hives.filter((h) => h.inspection_due).map((h) => h.name)).toEqual(['Schoolyard Hive']);
    const inspections = await rpcRows(t.db, owner, 'get_buzz_haven_inspections');
    expect(new Set(inspections.map((i) => i.hive_id)).size).toBeGreaterThanOrEqual(2);
    expect(inspections.every((i) => i.created_by === 'b0220000-0000-4000-8000-000000000101')).toBe(true);
    await expect(rpcValue(t.db, owner, 'count_table_rows', { table_name: 'hive_inspections' })).resolves.toBe(inspections.length);
  });

  test('the demo owner: confirmed e-mail, bcrypt ($2a$) password, metadata, owner profile', async () => {
    const { rows } = await t.db.query(
      `select email, encrypted_password like '$2a$%' as bcrypt_2a,
              encrypted_password = extensions.crypt('buzzhaven-owner', encrypted_password) as password_ok,
              encrypted_password = extensions.crypt('wrong-password', encrypted_password) as wrong_ok,
              email_confirmed_at is not null as confirmed, raw_app_meta_data, raw_user_meta_data, aud, role
       from auth.users where id = $1`,
      [OWNER_ID],
    );
    expect(rows[0]).toEqual({
      email: 'owner@example.com', bcrypt_2a: true, password_ok: true, wrong_ok: false, confirmed: true,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: { full_name: 'Demo Owner' }, aud: 'authenticated', role: 'authenticated',
    });
    const users = await rpcRows(t.db, owner, 'get_buzz_haven_users');
    expect(users).toEqual([expect.objectContaining({ auth_user_id: OWNER_ID, email: 'owner@example.com', role: 'owner', is_active: true })]);
    await expect(rpcValue(t.db, owner, 'count_table_rows', { table_name: 'products' })).resolves.toBe(7);
  });

  test('running the seed again changes nothing', async () => {
    const before = await count(t.db, 'buzz_haven.products');
    await t.db.exec(readFileSync(PATHS.seedFile, 'utf8'));
    expect(await count(t.db, 'buzz_haven.products')).toBe(before);
    expect(await count(t.db, 'auth.users')).toBe(1);
  });
});

describe.each(targets)('concurrent migrate on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('two migrations of one new database at once apply each file exactly once', async () => {
    const [a, b] = await Promise.all([migrate(t.admin, { seed: true }), migrate(t.admin, { seed: true })]);
    const all = [...a.applied, ...b.applied];
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((f) => f.startsWith('migrations/'))).toHaveLength(migrationFiles.length);
    expect(all.filter((f) => f === 'seed.sql')).toHaveLength(1);
    expect(await count(t.db, 'buzz_haven.products')).toBe(7);
  });
});

// supabase/migrations is a baseline (the first migrations squashed, one file per area): a migration
// added after it applies to a database made from it and keeps its rows; a database that applied the
// squashed files is refused rather than given the baseline on top.
describe.each(targets)('after the baseline on %s', (target) => {
  let t: TestDb;
  const repoDir = PATHS.migrationsDir;
  const dir = mkdtempSync(join(tmpdir(), 'buzz-haven-migrations-'));
  const later = '20991231000000_buzz_haven_later.sql';
  beforeAll(async () => {
    for (const f of migrationFiles) copyFileSync(repoDir + f, join(dir, f));
    PATHS.migrationsDir = `${dir}/`;
    t = await openTarget(target, { migrate: false });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    PATHS.migrationsDir = repoDir;
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  }, SETUP_TIMEOUT);

  test('a later migration applies to a database made from the baseline, its rows kept', async () => {
    await migrate(t.admin, { seed: false });
    await t.db.exec("insert into buzz_haven.products (name, price) values ('Kept jar', 1234)");
    writeFileSync(join(dir, later),
      "alter table buzz_haven.products add column later_note text not null default 'added later';\n");
    await expect(migrate(t.admin, { seed: false })).resolves.toEqual({ applied: [`migrations/${later}`] });
    const { rows } = await t.db.query('select name, price, later_note from buzz_haven.products');
    expect(rows).toEqual([{ name: 'Kept jar', price: 1234, later_note: 'added later' }]);
  });

  test('a database that applied squashed migrations is refused, with how to reset it', async () => {
    await t.db.query("insert into supabase_migrations.schema_migrations (version, name) values ('20251122000100', 'buzz_haven_schema')");
    writeFileSync(join(dir, '20991231000100_buzz_haven_later_still.sql'), 'create table buzz_haven.later_still (id int);\n');
    await expect(migrate(t.admin, { seed: false })).rejects.toThrow(
      /applied 1 migration\(s\) that are now squashed into the baseline \(20251122000100 to 20251122000100; .*npm start -- --fresh/);
    const { rows } = await t.db.query("select to_regclass('buzz_haven.later_still') as t");
    expect(rows).toEqual([{ t: null }]);
  });
});
