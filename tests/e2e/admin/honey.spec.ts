/**
 * Honey you can trace in the back office. The seeded batch's label sheet:
 * its QR code, read from the rendered sheet (a screenshot decoded by jsQR), opens the batch's
 * page on the site. The whole path (staff add a batch, record a harvest into it, publish the batch
 * and the site, and /honey/<code> shows it) is in tests/e2e/site/published-site.spec.ts.
 */
import { expect, main, signIn, test } from './fixtures';
import { labelQr } from './honeyLabels';

test("the seeded batch's label sheet: every fact on each label, and its QR code opens the batch page", async ({ page }) => {
  await signIn(page, undefined, '/admin/honey_batches');
  await main(page).getByRole('row').filter({ hasText: 'EH-26F-01' }).getByRole('link', { name: 'View Details' }).click();
  await expect(main(page).getByRole('region', { name: 'Harvests in this batch' }).locator('tbody tr')).toHaveCount(2);

  const { url, sheet } = await labelQr(page, /Avery 22807/);
  expect(url).toBe('http://localhost:8000/honey/EH-26F-01');
  await expect(sheet.locator('.label')).toHaveCount(12);
  const first = sheet.locator('.label').first();
  await expect(first).toContainText('East Hills Wildflower Honey');
  await expect(first).toContainText('Net wt. 16 oz jar');
  await expect(first).toContainText('Harvested in East Hills & Downtown, Fall 2026');
  await expect(first).toContainText('Batch EH-26F-01');
  // The printed page is the paper's: US Letter, labels at 2 inches.
  expect(await sheet.evaluate(() => [...document.styleSheets].flatMap((s) => [...s.cssRules]).map((r) => r.cssText).join('\n')))
    .toMatch(/@page\s*\{[^}]*size: 8\.5in 11in/);
  expect(await first.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])).toEqual([192, 192]);

  const rect = await labelQr(page, /Avery 5163/);
  expect(rect.url).toBe(url);
  await expect(rect.sheet.locator('.label')).toHaveCount(10);

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Batch EH-26F-01');
});
