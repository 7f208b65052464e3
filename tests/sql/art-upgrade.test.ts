/**
 * An existing database (content already seeded) gets the art collective's documents
 * (20251127030030_buzz_haven_art_documents.sql): 'pages/art' and 'pages/art-licence' published as
 * content/ holds them, and an Art link after Impact in the site's navigation, once. A new database
 * gets nothing from the migration (its content is seeded from content/ afterwards).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PATHS } from '../../supabase/local/src/db/index';
import { validateDocument } from '../../supabase/functions/_shared/content-schema/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const FIRST_NEW = '20251127030030';
const migrations = readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
const before = migrations.filter((f) => f.split('_')[0]! < FIRST_NEW);
const after = migrations.filter((f) => f.split('_')[0]! >= FIRST_NEW);
const bootstrap = readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort();
const contentDir = join(PATHS.migrationsDir, '../../content');
const yaml = (key: string) => parse(readFileSync(join(contentDir, `${key}.yaml`), 'utf8'));

describe.each(targets)('the art documents of an existing database on %s', (target) => {
  let t: TestDb;
  const site = yaml('site');
  const oldSite = { ...site, nav: site.nav.filter((n: { to: string }) => n.to !== '/art') };
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
    // The backend's own bootstrap runs as the superuser supabase_admin, the migrations as postgres (as hosted).
    for (const f of bootstrap) await t.admin.exec(readFileSync(PATHS.bootstrapDir + f, 'utf8'));
    for (const f of before) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
    await t.db.query(
      `insert into buzz_haven.content_documents (key, title, draft, published, published_version) values ('site', 'Site', $1, $1, 1)`,
      [JSON.stringify(oldSite)],
    );
    for (const f of after) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('both documents are published as content/ holds them; the nav links Art after Impact', async () => {
    const { rows } = await t.db.query<{ key: string; published: any; published_version: number }>(
      `select key, published, published_version from buzz_haven.content_documents where key like 'pages/art%' order by key`);
    expect(rows.map((r) => [r.key, r.published_version])).toEqual([['pages/art', 1], ['pages/art-licence', 1]]);
    expect(rows[0]!.published).toEqual(yaml('pages/art'));
    expect(validateDocument('pages/art', rows[0]!.published).ok).toBe(true);
    expect(validateDocument('pages/art-licence', rows[1]!.published).ok).toBe(true);
    const stored = (await t.db.query<{ draft: any; published: any }>(`select draft, published from buzz_haven.content_documents where key = 'site'`)).rows[0]!;
    const labels = stored.published.nav.map((n: { label: string }) => n.label);
    expect(labels.slice(labels.indexOf('Impact'), labels.indexOf('Impact') + 2)).toEqual(['Impact', 'Art']);
    expect(stored.draft.nav).toEqual(stored.published.nav);
    expect(stored.published.nav.filter((n: { to: string }) => n.to === '/art')).toHaveLength(1);
  });
});

describe.each(targets)('a new database on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => { t = await openTarget(target); }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('the migration adds no document (the content is seeded from content/ afterwards)', async () => {
    expect((await t.db.query('select count(*)::int as n from buzz_haven.content_documents')).rows[0]).toEqual({ n: 0 });
  });
});
