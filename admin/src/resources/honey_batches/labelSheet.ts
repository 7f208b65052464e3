/**
 * A honey batch's printable label sheet: one US Letter page of label paper, print-ready HTML
 * (`@page` size and margins, labels placed at the paper's pitch), each label with the product
 * name, net weight, batch code, "Harvested in <neighbourhood>, <season>" and a QR code of the
 * batch's page on the site (/honey/<code>). The QR code is an SVG made by the `qrcode` package.
 * Every word on the sheet, the papers' names included, is the 'label' block of the 'pages/honey'
 * content document (content/pages/honey.yaml, LabelWords); this file only lays them out.
 */
import type { LabelWords } from '../../../../supabase/functions/_shared/content-schema/pages/honey.ts';

export type { LabelWords };

/** The label paper a sheet is laid out for (Avery's published templates, US Letter, inches). */
export interface LabelPaper {
  id: LabelPaperId;
  /** Its name's key in the words' `papers` (LabelWords). */
  wordsKey: keyof LabelWords['papers'];
  shape: 'round' | 'rectangle';
  width: number;
  height: number;
  columns: number;
  rows: number;
  top: number;
  left: number;
  /** Distance from one label's left (top) edge to the next one's. */
  pitchX: number;
  pitchY: number;
}

export type LabelPaperId = 'avery-22807' | 'avery-5163';

export const LABEL_PAPERS: Record<LabelPaperId, LabelPaper> = {
  // 2" round, 12 a sheet (3 x 4).
  'avery-22807': {
    id: 'avery-22807', wordsKey: 'avery22807', shape: 'round',
    width: 2, height: 2, columns: 3, rows: 4, top: 0.625, left: 0.75, pitchX: 2.5, pitchY: 2.5,
  },
  // 2" x 4", 10 a sheet (2 x 5).
  'avery-5163': {
    id: 'avery-5163', wordsKey: 'avery5163', shape: 'rectangle',
    width: 4, height: 2, columns: 2, rows: 5, top: 0.5, left: 0.15625, pitchX: 4.1875, pitchY: 2,
  },
};

/** What a label says (get_buzz_haven_honey_batch_label). */
export interface BatchLabel {
  code: string;
  product_name: string;
  net_weight: string | null;
  harvested_in: string | null;
  season: string | null;
}

