/** /services/host-hive: what is included, where a hive fits, pricing, testimonials, next steps. */
import { expect, hrefPath, test } from './pages-fixtures';

test('a prospective host sees both plans with yearly prices and the space rule', async ({ page }) => {
  await page.goto('/services/host-hive');
  const pricing = page.locator('#pricing');
  await expect(pricing.locator('#plan-standard')).toContainText('Standard Hive');
  await expect(pricing.locator('#plan-standard .price')).toHaveText('$450 per year');
  await expect(pricing.locator('#plan-artistic')).toContainText('Artistic Hive');
  await expect(pricing.locator('#plan-artistic .price')).toHaveText('$550 per year');
  await expect(pricing).toContainText('Payment plans available on contact.');
  await expect(pricing).toContainText("Minimum backyard space: 10' x 10'.");
  for (const link of await pricing.getByRole('link').all()) expect(await hrefPath(page, link)).toBe('/contact');
});

test('inclusions, ideal locations, benefits and testimonials are present', async ({ page }) => {
  await page.goto('/services/host-hive');
  await expect(page.getByRole('heading', { name: "What's included" })).toBeVisible();
  await expect(page.locator('#included')).toContainText('8-12 pounds of raw honey a year after our spring and fall harvests');
  await expect(page.locator('#included')).toContainText('every 2-3 weeks in spring and summer, fewer in winter');
  await expect(page.getByRole('heading', { name: 'Ideal locations' })).toBeVisible();
  await expect(page.locator('#locations li')).toHaveCount(5);
  await expect(page.locator('#locations').getByRole('img', { name: /Three hives on a lawn/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why host' })).toBeVisible();
  await expect(page.locator('#testimonials blockquote')).toHaveCount(2);
});

test('the page links to /contact and /faq', async ({ page }) => {
  await page.goto('/services/host-hive');
  const closing = page.locator('#next-steps');
  expect(await hrefPath(page, closing.getByRole('link', { name: 'Contact Us' }))).toBe('/contact');
  expect(await hrefPath(page, closing.getByRole('link', { name: 'Read the FAQ' }))).toBe('/faq');
  await closing.getByRole('link', { name: 'Read the FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
});
