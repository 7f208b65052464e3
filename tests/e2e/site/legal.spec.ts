/** /privacy, /terms and /shipping: real policies carrying the business's actual rules. */
import { expect, test } from './pages-fixtures';

test('the privacy policy covers form data and California rights', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.locator('main')).toContainText('Contact form: your name, e-mail address, optional phone number');
  await expect(page.locator('main')).toContainText('Newsletter: your e-mail address');
  await expect(page.locator('main')).toContainText('California Consumer Privacy Act (CCPA)');
  await expect(page.locator('main')).toContainText('We do not sell or rent personal information');
});

test('the shipping policy states rates, timing, region and returns', async ({ page }) => {
  await page.goto('/shipping');
  const main = page.locator('main');
  await expect(main).toContainText('Standard shipping: $5.95 per order.');
  await expect(main).toContainText('Free standard shipping on orders over $50.');
  await expect(main).toContainText('Express shipping: $12.95 per order.');
  await expect(main).toContainText('Orders ship within 48 hours');
  await expect(main).toContainText('We ship within the United States only');
  await expect(main).toContainText('unused and still sealed products within 14 days of delivery');
});

test('the terms cover products, services and California law', async ({ page }) => {
  await page.goto('/terms');
  const main = page.locator('main');
  await expect(main).toContainText('Unused, sealed products may be returned within 14 days of delivery.');
  await expect(main).toContainText('$450 a year for a standard hive, $550 for an artistic hive');
  await expect(main).toContainText('governed by the laws of the State of California');
});

test('the footer links reach the three legal pages', async ({ page }) => {
  for (const [name, path] of [
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
    ['Shipping & Returns', '/shipping'],
  ]) {
    await page.goto('/faq');
    await page.locator('footer').getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  }
});
