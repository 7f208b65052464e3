import { contentDiff, formatPath, formatValue } from './contentDiff';

const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const published = {
  hero: { title: 'Helping Honeybees Thrive', ctas: [{ label: 'Explore', to: '/shop' }, { label: 'Host', to: '/services' }] },
  mission: { items: ['Rescue swarms', 'Teach'] },
  price: 25,
  eyebrow: null as string | null,
};

test('no change, no rows (null and a missing key are the same)', () => {
  expect(contentDiff(published, clone(published))).toEqual([]);
  expect(contentDiff(published, { ...clone(published), eyebrow: undefined })).toEqual([]);
});

test('a changed text, number and list item, each with its path and both values', () => {
  const draft = clone(published);
  draft.hero.title = 'Bees in Every Backyard';
  draft.hero.ctas[1].to = '/services/host-hive';
  draft.price = 30;
  expect(contentDiff(published, draft)).toEqual([
    { path: ['hero', 'title'], old: 'Helping Honeybees Thrive', new: 'Bees in Every Backyard' },
    { path: ['hero', 'ctas', 1, 'to'], old: '/services', new: '/services/host-hive' },
    { path: ['price'], old: 25, new: 30 },
  ]);
});

test('added and removed list items and fields', () => {
  const draft = clone(published);
  draft.mission.items = ['Rescue swarms', 'Teach', 'Plant flowers'];
  draft.hero.ctas = [draft.hero.ctas[0]];
  draft.eyebrow = 'Urban beekeeping';
  // the draft's additions in its order, then what only the published document had
  expect(contentDiff(published, draft)).toEqual([
    { path: ['mission', 'items', 2], old: undefined, new: 'Plant flowers' },
    { path: ['eyebrow'], old: undefined, new: 'Urban beekeeping' },
    { path: ['hero', 'ctas', 1, 'label'], old: 'Host', new: undefined },
    { path: ['hero', 'ctas', 1, 'to'], old: '/services', new: undefined },
  ]);
});

test('a document never published: everything in the draft is new', () => {
  expect(contentDiff(null, { seo: { title: 'Home' }, tags: [] })).toEqual([
    { path: ['seo', 'title'], old: undefined, new: 'Home' },
    { path: ['tags'], old: undefined, new: [] },
  ]);
});

test('paths and values as the diff shows them', () => {
  expect(formatPath(['hero', 'ctas', 0, 'label'])).toBe('hero.ctas[0].label');
  expect(formatPath(['welcome', 'paragraphs', 2])).toBe('welcome.paragraphs[2]');
  expect(formatValue(undefined)).toBe('—');
  expect(formatValue('')).toBe('(empty text)');
  expect(formatValue(12.5)).toBe('12.5');
  expect(formatValue(true)).toBe('true');
  expect(formatValue([])).toBe('(empty list)');
  expect(formatValue('Bees')).toBe('Bees');
});
