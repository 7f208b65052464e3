/**
 * An existing database seeded before issue 27's words (20251127060040_buzz_haven_issue27_content.sql):
 * pages/host-hive gets the host application form's words, pages/impact the volunteer sign-up's,
 * and pages/my-hive is added (published, version 1); a block staff already have stays; every
 * document passes its schema again (the site build, the publish check).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PATHS } from '../../supabase/local/src/db/index';
import { validateDocument } from '../../supabase/functions/_shared/content-schema/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const FIRST_NEW = '20251127060040';
const migrations = readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
const before = migrations.filter((f) => f.split('_')[0]! < FIRST_NEW);
const after = migrations.filter((f) => f.split('_')[0]! >= FIRST_NEW);
const bootstrap = readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort();
const yaml = (key: string) => parse(readFileSync(join(PATHS.migrationsDir, `../../content/${key}.yaml`), 'utf8'));

describe.each(targets)('issue 27 words in an existing database on %s', (target) => {
  let t: TestDb;
  const host = yaml('pages/host-hive');
  const impact = yaml('pages/impact');
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
    // The backend's own bootstrap runs as the superuser supabase_admin, the migrations as postgres (as hosted).
    for (const f of bootstrap) await t.admin.exec(readFileSync(PATHS.bootstrapDir + f, 'utf8'));
    for (const f of before) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
    const oldHost = Object.fromEntries(Object.entries(host).filter(([k]) => k !== 'apply'));
    const oldImpact = Object.fromEntries(Object.entries(impact).filter(([k]) => k !== 'volunteer'));
    const ownImpact = { ...impact, volunteer: { ...impact.volunteer, heading: 'Lend a hand' } };
    await t.db.query(
      `insert into buzz_haven.content_documents (key, title, draft, published, published_version) values
       ('pages/host-hive', 'Host a Hive', $1, $1, 1), ('pages/impact', 'Community Impact', $2, $3, 1)`,
      [JSON.stringify(oldHost), JSON.stringify(ownImpact), JSON.stringify(oldImpact)],
    );
    for (const f of after) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('the missing blocks and document are added with the repository\'s words; a block staff have stays', async () => {
    const { rows } = await t.db.query<{ key: string; draft: any; published: any; published_version: number }>(
      "select key, draft, published, published_version from buzz_haven.content_documents order by key");
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey['pages/host-hive']!.draft.apply).toEqual(host.apply);
    expect(byKey['pages/host-hive']!.published.apply).toEqual(host.apply);
    expect(byKey['pages/impact']!.draft.volunteer.heading).toBe('Lend a hand');
    expect(byKey['pages/impact']!.published.volunteer).toEqual(impact.volunteer);
    expect(byKey['pages/my-hive']).toMatchObject({ draft: yaml('pages/my-hive'), published: yaml('pages/my-hive'), published_version: 1 });
    for (const row of rows) {
      expect([row.key, validateDocument(row.key, row.draft).ok, validateDocument(row.key, row.published).ok]).toEqual([row.key, true, true]);
    }
    const versions = await t.db.query("select version from buzz_haven.content_versions where key = 'pages/my-hive'");
    expect(versions.rows).toEqual([{ version: 1 }]);
  });

  test('a new database is not given the document by the migration (content/ seeds it)', async () => {
    const fresh = await openTarget(target);
    try {
      const { rows } = await fresh.db.query("select count(*)::int as n from buzz_haven.content_documents");
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await fresh.close();
    }
  }, SETUP_TIMEOUT);
});
