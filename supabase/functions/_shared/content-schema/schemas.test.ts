/** Every starting document in content/ passes its schema; a broken one fails with its field's path. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { documentKeys, documentSchemas, validateDocument } from './index.ts';
import { readStartingDocuments } from './starting.ts';

const contentDir = join(__dirname, '../../../../content');
const read = (key: string) => parse(readFileSync(join(contentDir, `${key}.yaml`), 'utf8')) as Record<string, any>;

test('one schema per page, the home page, the site texts, the e-mails and each catalogue group but products', () => {
  expect(documentKeys).toHaveLength(29);
  expect(documentKeys.filter((k) => k.startsWith('pages/'))).toHaveLength(19);
  expect(documentKeys.filter((k) => k.startsWith('catalog/')).sort()).toEqual([
    'catalog/adopt-tiers', 'catalog/hosting', 'catalog/impact-stats', 'catalog/policies',
    'catalog/shipping-rates', 'catalog/swarm', 'catalog/workshop-offerings',
  ]);
  for (const key of documentKeys) expect(documentSchemas[key].title).toMatch(/\S/);
});

test.each(documentKeys)('content/%s.yaml passes its schema', (key) => {
  const result = validateDocument(key, read(key));
  expect(result.ok ? [] : result.issues).toEqual([]);
});

test('readStartingDocuments gives every document with its title', () => {
  const docs = readStartingDocuments(contentDir);
  expect(docs.map((d) => d.key)).toEqual(documentKeys);
  expect(docs.find((d) => d.key === 'pages/about')).toMatchObject({ title: 'About', body: { hero: { title: expect.any(String) } } });
});

test('a broken document fails with the path and message of each problem', () => {
  const about = read('pages/about');
  about.hero.title = '';
  delete about.seo.description;
  about.story.paragraphs.push(42);
  about.unknownField = 'typo';
  const result = validateDocument('pages/about', about);
  expect(result.ok).toBe(false);
  const issues = result.ok ? [] : result.issues;
  expect(issues).toEqual(expect.arrayContaining([
    { path: ['hero', 'title'], message: 'Required' },
    { path: ['seo', 'description'], message: 'Required' },
    expect.objectContaining({ path: ['story', 'paragraphs', String(about.story.paragraphs.length - 1)] }),
    expect.objectContaining({ path: [], message: expect.stringContaining('unknownField') }),
  ]));
});

test('counts cannot be negative and an unknown key is refused', () => {
  const policies = read('catalog/policies');
  policies.returnDays = -5;
  const result = validateDocument('catalog/policies', policies);
  expect(result.ok ? [] : result.issues.map((i) => i.path.join('.'))).toEqual(['returnDays']);
  expect(validateDocument('pages/nope', {})).toEqual({ ok: false, issues: [{ path: [], message: 'Unknown document "pages/nope"' }] });
});

test('the charged prices are not content: a rate or tier price in the document is an unknown key', () => {
  // They are rows of buzz_haven.shipping_rates and adopt_tiers, which the server charges.
  const tiers = read('catalog/adopt-tiers');
  tiers.tiers[0].price = 20;
  expect(validateDocument('catalog/adopt-tiers', tiers).ok).toBe(false);
  expect(validateDocument('catalog/adopt-tiers', { ...read('catalog/adopt-tiers'), giftMonths: [3] }).ok).toBe(false);
  expect(validateDocument('catalog/shipping-rates', { ...read('catalog/shipping-rates'), express: 12.95 }).ok).toBe(false);
  expect(validateDocument('catalog/shipping-rates', read('catalog/shipping-rates')).ok).toBe(true);
  const hosting = read('catalog/hosting');
  hosting.plans[0].price = 450; // a row of buzz_haven.hosting_plans
  expect(validateDocument('catalog/hosting', hosting).ok).toBe(false);
  // the row of buzz_haven.swarm_fee
  expect(validateDocument('catalog/swarm', { ...read('catalog/swarm'), feeMin: 75, feeMax: 150 }).ok).toBe(false);
  expect(validateDocument('catalog/swarm', read('catalog/swarm')).ok).toBe(true);
  // rows of buzz_haven.workshop_offerings
  const workshops = read('catalog/workshop-offerings');
  workshops.offerings[0].price = 75;
  expect(validateDocument('catalog/workshop-offerings', workshops).ok).toBe(false);
});
