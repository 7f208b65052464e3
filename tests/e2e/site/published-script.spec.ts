/**
 * Should a script ever slip into a page of the site, the page's Content-Security-Policy stops it.
 * That what staff publish never becomes script (a product named `</script><script>...`, rebuilt
 * by the publisher) is checked in tests/e2e/site/published-site.spec.ts.
 */
import { expect, test } from '@playwright/test';

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
