import { scheduleSessions, shopProducts } from './siteNodes';
import { checkDocuments, fetchSiteData } from './siteData';

const row = (over: Partial<Parameters<typeof scheduleSessions>[0][number]>) => ({
  id: 'e1', title: 'Beekeeping Basics', start_time: '2026-03-14T16:00:00Z', end_time: '2026-03-14T19:00:00Z',
  capacity: 6, spots_left: 6, offering: 'beekeeping-basics', ...over,
});

test('sessions: Los Angeles date and times, date order, unknown offerings left out with a warning', () => {
  const warnings: string[] = [];
  const sessions = scheduleSessions([
    row({ id: 'e2', start_time: '2026-03-22T01:30:00Z', end_time: null, offering: 'artistic-hive-design', spots_left: 0 }),
    row({}),
    row({ id: 'e3', offering: null, title: 'Mystery' }),
  ], ['beekeeping-basics', 'artistic-hive-design'], (m) => warnings.push(m));
  expect(sessions).toEqual([
    {
      date: '2026-03-14', workshop: 'beekeeping-basics', time: '9:00 AM - 12:00 PM', spotsLeft: 6, eventId: 'e1',
      start: '2026-03-14T16:00:00Z', end: '2026-03-14T19:00:00Z', location: null,
    },
    {
      date: '2026-03-21', workshop: 'artistic-hive-design', time: '6:30 PM', spotsLeft: 0, eventId: 'e2',
      start: '2026-03-22T01:30:00Z', end: null, location: null,
    },
  ]);
  expect(warnings).toEqual([expect.stringContaining('"Mystery" (e3) is left out of the schedule')]);
});

test('products: their database id, price in cents, size, section, anchors; a product without slug or section is left out', () => {
  const base = {
    id: 'p', name: 'Jar', description: 'Sweet', price: 2050, size_label: '16 oz jar', section: 'honey', featured: true,
    sort_order: 1, image_url: null, image_alt: 'A jar',
  };
  const warnings: string[] = [];
  const products = shopProducts(
    [{ ...base, slug: 'wildflower-honey' }, { ...base, slug: null, name: 'Draft product' }, { ...base, slug: 'x', section: null }],
    [{ slug: 'wildflower-honey', anchor: 'wildflower' }],
    (m) => warnings.push(m),
  );
  expect(products).toEqual([{
    productId: 'p', slug: 'wildflower-honey', locale: 'en', name: 'Jar', price: 2050, size: '16 oz jar', description: 'Sweet',
    category: 'honey', anchor: 'wildflower', featured: true, order: 1, imageAlt: 'A jar', imageUrl: null,
  }]);
  expect(warnings).toHaveLength(2);
});

test("products in Spanish: the Spanish name and description, else the English; nothing else changes", () => {
  const row = {
    id: 'p', slug: 'wildflower-honey', name: 'Jar', description: 'Sweet', price: 2050, size_label: '16 oz jar', section: 'honey',
    featured: true, sort_order: 1, image_url: null, image_alt: 'A jar', name_es: 'Frasco', description_es: null,
  };
  const [spanish] = shopProducts([row], [], () => {}, 'es');
  expect(spanish).toMatchObject({ locale: 'es', name: 'Frasco', description: 'Sweet', price: 2050, productId: 'p', slug: 'wildflower-honey' });
  expect(shopProducts([row], [], () => {}, 'en')[0]).toMatchObject({ locale: 'en', name: 'Jar' });
});

test('documents: a missing or invalid published document fails naming the key and field', () => {
  expect(() => checkDocuments([])).toThrow('The content document "home" is not published in the database');
  const rows = [{ key: 'home', body: { seo: {} } }];
  expect(() => checkDocuments(rows)).toThrow(/The published content document "home" is invalid: seo.description: Required/);
});

test('documents: the English rows are read, a translation after its English row does not replace it', () => {
  const rows = [{ key: 'home', locale: 'en', body: { seo: {} } }, { key: 'home', locale: 'es', body: {} }];
  expect(() => checkDocuments(rows)).toThrow(/The published content document "home" is invalid: seo.description: Required/);
});

test('an unreachable backend fails with its URL and how to start it', async () => {
  await expect(fetchSiteData('http://127.0.0.1:9', 'key')).rejects.toThrow(
    /cannot reach the Supabase backend at http:\/\/127\.0\.0\.1:9 .*Start the local backend with `npm start`.*GATSBY_SUPABASE_URL/,
  );
});
