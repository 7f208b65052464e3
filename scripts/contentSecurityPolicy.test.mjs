import { createHash } from 'node:crypto';
import { inlineScriptHashes, origins, policy, tileImageSource, withPolicy } from './contentSecurityPolicy.mjs';

const hash = (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
const page = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>x</title>',
  '<script type="module">import("/a.js")</script>',
  '<script type="application/ld+json">{"name":"\\u003c/script\\u003e"}</script>',
  '<script src="/app.js" async></script>',
  '</head><body><script>window.pagePath="/";</script><script data-id="x">document.body.offsetWidth</script></body></html>',
].join('');

test('hashes every inline script the browser runs, and no JSON block or external script', () => {
  expect(inlineScriptHashes(page).sort()).toEqual(
    [hash('import("/a.js")'), hash('window.pagePath="/";'), hash('document.body.offsetWidth')].sort(),
  );
});

test('the policy allows this origin and the hashes, no inline script otherwise, and data only to the API', () => {
  const value = policy({ hashes: ["'sha256-abc'"], api: ['https://ref.supabase.co'] });
  expect(value).toContain("script-src 'self' 'sha256-abc';");
  expect(value).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(value).toContain("connect-src 'self' https://ref.supabase.co;");
  expect(value).toContain("object-src 'none'");
});

test('the meta policy goes right after the charset and is replaced, not repeated, on a second run', () => {
  const once = withPolicy(page, { api: origins(['http://127.0.0.1:54321/', 'http://127.0.0.1:54321']) });
  expect(once.indexOf('<meta http-equiv="Content-Security-Policy"')).toBe(once.indexOf('<meta charSet="utf-8"/>') + '<meta charSet="utf-8"/>'.length);
  expect(once).toContain(`connect-src 'self' http://127.0.0.1:54321;`);
  const changed = once.replace('window.pagePath="/";', 'window.pagePath="/shop";');
  const twice = withPolicy(changed, { api: [] });
  expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1);
  expect(twice).toContain(hash('window.pagePath="/shop";'));
  expect(twice).not.toContain(hash('window.pagePath="/";'));
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
