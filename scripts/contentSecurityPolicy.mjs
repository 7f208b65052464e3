/**
 * The Content-Security-Policy of every page the build assembles (scripts/site-build.mjs
 * `assemble`): the site's pages and the admin's index.html. A page runs only scripts from its own
 * origin and the inline scripts the build itself wrote into it, each allowed by its SHA-256 hash
 * (CSP Level 3 "hash-source"). Those are known by their exact text before any page is read: the
 * list the site's build writes (site/src/build/inlineScripts.ts, public/inline-scripts.json) and
 * Gatsby's page-path script of the page. An inline script with any other text stops assembly with
 * the page's name, so a script that slipped into a page (a `</script>` in published text) is
 * never hashed and the browser refuses it, as it refuses `javascript:` URLs without
 * 'unsafe-inline'.
 *
 * The policy travels in a `<meta http-equiv>` element at the top of each page's <head>, so every
 * static host enforces it with no header configuration, and each page lists only its own hashes.
 * What a meta policy cannot say (frame-ancestors, which browsers ignore there) is sent as the
 * `headers` of scripts/hosting.json, which scripts/serve.mjs serves and `_headers` carries to
 * Netlify and Cloudflare Pages.
 */
import { createHash } from 'node:crypto';

export const META_ATTR = 'data-csp';
/** The site build's list of the inline scripts it wrote (site/src/build/inlineScripts.ts). */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json';
const META = new RegExp(`<meta http-equiv="Content-Security-Policy"[^>]*${META_ATTR}[^>]*>`, 'g');
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;

/** The path Gatsby gives the page at `entry` of the built folder ('index.html' -> '/', 'a/index.html' -> '/a'). */
export function pagePathOf(entry) {
  const page = `/${entry.split('\\').join('/')}`;
  return page === '/index.html' ? '/' : page.replace(/\/index\.html$/, '');
}

/** Gatsby's page-path script for a page (gatsby/cache-dir/static-entry.js, with slices on). */
export const pagePathScript = (pagePath) => `/*<![CDATA[*/window.pagePath=${JSON.stringify(pagePath)};/*]]>*/`;

/**
 * The inline scripts a page of the built folder may carry: the build's list (the parsed
 * inline-scripts.json, or null where there is none, as for the admin) and its page-path script.
 */
export const knownScripts = (list, entry) => [...(list?.scripts ?? []).map(({ body }) => body), pagePathScript(pagePathOf(entry))];

const excerpt = (text) => JSON.stringify(text.trim().slice(0, 80));

/**
 * The sha256 hash-source of each inline script the browser would run (not JSON data blocks). Each
 * must be one of `known` (texts, compared without the whitespace around them); any other throws,
 * naming `page`.
 */
export function inlineScriptHashes(html, known = [], page = 'the page') {
  const allowed = new Set(known.map((text) => text.trim()));
  const hashes = new Set();
  for (const [, attrs, body] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type.trim())) continue;
    if (!allowed.has(body.trim())) {
      throw new Error(`${page}: an inline script the build did not write (<script${attrs}> ${excerpt(body)}): `
        + 'only the inline scripts the build writes may run; see scripts/contentSecurityPolicy.mjs');
    }
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The map tiles' default template (site/src/components/hives/mapConfig.ts): OpenStreetMap's. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The img-src source of a Leaflet tile URL template ('https://{s}.tile.example.org/{z}/{x}/{y}.png'
 * -> 'https://*.tile.example.org'); null for anything but an http(s) template.
 */
export function tileImageSource(template = DEFAULT_TILE_URL) {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return null;
  const host = match[2].replace(/\{s\}/g, '*').toLowerCase();
  return /^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host) ? `${match[1].toLowerCase()}://${host}` : null;
}

/** The origin of each API URL the browser code calls (the Supabase project, or the local backend). */
export const origins = (urls) => [...new Set(urls.filter(Boolean).map((url) => new URL(url).origin))];

/**
 * The policy of a page: scripts from this origin and the listed hashes; styles may be inline (the
 * site inlines its CSS, MUI writes style elements); data goes to this origin and the API only.
 */
export function policy({ hashes = [], api = [], images = [] }) {
  const directives = [
    ["default-src", "'self'"],
    ['script-src', "'self'", ...hashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...images],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...api],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * Writes the policy into a page as the first element after its charset declaration (a meta policy
 * covers only what follows it; the charset must stay in the first 1024 bytes). Any policy an
 * earlier run wrote is replaced, so a page rewritten twice gets the hashes of its scripts now.
 * `scripts` are the inline scripts the page may carry (knownScripts); any other throws, naming
 * `page`. Returns the page unchanged when it has no <head>.
 */
export function withPolicy(html, { scripts = [], page, ...options }) {
  const bare = html.replace(META, '');
  const content = policy({ ...options, hashes: inlineScriptHashes(bare, scripts, page) });
  const meta = `<meta http-equiv="Content-Security-Policy" content="${content.replace(/"/g, '&quot;')}" ${META_ATTR}="">`;
  const charset = /<meta charset=["']?utf-8["']?\s*\/?>/i.exec(bare);
  if (charset) return bare.slice(0, charset.index + charset[0].length) + meta + bare.slice(charset.index + charset[0].length);
  const head = /<head\b[^>]*>/i.exec(bare);
  if (!head) return html;
  return bare.slice(0, head.index + head[0].length) + meta + bare.slice(head.index + head[0].length);
}
