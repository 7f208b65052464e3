/**
 * What staff publish never runs as script. A staff member names a product
 * `</script><script>...alert...</script>`, publishes, and the local publisher rebuilds the site
 * (scripts/publisher.mjs, into a folder of this test's own, served on a port of its own so the
 * other specs keep the seeded site): on / and /shop the name is text, the JSON-LD still reads it
 * back, no dialog opens and no script of the payload runs. And should a script ever slip into a
 * page, the page's Content-Security-Policy stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { staffRpc } from './staff-api';
import { publishOnce } from '../publish';

const ROOT = resolve(__dirname, '../../..');
const DIST = join(ROOT, '.tmp/e2e-published');
const PORT = 8010;
const PAYLOAD = 'Wildflower</script><script>window.__xss=1;alert("xss")</script>';
const DESCRIPTION = 'Raw honey & more <!-- --> \u2028</script><img src=x onerror="window.__xss=2">';

interface ShopProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
}

let server: ChildProcess | null = null;

test.afterAll(() => {
  server?.kill();
  rmSync(DIST, { recursive: true, force: true });
  rmSync(`${DIST}.builds`, { recursive: true, force: true });
});

test('a product named with a script tag is published as text: no dialog, no script, on / and /shop', async ({ page, request }) => {
  test.setTimeout(420_000);
  const products = await staffRpc<ShopProduct[]>(request, 'get_buzz_haven_shop_products');
  const product = products.find((p) => p.slug === 'wildflower-honey') ?? products[0];
  await staffRpc(request, 'update_buzz_haven_product', { p_id: product.id, p_name: PAYLOAD, p_description: DESCRIPTION });
  try {
    await publishOnce(DIST, 360_000, () => staffRpc(request, 'request_buzz_haven_site_build', { p_reason: 'e2e: script in a product name' }));
  } finally {
    await staffRpc(request, 'update_buzz_haven_product', { p_id: product.id, p_name: product.name, p_description: product.description });
  }
  server = spawn('node', ['scripts/serve.mjs', '--dir', DIST, '--port', String(PORT)], { cwd: ROOT, stdio: 'ignore' });
  await expect.poll(() => fetch(`http://localhost:${PORT}/`).then((r) => r.status, () => 0), { timeout: 15_000 }).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const path of ['/shop/', '/']) {
    await page.goto(`http://localhost:${PORT}${path}`);
    await expect(page.getByRole('heading', { name: PAYLOAD }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('script:not([type]), script[type="text/javascript"]').evaluateAll(
      (scripts) => scripts.filter((s) => s.textContent?.includes('__xss')).length,
    )).toBe(0);
  }
  // The structured data still says what staff wrote, escaped for the script element only.
  await page.goto(`http://localhost:${PORT}/shop/`);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((text) => JSON.parse(text).name)).toContain(PAYLOAD);
  expect(jsonLd.some((text) => text.includes('</script'))).toBe(false);
  expect(dialogs).toEqual([]);
});

test('a script that slipped into a page is refused by its Content-Security-Policy', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (directive: string) => violations.push(directive));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (d: string) => void }).reportViolation(event.effectiveDirective);
    });
  });
  await page.route('**/about/', async (route) => {
    const response = await route.fetch();
    // Outside React's root, so hydration leaves the injected nodes where they are.
    const html = (await response.text()).replace('</body>', '<script>window.__slipped=1</script><a id="js-link" href="javascript:window.__slipped=2">x</a></body>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/about/');
  await page.locator('#js-link').click();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { __slipped?: number }).__slipped)).toBeUndefined();
  expect(violations).toEqual(expect.arrayContaining(['script-src-elem']));
  // The page's own scripts still ran: it hydrated.
  await expect(page.locator('[data-hydrated]').first()).toBeAttached();
});
