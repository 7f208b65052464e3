/**
 * The label sheet (labelSheet.ts): the QR code in the generated HTML decodes (jsQR over the SVG's
 * modules drawn as pixels) to the batch's page on the configured site; every label on the paper
 * says the product, weight, batch code and "Harvested in <neighbourhood>, <season>", escaped; the
 * page is the paper's size. The words are the 'pages/honey' content document's 'label' block
 * (content/pages/honey.yaml), checked by its schema (labelWordsOf); other words change the sheet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import jsQR from 'jsqr';
import { toString } from 'qrcode';
import { batchPageUrl, harvestedLine, LABEL_PAPERS, labelSheetHtml, sheetsFor, type BatchLabel, type LabelWords } from './labelSheet';
import { labelWordsOf } from './labelWords';
import { rasterize } from '../../test/qrRaster';

const WORDS = labelWordsOf(parse(readFileSync(join(__dirname, '../../../../content/pages/honey.yaml'), 'utf8'))) as LabelWords;

const LABEL: BatchLabel = {
  code: 'EH-24F-07', product_name: 'Wildflower <Honey> & Co', net_weight: '16 oz jar',
  harvested_in: 'Echo Park & Silver Lake', season: 'Fall 2024',
};

test('the QR code on the sheet decodes to the batch page on the site', async () => {
  const url = batchPageUrl('https://buzzhaven.example/', 'EH-24F-07');
  expect(url).toBe('https://buzzhaven.example/honey/EH-24F-07');
  const html = labelSheetHtml(LABEL, LABEL_PAPERS['avery-22807'], url, await toString(url, { type: 'svg', margin: 2 }), 48, WORDS);
  const { data, size } = rasterize(html);
  expect(jsQR(data, size, size)?.data).toBe('https://buzzhaven.example/honey/EH-24F-07');
});

test.each([['avery-22807', 12, '2in', '2in'], ['avery-5163', 10, '4in', '2in']] as const)(
  '%s: %i labels of %s x %s on a Letter page, each with every fact, escaped', async (paper, count, width, height) => {
    const html = labelSheetHtml(LABEL, LABEL_PAPERS[paper], 'https://x.example/honey/EH-24F-07', '<svg></svg>', 48, WORDS);
    expect(html).toContain('@page { size: 8.5in 11in; margin: 0; }');
    expect(html).toContain(`width: ${width}; height: ${height};`.replace(/(\d)in/g, '$1in'));
    const labels = html.match(/<div class="label"/g) ?? [];
    expect(labels).toHaveLength(count);
    expect(html.match(/<p class="product">Wildflower &lt;Honey&gt; &amp; Co<\/p>/g)).toHaveLength(count);
    expect(html.match(/Net wt\. 16 oz jar/g)).toHaveLength(count);
    expect(html.match(/Harvested in Echo Park &amp; Silver Lake, Fall 2024/g)).toHaveLength(count);
    expect(html.match(/Batch EH-24F-07<\/p>/g)).toHaveLength(count);
    expect(html).not.toContain('<Honey>');
  });

test('the harvest line without a neighbourhood or season; sheets for the jars', () => {
  expect(harvestedLine({ harvested_in: 'Echo Park', season: null }, WORDS)).toBe('Harvested in Echo Park');
  expect(harvestedLine({ harvested_in: null, season: 'Fall 2024' }, WORDS)).toBe('Harvested, Fall 2024');
  expect(harvestedLine({ harvested_in: null, season: null }, WORDS)).toBe('Harvested');
  expect(sheetsFor(LABEL_PAPERS['avery-22807'], 48)).toBe(4);
  expect(sheetsFor(LABEL_PAPERS['avery-5163'], 48)).toBe(5);
  expect(sheetsFor(LABEL_PAPERS['avery-5163'], 0)).toBe(1);
});

test("the sheet's words are the content document's: other words, other sheet; the note counts copies; no words, none", () => {
  const words: LabelWords = {
    ...WORDS, netWeight: 'Poids net {weight}', code: 'Lot {code}', harvestedInSeason: 'Récolté à {neighbourhood}, {season}',
    title: 'Étiquettes {code} ({paper})', papers: { ...WORDS.papers, avery5163: 'Avery 5163 <rect>' },
  };
  const html = labelSheetHtml(LABEL, LABEL_PAPERS['avery-5163'], 'https://x.example/honey/EH-24F-07', '<svg></svg>', 48, words);
  expect(html.match(/Poids net 16 oz jar/g)).toHaveLength(10);
  expect(html.match(/Lot EH-24F-07<\/p>/g)).toHaveLength(10);
  expect(html.match(/Récolté à Echo Park &amp; Silver Lake, Fall 2024/g)).toHaveLength(10);
  expect(html).not.toContain('Net wt.');
  expect(html).toContain('<title>Étiquettes EH-24F-07 (Avery 5163 &lt;rect&gt;)</title>');
  expect(html).toContain('48 jars: print 5 copies at 100% scale');
  const one = labelSheetHtml(LABEL, LABEL_PAPERS['avery-5163'], 'https://x.example/honey/EH-24F-07', '<svg></svg>', 3, WORDS);
  expect(one).toContain('3 jars: print 1 copy at 100% scale');
  expect(one).toContain('aria-label="QR code: https://x.example/honey/EH-24F-07"');
  expect(labelWordsOf({ label: { ...WORDS, code: undefined } })).toBeNull();
  expect(labelWordsOf(null)).toBeNull();
});
