/** /services/swarm-management: hotline, approach, when to call, fee box, identification, stories. */
import { expect, hrefPath, test } from './pages-fixtures';

test('someone with a swarm learns when the hotline runs and whether to call', async ({ page }) => {
  await page.goto('/services/swarm-management');
  await expect(page.locator('#hotline')).toContainText('7 days a week, April-September');
  await expect(page.locator('#hotline').getByRole('link', { name: /^Call the swarm hotline/ })).toHaveAttribute('href', /^tel:\d{10}$/);
  const criteria = page.locator('#when-to-call .check-list li');
  await expect(criteria).toHaveText([
    'The cluster is football-sized or larger',
    'It formed within the last 24-48 hours',
    'It is not inside an enclosed structure (walls, chimneys or sheds)',
  ]);
});

test('the fee box gives the range, the waiver and the response time', async ({ page }) => {
  await page.goto('/services/swarm-management');
  const fee = page.locator('.pages-fee-box');
  await expect(fee.getByRole('heading')).toHaveText('Collection fee');
  await expect(fee).toContainText('$75-150');
  await expect(fee).toContainText('waived if you become a hive host or Adopt-a-Hive subscriber');
  await expect(fee).toContainText('We usually respond within 3 hours.');
});

test('approach, identification guide, success stories and links to /contact and /faq', async ({ page }) => {
  await page.goto('/services/swarm-management');
  await expect(page.locator('#approach li.card')).toHaveCount(3);
  await expect(page.locator('#identification h3')).toHaveText([
    'Honey bee swarm',
    'Wasps or yellowjackets',
    'Established colony',
    'Bumble bees',
  ]);
  await expect(page.locator('#stories li.card')).toHaveCount(3);
  const closing = page.locator('#next-steps');
  expect(await hrefPath(page, closing.getByRole('link', { name: 'Contact Us' }))).toBe('/contact');
  expect(await hrefPath(page, closing.getByRole('link', { name: 'Read the FAQ' }))).toBe('/faq');
});
