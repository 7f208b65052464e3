/**
 * The hives' printable label sheet: one label per hive on weatherproof 2" x 4" label paper (the
 * layout of Avery 5523, the same as the honey batches' 5163 paper), each with a QR code of the
 * hive's sign page on the site (/hive/<sign_code>), the hive's name and its code. Print-ready HTML:
 * `@page` size and margins, labels at the paper's pitch, as many sheets as the hives need. Every
 * word is the sign block's 'label' of the 'pages/hives' content document (content/pages/hives.yaml).
 */
import type { HiveSignWords } from '../../../../supabase/functions/_shared/content-schema/pages/hives.ts';
import { escapeHtml, fillWords, LABEL_PAPERS, sheetDocument, siteUrl } from '../honey_batches/labelSheet';

export type HiveLabelWords = HiveSignWords['label'];

/** A hive on the sheet (get_buzz_haven_hives' columns). */
export interface HiveLabel { name: string; sign_code: string }

export { siteUrl };

export const HIVE_PAPER = LABEL_PAPERS['avery-5163'];

/** The hive's sign page on the site: `<siteUrl>/hive/<code>`. */
export function hiveSignUrl(site: string, code: string): string {
  return `${site.replace(/\/+$/, '')}/hive/${encodeURIComponent(code)}`;
}

/**
 * The sheet's HTML: a whole document. `qrSvgs` are the QR codes of the hives' pages as SVG
 * elements, in the hives' order (trusted: made by the qrcode package); every text is escaped.
 */
export function hiveLabelSheetHtml(hives: HiveLabel[], qrSvgs: string[], site: string, words: HiveLabelWords): string {
  const paper = HIVE_PAPER;
  const perSheet = paper.columns * paper.rows;
  const fill = (text: string, values: Record<string, string | number> = {}) =>
    escapeHtml(fillWords(text, { paper: words.paper, count: hives.length, ...values }));
  const label = (hive: HiveLabel, i: number) => {
    const slot = i % perSheet;
    const x = paper.left + (slot % paper.columns) * paper.pitchX;
    const y = paper.top + Math.floor(slot / paper.columns) * paper.pitchY;
    const url = hiveSignUrl(site, hive.sign_code);
    return `<div class="label" data-code="${escapeHtml(hive.sign_code)}" style="left:${x}in;top:${y}in">` +
      `<div class="qr" role="img" aria-label="${fill(words.qr, { url })}">${qrSvgs[i]}</div>` +
      `<div class="text"><p class="name">${escapeHtml(hive.name)}</p><p class="scan">${fill(words.scan)}</p>` +
      `<p class="code">${fill(words.code, { code: hive.sign_code })}</p></div></div>`;
  };
  const sheets = Array.from({ length: Math.max(1, Math.ceil(hives.length / perSheet)) }, (_, s) =>
    `<main class="sheet" aria-label="${fill(words.sheet)}">\n` +
    hives.slice(s * perSheet, (s + 1) * perSheet).map((hive, i) => label(hive, s * perSheet + i)).join('\n') +
    '\n</main>');
  const labelCss = `.label { position: absolute; width: ${paper.width}in; height: ${paper.height}in; display: flex; align-items: center;
  gap: 0.12in; padding: 0.15in; overflow: hidden; }
.qr { width: 1.6in; height: 1.6in; flex: none; background: #fff; }
.name { font-weight: bold; font-size: 14pt; }
.scan { font-size: 10pt; margin-top: 4px; }
.code { font-family: 'Courier New', monospace; font-weight: bold; font-size: 11pt; margin-top: 4px; }`;
  const note = `<p><strong>${fill(words.noteHeading)}</strong> ${fill(words.notePrint)}</p>`;
  return sheetDocument(fill(words.title), labelCss, note, sheets.join('\n'));
}
