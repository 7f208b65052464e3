/**
 * A look at the first bytes of an upload declared as a raster image: markup is refused (415).
 *
 * Served with its declared image type and `nosniff`, such a file is shown as a broken image, never
 * run; this check keeps HTML/SVG/XML out of image buckets altogether, in case a file is ever served
 * another way (a CDN or proxy that sniffs, a download opened later). Hosted Storage has no such
 * check; no raster format (PNG, JPEG, GIF, WebP, AVIF/HEIF, BMP, TIFF, ICO, JPEG XL) begins with
 * `<` or with whitespace, so the rule "after an optional BOM and whitespace, `<` and a letter, `!`,
 * `?` or `/`" refuses no image. It looks as far as browsers sniff: the first 1445 bytes (WHATWG
 * MIME Sniffing, "resource header"). The file's bytes are not required to match its type's magic
 * number: files whose extension (hence type) names another image format, and placeholder bytes in
 * tests and benches, are uploads hosted Storage accepts.
 */
import { Transform } from 'node:stream';
import { StorageError } from './errors.js';

const RESOURCE_HEADER = 1445;
const MARKUP = /^[\t\n\f\r ]*<[A-Za-z!?/]/;

/** Raster images: `image/*` but SVG (markup by nature, allowed only where a bucket lists it). */
export function isRasterImage(essence: string): boolean {
  return essence.startsWith('image/') && !essence.endsWith('+xml');
}

function decode(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return head.subarray(3).toString('utf8');
  if (head[0] === 0xff && head[1] === 0xfe) return head.subarray(2).toString('utf16le');
  if (head[0] === 0xfe && head[1] === 0xff) return Buffer.from(head.subarray(2, head.length & ~1)).swap16().toString('utf16le');
  return head.toString('latin1');
}

/**
 * Does this start of a file open with markup? UTF-8 or UTF-16 after a BOM, else bytes as Latin-1.
 * Undefined while too little has arrived to tell (part of a BOM, only whitespace, a lone `<`).
 */
export function startsWithMarkup(head: Buffer, complete: boolean): boolean | undefined {
  const bytes = head.subarray(0, RESOURCE_HEADER);
  const final = complete || bytes.length === RESOURCE_HEADER;
  if (!final && bytes.length < 3) return undefined;
  const text = decode(bytes);
  const first = text.search(/[^\t\n\f\r ]/);
  if (first >= 0 && text[first] !== '<') return false;
  if (first < 0 || first + 1 >= text.length) return final ? false : undefined;
  return MARKUP.test(text);
}

export const markupRefused = (mimeType: string) => new StorageError(415, 'InvalidMimeType',
  `mime type ${mimeType} is not supported: the file starts with markup (HTML, SVG or XML), not image data`,
  'invalid_mime_type');

/**
 * Passes the bytes through once their start is judged. On markup it keeps reading (and dropping)
 * to the end and fails then: failing at once would destroy the request mid-body, and with it the
 * connection the 415 answer has to go back on. The size limit is enforced before this stage.
 */
export function markupGuard(mimeType: string): Transform {
  const held: Buffer[] = [];
  let state: 'looking' | 'passing' | 'refused' = 'looking';
  const judge = (stream: Transform, complete: boolean) => {
    const verdict = startsWithMarkup(Buffer.concat(held), complete);
    if (verdict === true) state = 'refused';
    if (verdict !== false) return;
    state = 'passing';
    for (const chunk of held.splice(0)) stream.push(chunk);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (state === 'passing') return done(null, chunk);
      if (state === 'looking') {
        held.push(chunk);
        judge(this, false);
      }
      done();
    },
    flush(done) {
      if (state === 'looking') judge(this, true);
      done(state === 'refused' ? markupRefused(mimeType) : null);
    },
  });
}
