/**
 * What assembly (scripts/site-build.mjs) lets into the folder the static host serves. A page's
 * Content-Security-Policy allows only the inline scripts the build itself wrote: a built page with
 * one more inline script stops assembly, naming the page, rather than getting a hash that lets
 * it run. And the bundles' source maps are not served (they are kept beside dist).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = resolve(__dirname, '../../..');
const COPY = join(ROOT, '.tmp/e2e-injected');

test.afterAll(() => rmSync(COPY, { recursive: true, force: true }));

test('a built page with an inline script the build did not write stops assembly, naming the page', () => {
  rmSync(COPY, { recursive: true, force: true });
  execFileSync('cp', ['-a', join(ROOT, 'site/public'), COPY]);
  const about = join(COPY, 'about/index.html');
  writeFileSync(about, readFileSync(about, 'utf8').replace('</body>', '<script>window.__slipped=1</script></body>'));
  const assemble = "const { assemble } = await import('./scripts/site-build.mjs'); assemble(process.argv[1]);";
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', assemble, COPY], { cwd: ROOT, encoding: 'utf8' });
  expect(result.status).not.toBe(0);
  expect(result.stderr).toContain('about/index.html: an inline script the build did not write');
  expect(result.stderr).toContain('window.__slipped=1');
});

test('the served site has no source maps; they are kept beside it', async ({ request }) => {
  const dist = join(ROOT, 'dist');
  const bundles = readdirSync(dist).filter((name) => /^app-.*\.js$/.test(name));
  expect(bundles).toHaveLength(1);
  expect(readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.map'))).toEqual([]);
  expect((await request.get(`/${bundles[0]}.map`)).status()).toBe(404);
  expect(existsSync(join(ROOT, 'dist-sourcemaps', `${bundles[0]}.map`))).toBe(true);
});
