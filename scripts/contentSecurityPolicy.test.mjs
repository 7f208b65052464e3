import { createHash } from 'node:crypto';
import { inlineScriptHashes, knownScripts, origins, pagePathOf, pagePathScript, policy, tileImageSource, withPolicy } from './contentSecurityPolicy.mjs';

const hash = (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
const page = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>x</title>',
  '<script type="module">import("/a.js")</script>',
  '<script type="application/ld+json">{"name":"\\u003c/script\\u003e"}</script>',
  '<script src="/app.js" async></script>',
  '</head><body><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>',
  '<script data-id="x">document.body.offsetWidth</script><script id="map">\n  window.map={};\n</script></body></html>',
].join('');
// What the site's build lists as the inline scripts it wrote (its inline-scripts.json).
const built = { scripts: [{ name: 'module', body: 'import("/a.js")' }, { name: 'slice', body: 'document.body.offsetWidth' }, { name: 'map', body: 'window.map={};' }] };
const known = knownScripts(built, 'index.html');

test('hashes each inline script the build wrote as it is in the page, and no JSON block or external script', () => {
  expect(inlineScriptHashes(page, known).sort()).toEqual(
    [hash('import("/a.js")'), hash(pagePathScript('/')), hash('document.body.offsetWidth'), hash('\n  window.map={};\n')].sort(),
  );
});

test('an inline script the build did not write stops assembly, naming the page', () => {
  const injected = page.replace('</body>', '<script>window.__slipped=1</script></body>');
  expect(() => withPolicy(injected, { scripts: known, page: 'about/index.html' })).toThrow(
    /^about\/index\.html: an inline script the build did not write \(<script> "window.__slipped=1"\)/,
  );
  // The text must be the whole script: a known one with more after it is another script.
  const extended = page.replace('document.body.offsetWidth<', 'document.body.offsetWidth;alert(1)<');
  expect(() => withPolicy(extended, { scripts: known, page: 'index.html' })).toThrow(/index\.html: an inline script/);
  // With no list (the admin), any inline script is refused.
  expect(() => withPolicy(page, { scripts: knownScripts(null, 'admin/index.html'), page: 'admin/index.html' })).toThrow(/admin\/index\.html/);
});

test("Gatsby's page-path script is allowed on its own page only", () => {
  expect(pagePathOf('index.html')).toBe('/');
  expect(pagePathOf('hives/index.html')).toBe('/hives');
  expect(pagePathOf('honey/EH-26F-01/index.html')).toBe('/honey/EH-26F-01');
  expect(pagePathOf('404.html')).toBe('/404.html');
  expect(() => withPolicy(page, { scripts: knownScripts(built, 'shop/index.html'), page: 'shop/index.html' })).toThrow(/window\.pagePath=/);
});

test('the policy allows this origin and the hashes, no inline script otherwise, and data only to the API', () => {
  const value = policy({ hashes: ["'sha256-abc'"], api: ['https://ref.supabase.co'] });
  expect(value).toContain("script-src 'self' 'sha256-abc';");
  expect(value).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(value).toContain("connect-src 'self' https://ref.supabase.co;");
  expect(value).toContain("object-src 'none'");
});

test('the meta policy goes right after the charset and is replaced, not repeated, on a second run', () => {
  const once = withPolicy(page, { scripts: known, api: origins(['http://127.0.0.1:54321/', 'http://127.0.0.1:54321']) });
  expect(once.indexOf('<meta http-equiv="Content-Security-Policy"')).toBe(once.indexOf('<meta charSet="utf-8"/>') + '<meta charSet="utf-8"/>'.length);
  expect(once).toContain(`connect-src 'self' http://127.0.0.1:54321;`);
  const changed = once.replace('window.pagePath="/";', 'window.pagePath="/shop";');
  const twice = withPolicy(changed, { scripts: knownScripts(built, 'shop/index.html'), api: [] });
  expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1);
  expect(twice).toContain(hash(pagePathScript('/shop')));
  expect(twice).not.toContain(hash(pagePathScript('/')));
});

test('a page without a head is left as it is', () => {
  expect(withPolicy('<p>fragment</p>', { api: [] })).toBe('<p>fragment</p>');
});

test("the /hives map's tiles: the template's host (a {s} subdomain as *), OpenStreetMap's by default, nothing for other schemes", () => {
  expect(tileImageSource()).toBe('https://tile.openstreetmap.org');
  expect(tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  expect(tileImageSource('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
  expect(tileImageSource('javascript:alert(1)//{z}')).toBeNull();
  expect(tileImageSource("https://evil.example; script-src 'unsafe-inline'/{z}")).toBeNull();
  expect(policy({ images: [tileImageSource()] })).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
});
