import { batchInLanguage, currentBatches, honeyBatchPages } from './honeyBatches';
import { fillBatchText, honeyBatchPath } from '../components/pages/honey/batchText';
import type { HoneyBatchRow } from './siteData';

const row = (over: Partial<HoneyBatchRow>): HoneyBatchRow => ({
  code: 'EH-24F-07', product_slug: 'wildflower-honey', product_name: 'Wildflower Honey', net_weight: '16 oz jar',
  jar_count: 48, bottled_on: '2024-10-20', notes: null, harvested_in: 'Echo Park', season: 'Fall 2024',
  harvested_on: '2024-10-02', hives: [], harvests: [], ...over,
});

test("a product's current batch is its newest (the rows come newest first)", () => {
  const current = currentBatches([
    row({ code: 'EH-25S-01' }), row({ code: 'EH-24F-07' }), row({ code: 'SO-24F-02', product_slug: 'single-origin-honey' }),
    row({ code: 'XX-24F-01', product_slug: null }),
  ]);
  expect([...current]).toEqual([['wildflower-honey', 'EH-25S-01'], ['single-origin-honey', 'SO-24F-02']]);
});

test('one page per batch at /honey/<code>; a code that is not [A-Z0-9-] or a batch without product makes none', () => {
  const pages = honeyBatchPages([row({}), row({ code: '../x' }), row({ code: 'EH-24F-08', product_slug: null })], '/t.tsx');
  expect(pages).toEqual([{ path: '/honey/EH-24F-07', component: '/t.tsx', context: { code: 'EH-24F-07', productSlug: 'wildflower-honey', batch: row({}) } }]);
  expect(honeyBatchPath('EH-24F-07')).toBe('/honey/EH-24F-07');
});

test('words take the batch values; an unknown placeholder stays', () => {
  expect(fillBatchText('Harvested in {neighbourhood}, {season} ({other})', { neighbourhood: 'Echo Park', season: 'Fall 2024' }))
    .toBe('Harvested in Echo Park, Fall 2024 ({other})');
});

test("each hive's wrap reaches the page: title, artist, and its photo only when an https or image data URL", () => {
  const wrap = (photo_url: string | null) => ({ title: 'Poppies', artist: 'Rosa Artist', photo_url });
  const [page] = honeyBatchPages([row({ hives: [
    { id: 'a', name: 'Rooftop Hive', neighbourhood: 'Silver Lake', wrap: wrap('https://cdn.example/poppies.jpg') },
    { id: 'b', name: 'Lemon Tree Hive', neighbourhood: 'Echo Park', wrap: wrap('javascript:alert(1)') },
    { id: 'c', name: 'Garden Hive', neighbourhood: 'Echo Park', wrap: wrap('data:image/png;base64,iVBOR') },
    { id: 'd', name: 'Plain Hive', neighbourhood: 'Echo Park', wrap: null },
  ] })], '/t.tsx');
  expect(page!.context.batch.hives.map((hive) => hive.wrap)).toEqual([
    wrap('https://cdn.example/poppies.jpg'), wrap(null), wrap('data:image/png;base64,iVBOR'), null,
  ]);
});

test("a Spanish batch page: the product's name, the notes, the hives' names and the seasons in Spanish, else the English", () => {
  const batch = row({
    product_name: 'Wildflower Honey', product_name_es: 'Miel de Flores Silvestres', notes: 'Light amber.', notes_es: 'Ámbar claro.',
    hives: [{ id: 'h1', name: 'Rooftop Hive', name_es: 'Colmena de la Azotea', neighbourhood: 'Downtown', wrap: null },
      { id: 'h2', name: 'Sanctuary Hive 1', name_es: null, neighbourhood: 'Sanctuary Hill', wrap: null }],
    harvests: [{ harvested_on: '2026-10-03', season: 'Fall 2026', neighbourhood: 'Downtown', hive: 'Rooftop Hive', hive_es: 'Colmena de la Azotea',
      weight_lb: 18, moisture_pct: 17.9, floral_notes: null }],
  });
  const spanish = batchInLanguage(batch, 'es');
  expect(spanish).toMatchObject({ product_name: 'Miel de Flores Silvestres', notes: 'Ámbar claro.' });
  expect(spanish.hives.map((h) => h.name)).toEqual(['Colmena de la Azotea', 'Sanctuary Hive 1']);
  expect(spanish.harvests[0].hive).toBe('Colmena de la Azotea');
  expect(spanish.harvests[0].season).toBe('Otoño 2026');
  expect(batchInLanguage({ ...batch, season: 'Summer 2026 & Fall 2026' }, 'es').season).toBe('Verano 2026 & Otoño 2026');
  expect(batchInLanguage({ ...batch, season: 'Fall 2026' }, 'en').season).toBe('Fall 2026');
  expect(batchInLanguage({ ...batch, notes_es: '' }, 'es').notes).toBe('Light amber.');
  expect(batchInLanguage(batch, 'en')).toMatchObject({ product_name: 'Wildflower Honey', notes: 'Light amber.' });
});
