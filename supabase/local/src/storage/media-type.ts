/**
 * The MIME type of an object: checked and normalised on upload, normalised again when served.
 *
 * Storage stores the client's Content-Type as given and checks the allow-list on the text split
 * at `/` (supabase/storage src/storage/uploader.ts validateMimeType). Reading only up to `;`, as
 * this backend did, let `image/png;,text/html` through an `image/png` list; Chromium takes the
 * last of comma-separated types, so it rendered the body as HTML on this origin (which also serves
 * /auth/v1 and /mailbox). So here the header must be one media type in RFC 9110 §8.3.1 grammar
 * (`type/subtype *(OWS ";" OWS [token "=" (token / quoted-string)])`), else 415, as hosted Storage
 * answers such a header for a bucket that lists the type; what is stored and sent is only
 * `type/subtype` (lower case) and the charset, so no text of the client's survives but tokens.
 */
import { ERRORS } from './errors.js';

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
const OWS = '[ \\t]*';
// Written so that every space has one place to match (no backtracking blow-up on long headers).
const MEDIA_TYPE = new RegExp(`^${OWS}(${TOKEN}/${TOKEN})${OWS}((?:;${OWS}(?:${TOKEN}=(?:${TOKEN}|${QUOTED})${OWS})?)*)$`);
/** One parameter (name, value) of a parameter list MEDIA_TYPE accepted. */
const PARAMS = new RegExp(`;${OWS}(?:(${TOKEN})=(${TOKEN}|${QUOTED})${OWS})?`, 'g');
const IS_TOKEN = new RegExp(`^${TOKEN}$`);

export interface MediaType {
  /** `type/subtype`, lower case. */
  essence: string;
  /** What is stored and served: the essence, `;charset=<token>` when one was given. */
  normalised: string;
}

/** The media type of a Content-Type header, or undefined when it is not exactly one. */
export function parseMediaType(header: string): MediaType | undefined {
  const m = MEDIA_TYPE.exec(header);
  if (!m) return undefined;
  const essence = m[1]!.toLowerCase();
  let charset: string | undefined;
  for (const [, name, value] of m[2]!.matchAll(PARAMS)) {
    if (name?.toLowerCase() !== 'charset' || charset !== undefined) continue;
    const text = value!.startsWith('"') ? value!.slice(1, -1).replace(/\\(.)/g, '$1') : value!;
    if (IS_TOKEN.test(text)) charset = text;
  }
  return { essence, normalised: charset ? `${essence};charset=${charset}` : essence };
}

/**
 * The upload's type, checked: one well-formed media type (415 otherwise) whose `type/subtype`
 * matches an allowed `type/subtype` or `type/*` (Storage's rule, letter case ignored).
 */
export function uploadType(header: string, allowed: string[] | null): MediaType {
  const type = parseMediaType(header);
  if (!type) throw ERRORS.InvalidMimeType(header);
  if (!allowed || allowed.length === 0) return type;
  const [main, sub] = type.essence.split('/');
  const ok = allowed.some((entry) => {
    const [aMain, aSub] = entry.toLowerCase().split('/');
    return aMain === main && (aSub === '*' || aSub === sub);
  });
  if (!ok) throw ERRORS.InvalidMimeType(header);
  return type;
}

/**
 * The Content-Type an object is served with: its stored type normalised (rows written before the
 * check above included), application/octet-stream when that is no media type, and HTML as
 * text/plain, as Storage's renderer does (src/storage/renderer/renderer.ts normalizeContentType).
 */
export function servedType(stored: string | undefined | null): string {
  const type = typeof stored === 'string' ? parseMediaType(stored) : undefined;
  if (!type) return 'application/octet-stream';
  return type.essence === 'text/html' ? type.normalised.replace('text/html', 'text/plain') : type.normalised;
}

/**
 * Types a browser opens as a document that can run script (SVG, XHTML, XML with XSLT): served with
 * `Content-Security-Policy: sandbox`, so one opened directly runs no script and, in an opaque
 * origin, reaches nothing of this origin; as an `<img>` an SVG is unaffected.
 */
export function isScriptableDocument(essence: string): boolean {
  return essence.endsWith('+xml') || essence === 'text/xml' || essence === 'application/xml';
}
