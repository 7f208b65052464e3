/**
 * An existing database seeded before the batch pages showed the hives' wraps
 * (20251127095010_buzz_haven_honey_wrap_words.sql) and before the label sheet's words were content
 * (20251127095020_buzz_haven_honey_label_words.sql): pages/honey gets hives.wrap, noWrap, wrapAlt
 * and the 'label' block with the repository's words in its draft and published body; a word staff
 * already changed stays; the document passes its schema again (the site build, the publish check).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PATHS } from '../../supabase/local/src/db/index';
import { validateDocument } from '../../supabase/functions/_shared/content-schema/index';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const FIRST_NEW = '20251127095010';
const migrations = readdirSync(PATHS.migrationsDir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
const before = migrations.filter((f) => f.split('_')[0]! < FIRST_NEW);
const after = migrations.filter((f) => f.split('_')[0]! >= FIRST_NEW);
const bootstrap = readdirSync(PATHS.bootstrapDir).filter((f) => f.endsWith('.sql')).sort();

describe.each(targets)('the honey pages\' wrap words and the label words in an existing database on %s', (target) => {
  let t: TestDb;
  const honey = parse(readFileSync(join(PATHS.migrationsDir, '../../content/pages/honey.yaml'), 'utf8'));
  beforeAll(async () => {
    t = await openTarget(target, { migrate: false });
    // The backend's own bootstrap runs as the superuser supabase_admin, the migrations as postgres (as hosted).
    for (const f of bootstrap) await t.admin.exec(readFileSync(PATHS.bootstrapDir + f, 'utf8'));
    for (const f of before) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
    const withoutLabel = Object.fromEntries(Object.entries(honey).filter(([key]) => key !== 'label'));
    const old = { ...withoutLabel, hives: { heading: honey.hives.heading, intro: honey.hives.intro } };
    const ownDraft = { ...old, hives: { ...old.hives, noWrap: 'No wrap on this one yet.' } };
    await t.db.query(
      `insert into buzz_haven.content_documents (key, title, draft, published, published_version)
       values ('pages/honey', 'Honey batch pages', $1, $2, 1)`,
      [JSON.stringify(ownDraft), JSON.stringify(old)],
    );
    for (const f of after) await t.db.exec(readFileSync(PATHS.migrationsDir + f, 'utf8'));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test("the missing words are added with the repository's; a word staff changed stays; the schema passes", async () => {
    const { rows } = await t.db.query<{ draft: any; published: any }>(
      "select draft, published from buzz_haven.content_documents where key = 'pages/honey'");
    expect(rows[0]!.published.hives).toEqual(honey.hives);
    expect(rows[0]!.draft.hives).toEqual({ ...honey.hives, noWrap: 'No wrap on this one yet.' });
    expect(rows[0]!.published.label).toEqual(honey.label);
    expect(rows[0]!.draft.label).toEqual(honey.label);
    expect(validateDocument('pages/honey', rows[0]!.draft).ok).toBe(true);
    expect(validateDocument('pages/honey', rows[0]!.published).ok).toBe(true);
  });
});
