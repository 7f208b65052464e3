/**
 * A message's wording (one kind of the 'messages' document, supabase/functions/_shared/content-schema/messages.ts) filled with
 * its placeholder values: the subject, the plain text and the HTML body, the contact footer under
 * both. Shared by the sender (render.ts, which adds the address checks, the envelope and the .ics)
 * and the admin's preview of the document (admin/src/resources/content/MessagesPreview.tsx, with
 * sample values), so staff see what a customer receives. No imports but the schema's pattern,
 * the escaping and the money format: it runs in Deno, Node and the browser.
 * Paragraphs are split by blank lines; a paragraph whose placeholders are all empty is left out,
 * as are lines left empty by an empty value; every value is HTML-escaped; `{{order.lines}}` alone
 * in its paragraph becomes a table in HTML, `{{visit.photo}}` alone in its paragraph the picture.
 */
import { PLACEHOLDER, type MessageKind, type MessagesDocument } from '../_shared/content-schema/messages.ts';
import { escapeHtml } from './markdown.ts';
import { money, type Line } from './values.ts';
import { VALUE_WORDS, type ValueWords } from './valueWords.ts';

// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]+/g;
/** One line: line breaks, tabs and other control characters become one space. */
export const oneLine = (value: string): string => value.replace(CONTROL, ' ').replace(/\s{2,}/g, ' ').trim();

export interface FilledWording {
  subject: string;
  text: string;
  /** The body's HTML (paragraphs, the lines' table and the footer), without <html> or <body>. */
  bodyHtml: string;
}

function fill(template: string, values: Record<string, string>, escape: (v: string) => string): string {
  return template.split(PLACEHOLDER).map((part, i) => (i % 2 === 0 ? escape(part) : escape(values[part] ?? ''))).join('');
}

/** Paragraphs; empty lines left by an empty value dropped. */
const paragraphs = (text: string) =>
  text.split(/\n[ \t]*\n/).map((p) => p.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '').join('\n')).filter(Boolean);

/** The template's paragraphs but those whose placeholders all came out empty. */
function shownParagraphs(template: string, values: Record<string, string>): string[] {
  return paragraphs(template).filter((p) => {
    const names = [...p.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    return names.length === 0 || names.some((name) => (values[name] ?? '').trim() !== '');
  });
}

function linesTable(lines: Line[], head: ValueWords['orderTable']): string {
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #eee"';
  const rows = lines.map((l) => `<tr><td ${cell}>${escapeHtml(l.name)}</td><td ${cell} align="right">${l.quantity}</td>` +
    `<td ${cell} align="right">${money(l.unit_price)}</td><td ${cell} align="right">${money(l.line_total)}</td></tr>`);
  return `<table style="border-collapse:collapse"><thead><tr><th ${cell} align="left">${escapeHtml(head.product)}</th>` +
    `<th ${cell}>${escapeHtml(head.quantity)}</th><th ${cell}>${escapeHtml(head.price)}</th><th ${cell}>${escapeHtml(head.total)}</th>` +
    `</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A photo alone in its paragraph: the picture itself (its address is an http(s) URL, values.ts). */
const photoHtml = (url: string): string =>
  `<p style="margin:0 0 1em"><img src="${escapeHtml(url)}" alt="" style="max-width:100%;height:auto;border-radius:4px"></p>`;

/** The footer under every message: the document's footer line and the business's contact. */
export function footerHtml(footer: string, contactLine: string): string {
  return `<p style="margin:2em 0 0;color:#666;font-size:13px;border-top:1px solid #ddd;padding-top:1em">` +
    `${escapeHtml(footer)}<br>${escapeHtml(contactLine)}</p>`;
}

/** The whole HTML part around a body. */
export const htmlDocument = (bodyHtml: string): string =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5">${bodyHtml}</body></html>`;

/**
 * Fills `kind`'s wording. `values` are plain text (control characters but the lines' breaks are
 * made spaces here); `lines` are the order's lines for the HTML table, headed in the message's
 * language (`tableHead`, English by default).
 */
export function fillWording(
  kind: MessageKind, wording: MessagesDocument, rawValues: Record<string, string>, contactLine: string, lines: Line[] = [],
  tableHead: ValueWords['orderTable'] = VALUE_WORDS.en.orderTable,
): FilledWording {
  const template = wording.messages[kind];
  if (!template) throw new Error(`No wording for messages of kind ${kind}`);
  // Block values keep their line breaks (one line each); any other value is one line.
  const values = Object.fromEntries(Object.entries(rawValues).map(([k, v]) =>
    [k, ['order.lines', 'digest.orders', 'digest.registrations'].includes(k) ? v : v.replace(CONTROL, ' ')]));
  const shown = shownParagraphs(template.body, values);
  const text = [...paragraphs(shown.map((p) => fill(p, values, (v) => v)).join('\n\n')), '--', `${wording.footer}\n${contactLine}`].join('\n\n');
  const htmlParts = shown.map((p) => {
    if (p.trim() === '{{order.lines}}') return linesTable(lines, tableHead);
    if (p.trim() === '{{visit.photo}}') return photoHtml(values['visit.photo']!);
    return `<p style="margin:0 0 1em">${fill(p, values, escapeHtml).split('\n').filter((l) => l.trim() !== '').join('<br>')}</p>`;
  });
  return {
    subject: oneLine(fill(template.subject, values, (v) => v)).slice(0, 250),
    text,
    bodyHtml: `${htmlParts.join('')}${footerHtml(wording.footer, contactLine)}`,
  };
}
