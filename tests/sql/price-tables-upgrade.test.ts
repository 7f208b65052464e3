/**
 * An existing database moving to the price tables (20251125003000+): its stored catalogue
 * documents lose the prices their schemas dropped (…003030_buzz_haven_catalog_words_only.sql,
 * …003040_buzz_haven_hosting_plans.sql, …003050_buzz_haven_swarm_fee.sql, …003060_buzz_haven_workshop_offerings.sql) and
 * keep every word, so the site build's and the publish check's validation still pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PATHS } from '../../supabase/local/src/db/index';
import { validateDocument } from '../../supabase/functions/_shared/content-schema/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const FIRST_NEW = '20251125003000';
const migrations = readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
const before = migrations.filter((f) => f.split('_')[0]! < FIRST_NEW);
const after = migrations.filter((f) => f.split('_')[0]! >= FIRST_NEW);
const bootstrap = readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort();

// The documents as content/catalog/*.yaml gave them before (prices in dollars).
const oldShipping = { standard: 5.95, freeOver: 50, express: 12.95, handlingHours: 48, region: 'the United States', pickup: 0 };
const tier = (id: string, price: number) => ({ id, name: id, price, period: 'month', popular: false, perks: ['A certificate'] });
const oldTiers = { tiers: [tier('swarm-supporter', 20), tier('hive-guardian', 35)], popularLabel: 'Most Popular', giftMonths: [3, 6, 12] };
const plan = (id: string, price: number) => ({ id, name: id, price, period: 'year', summary: 'A hive.', features: ['Visits'] });
const hostingWords = { paymentPlans: 'On contact', minimumSpace: '10 ft', honeyPerYear: '8 lb', honeyHarvests: 'fall', visitSchedule: 'often', beeLifespan: '23 days' };
const oldHosting = { plans: [plan('standard', 450), plan('artistic', 550)], ...hostingWords };
const swarmWords = { feeWaiver: 'waived', hotline: '(510) 555-0192', responseHours: 3, hotlineDays: 'daily', hotlineSeason: 'April-September', criteria: ['Big'] };
const oldSwarm = { feeMin: 75, feeMax: 150, ...swarmWords };
const offering = { id: 'kids', title: 'Kids', durationHours: 1.5, priceUnit: 'per child', audience: 'Children', description: 'Bees.' };
const oldWorkshops = { offerings: [{ ...offering, price: 35, ages: '5-12' }], privateMinimum: 8 };

describe.each(targets)('catalogue documents of an existing database on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
    // The backend's own bootstrap runs as the superuser supabase_admin, the migrations as postgres (as hosted).
    for (const f of bootstrap) await t.admin.exec(readFileSync(PATHS.bootstrapDir + f, 'utf8'));
    for (const f of before) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
    await t.db.query(
      `insert into buzz_haven.content_documents (key, title, draft, published, published_version) values
       ('catalog/shipping-rates', 'Shipping', $1, $1, 1), ('catalog/adopt-tiers', 'Tiers', $2, null, null),
       ('catalog/hosting', 'Hosting', $3, $3, 1), ('catalog/swarm', 'Swarm', $4, $4, 1),
       ('catalog/workshop-offerings', 'Workshops', $5, $5, 1)`,
      [JSON.stringify(oldShipping), JSON.stringify(oldTiers), JSON.stringify(oldHosting), JSON.stringify(oldSwarm), JSON.stringify(oldWorkshops)],
    );
    for (const f of after) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('the prices are gone, the words kept, and the bodies pass their schemas', async () => {
    const { rows } = await t.db.query<{ key: string; draft: any; published: any }>(
      "select key, draft, published from buzz_haven.content_documents where key like 'catalog/%' order by key",
    );
    const words = { handlingHours: 48, region: 'the United States' };
    const tiers = { tiers: oldTiers.tiers.map(({ price: _price, ...rest }) => rest), popularLabel: 'Most Popular' };
    const hosting = { plans: oldHosting.plans.map(({ price: _price, ...rest }) => rest), ...hostingWords };
    expect(rows).toEqual([
      { key: 'catalog/adopt-tiers', draft: tiers, published: null },
      { key: 'catalog/hosting', draft: hosting, published: hosting },
      { key: 'catalog/shipping-rates', draft: words, published: words },
      { key: 'catalog/swarm', draft: swarmWords, published: swarmWords },
      { key: 'catalog/workshop-offerings', draft: { offerings: [offering], privateMinimum: 8 }, published: { offerings: [offering], privateMinimum: 8 } },
    ]);
    expect(validateDocument('catalog/workshop-offerings', rows[4]!.published).ok).toBe(true);
    expect(validateDocument('catalog/swarm', rows[3]!.published).ok).toBe(true);
    expect(validateDocument('catalog/adopt-tiers', rows[0]!.draft).ok).toBe(true);
    expect(validateDocument('catalog/hosting', rows[1]!.published).ok).toBe(true);
    expect(validateDocument('catalog/shipping-rates', rows[2]!.published).ok).toBe(true);
  });
});
