/**
 * The back office reads the tables' bounds and enum values from one generated file,
 * admin/src/crud/tableRules.generated.ts (`npm run gen:rules`), never from a copy.
 * This test reads the rules from the final schema again and fails while the committed file
 * differs: a migration that changes a CHECK must regenerate it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTableRules, renderTableRules, rulesOfCheck, siteTableRules } from '../../supabase/local/src/db/tableRules';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const generated = join(__dirname, '../../admin/src/crud/tableRules.generated.ts');
const siteGenerated = join(__dirname, '../../site/src/generated/tableRules.generated.ts');

test('a CHECK gives its column an enum, bounds or a length bound', () => {
  expect(rulesOfCheck('status', 'text', "CHECK ((status = ANY (ARRAY['new'::text, 'it''s'::text])))")).toEqual({ values: ['new', "it's"] });
  expect(rulesOfCheck('file_type', 'text', "CHECK (((file_type IS NULL) OR (file_type = ANY (ARRAY['image/png'::text]))))"))
    .toEqual({ values: ['image/png'] });
  expect(rulesOfCheck('varroa_count', 'integer', 'CHECK (((varroa_count >= 0) AND (varroa_count <= 300)))')).toEqual({ min: 0, max: 300 });
  expect(rulesOfCheck('latitude', 'numeric', "CHECK (((latitude >= ('-85'::integer)::numeric) AND (latitude <= (85)::numeric)))"))
    .toEqual({ min: -85, max: 85 });
  expect(rulesOfCheck('width', 'integer', 'CHECK (((width IS NULL) OR (width > 0)))')).toEqual({ min: 1 });
  expect(rulesOfCheck('notes', 'text', 'CHECK ((char_length(notes) <= 5000))')).toEqual({ maxLength: 5000 });
  expect(rulesOfCheck('title', 'text', 'CHECK ((((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 120))))'))
    .toEqual({ maxLength: 120 });
  // not a rule of the form: a status another rule excludes
  expect(rulesOfCheck('status', 'text', "CHECK ((status <> ALL (ARRAY['approved'::text])))")).toEqual({});
});

test('a CHECK gives a text its format: a match, or a one-argument predicate whose body is one', () => {
  expect(rulesOfCheck('zip', 'text', "CHECK ((zip ~ '^[0-9]{5}$'::text))")).toEqual({ pattern: '^[0-9]{5}$' });
  expect(rulesOfCheck('code', 'text', "CHECK (((code IS NULL) OR (code ~ '^it''s$'::text)))")).toEqual({ pattern: "^it's$" });
  const predicates = { is_slug: '^[a-z0-9]+(-[a-z0-9]+)*$' };
  expect(rulesOfCheck('slug', 'text', 'CHECK ((buzz_haven.is_slug(slug) AND (char_length(slug) <= 60)))', predicates))
    .toEqual({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 60 });
  // one alternative of an OR is not a format every value has; POSIX classes read differently in JavaScript
  expect(rulesOfCheck('url', 'text', "CHECK (((url ~ '^https?://'::text) OR (url ~~ 'data:image/%'::text)))")).toEqual({});
  expect(rulesOfCheck('name', 'text', "CHECK ((name ~ '^[[:alpha:]]+$'::text))")).toEqual({});
  expect(rulesOfCheck('slug', 'text', 'CHECK (buzz_haven.is_unknown(slug))', predicates)).toEqual({});
});

describe.each(targets)('the final schema on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => { t = await openTarget(target); }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('admin/src/crud/tableRules.generated.ts is what the migrations give (else run npm run gen:rules)', async () => {
    const rules = await readTableRules(t.db);
    expect(rules.hive_inspections.varroa_count).toEqual({ min: 0, max: 300 });
    expect(rules.hive_inspections.brood_pattern.values).toEqual(['solid', 'spotty', 'patchy', 'none']);
    // a format and its constraint_messages words; is_slug's body gives the slug's
    expect(rules.service_area_zips.zip).toMatchObject({ pattern: '^[0-9]{5}$', patternMessage: 'ZIP code must be 5 digits' });
    expect(rules.products.slug).toMatchObject({
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', patternMessage: 'Slug must be lowercase letters, digits and single dashes',
    });
    expect(renderTableRules(rules)).toBe(readFileSync(generated, 'utf8'));
  });

  test('site/src/generated/tableRules.generated.ts holds the site forms\' tables as the migrations give them', async () => {
    const rules = siteTableRules(await readTableRules(t.db));
    expect(rules.orders.customer_name.maxLength).toBe(200);
    expect(renderTableRules(rules)).toBe(readFileSync(siteGenerated, 'utf8'));
  });
});
