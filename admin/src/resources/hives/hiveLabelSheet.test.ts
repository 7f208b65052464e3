/**
 * The hives' label sheet (hiveLabelSheet.ts): one label per hive, ten a sheet, each QR code
 * decoding (jsQR over the SVG's modules drawn as pixels) to that hive's sign page; names escaped;
 * the words are the 'pages/hives' document's sign label block.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import jsQR from 'jsqr';
import { toString } from 'qrcode';
import { HiveSign } from '../../../../supabase/functions/_shared/content-schema/pages/hives.ts';
import { hiveLabelSheetHtml, hiveSignUrl, type HiveLabel } from './hiveLabelSheet';
import { rasterize } from '../../test/qrRaster';

const WORDS = HiveSign.shape.label.parse(
  (parse(readFileSync(join(__dirname, '../../../../content/pages/hives.yaml'), 'utf8')) as { sign: { label: unknown } }).sign.label);
const SITE = 'https://buzzhaven.example/';

test('one label per hive, ten a sheet, each QR code opening its own sign page', async () => {
  const hives: HiveLabel[] = Array.from({ length: 12 }, (_, i) => ({ name: `Hive <${i}> & Co`, sign_code: `AB${String(i).padStart(6, '0')}` }));
  const svgs = await Promise.all(hives.map((h) => toString(hiveSignUrl(SITE, h.sign_code), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })));
  const html = hiveLabelSheetHtml(hives, svgs, SITE, WORDS);
  expect(html.match(/<main class="sheet"/g)).toHaveLength(2);
  expect(html.match(/class="label"/g)).toHaveLength(12);
  expect(html).toContain('Hive &lt;3&gt; &amp; Co');
  expect(html).toContain('Hive AB000011');
  expect(html).toContain('12 hive labels, 10 a sheet (Avery 5523 WeatherProof, 2 x 4 in)');
  for (const n of [0, 11]) {
    const { data, size } = rasterize(html, n);
    expect(jsQR(data, size, size)?.data).toBe(`https://buzzhaven.example/hive/${hives[n]!.sign_code}`);
  }
});
