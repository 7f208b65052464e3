/** /about: story, the #buzz-haven block, mission, values, figures and next steps. */
import { expect, hrefPath, test } from './pages-fixtures';

test('/about#buzz-haven shows the three programmes with their links', async ({ page }) => {
  await page.goto('/about#buzz-haven');
  const block = page.locator('#buzz-haven');
  await expect(block).toBeInViewport();
  await expect(block.getByRole('heading', { level: 3 })).toHaveText(['Hive Haven', 'Buzz Boxes', 'Hives & Humanity']);
  const targets = [];
  for (const link of await block.getByRole('link').all()) targets.push(await hrefPath(page, link));
  expect(targets).toEqual(['/services/host-hive', '/shop', '/impact']);
});

test('story, mission, six values, impact figures and calls to action', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('#story p')).toHaveCount(3);
  await expect(page.locator('#story').getByRole('img', { name: /portrait of Buzz Haven's founder/ })).toBeVisible();
  await expect(page.locator('#mission li')).toHaveCount(4);
  await expect(page.locator('#values li.card')).toHaveCount(6);
  await expect(page.locator('#impact')).toContainText('180+ swarms rescued');
  const closing = page.locator('#next-steps');
  expect(await hrefPath(page, closing.getByRole('link', { name: 'Explore Services' }))).toBe('/services');
  expect(await hrefPath(page, closing.getByRole('link', { name: 'Contact Us' }))).toBe('/contact');
});