/** The batch's page on the site: `<siteUrl>/honey/<code>`. */
export function batchPageUrl(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/honey/${encodeURIComponent(code)}`;
}

/** The public site's address: the build's SITE_URL, else the origin the admin is served from. */
export function siteUrl(): string {
  const configured = typeof __BUZZ_SITE_URL__ === 'string' ? __BUZZ_SITE_URL__ : '';
  return configured || window.location.origin;
}

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** "Net wt. {weight}" with the values; an unknown {name} is left as written. */
export function fillWords(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** "Harvested in Echo Park, Fall 2024" (either part may be missing). */
export function harvestedLine(label: Pick<BatchLabel, 'harvested_in' | 'season'>, words: LabelWords): string {
  const values = { neighbourhood: label.harvested_in ?? '', season: label.season ?? '' };
  const text = label.harvested_in
    ? (label.season ? words.harvestedInSeason : words.harvestedIn)
    : (label.season ? words.harvestedSeason : words.harvested);
  return fillWords(text, values);
}

/** How many sheets `jars` labels need. */
export const sheetsFor = (paper: LabelPaper, jars: number) => Math.max(1, Math.ceil(jars / (paper.columns * paper.rows)));

/**
 * The sheet's HTML: a whole document. `qrSvg` is the QR code of `url` as an SVG element (trusted:
 * made by the qrcode package); every text of the label is escaped.
 */
export function labelSheetHtml(
  label: BatchLabel, paper: LabelPaper, url: string, qrSvg: string, jars: number, words: LabelWords,
): string {
  const count = paper.columns * paper.rows;
  const paperName = words.papers[paper.wordsKey];
  const sheets = sheetsFor(paper, jars);
  const fill = (text: string, more: Record<string, string | number> = {}) =>
    escapeHtml(fillWords(text, { code: label.code, product: label.product_name, paper: paperName, url, ...more }));
  const round = paper.shape === 'round';
  const qrSize = round ? 0.8 : 1.5;
  const lines = [
    `<p class="product">${escapeHtml(label.product_name)}</p>`,
    label.net_weight ? `<p class="weight">${fill(words.netWeight, { weight: label.net_weight })}</p>` : '',
    `<p class="harvest">${escapeHtml(harvestedLine(label, words))}</p>`,
    `<p class="code">${fill(words.code)}</p>`,
  ].join('');
  const one = `<div class="label" data-code="${escapeHtml(label.code)}">` +
    `<div class="qr" role="img" aria-label="${fill(words.qr)}">${qrSvg}</div><div class="text">${lines}</div></div>`;
  const labelCss = `.label { position: absolute; width: ${paper.width}in; height: ${paper.height}in; display: flex; align-items: center;
  ${round ? 'flex-direction: column; justify-content: center; border-radius: 50%; text-align: center; padding: 0.12in;' : 'gap: 0.12in; padding: 0.15in;'}
  overflow: hidden; }
.qr { width: ${qrSize}in; height: ${qrSize}in; flex: none; background: #fff; }
.product { font-weight: bold; font-size: ${round ? 9 : 14}pt; }
.weight, .harvest { font-size: ${round ? 6.5 : 10}pt; }
.code { font-family: 'Courier New', monospace; font-weight: bold; font-size: ${round ? 7 : 11}pt; margin-top: 2px; }`;
  const note = `<p><strong>${fill(words.noteHeading)}</strong> ${fill(words.noteSheet, { count })}</p>
<p>${fill(words.notePrint, { jars, sheets: fillWords(sheets === 1 ? words.copies.one : words.copies.other, { count: sheets }) })}</p>`;
  const sheet = `<main class="sheet" aria-label="${fill(words.sheet)}">
${Array.from({ length: count }, (_, i) => {
    const x = paper.left + (i % paper.columns) * paper.pitchX;
    const y = paper.top + Math.floor(i / paper.columns) * paper.pitchY;
    return one.replace('<div class="label"', `<div class="label" style="left:${x}in;top:${y}in"`);
  }).join('\n')}
</main>`;
  return sheetDocument(fill(words.title), labelCss, note, sheet);
}

/**
 * A whole print-ready document of label sheets on US Letter: `@page` without margins, each
 * `<main class="sheet">` one page, the labels' own CSS (`labelCss`: sizes, the QR's box, the text)
 * and a note above the sheets on screen only. Shared by every label sheet (honey batches, hives);
 * `title`, `note` and `sheets` are HTML their callers escaped.
 */
export function sheetDocument(title: string, labelCss: string, note: string, sheets: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>
@page { size: 8.5in 11in; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: Georgia, 'Times New Roman', serif; color: #1f1300; }
.note { font: 14px/1.4 system-ui, sans-serif; padding: 12px 16px; background: #fff7e0; border-bottom: 1px solid #e0c070; }
.note p { margin: 0 0 4px; }
.sheet { position: relative; width: 8.5in; height: 11in; overflow: hidden; }
.sheet + .sheet { break-before: page; }
.qr svg { display: block; width: 100%; height: 100%; }
.text p { margin: 0; line-height: 1.15; }
${labelCss}
@media screen {
  body { background: #eee; }
  .sheet { background: #fff; margin: 16px auto; box-shadow: 0 1px 4px rgba(0,0,0,.3); }
  .label { outline: 1px dashed #bbb; }
}
@media print { .note { display: none; } }
</style>
</head>
<body>
<div class="note">
${note}
</div>
${sheets}
</body>
</html>
`;
}
