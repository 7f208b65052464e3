/** /services: the four anchored service cards, custom solutions and testimonials. */
import { expect, hrefPath, test } from './pages-fixtures';

test('the four services are anchored cards leading to their own pages', async ({ page }) => {
  await page.goto('/services');
  const expected = [
    ['hosting', 'Host a Hive', '/services/host-hive'],
    ['adopt', 'Adopt-a-Hive', '/services/adopt-hive'],
    ['swarm', 'Swarm Management', '/services/swarm-management'],
    ['workshops', 'Workshops', '/services/workshops'],
  ];
  for (const [anchor, title, target] of expected) {
    const card = page.locator(`#${anchor}`);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
    expect(await hrefPath(page, card.getByRole('link'))).toBe(target);
  }
  await expect(page.locator('#hosting')).toContainText('From $450 a year');
  await expect(page.locator('#adopt')).toContainText('From $20 a month');
  await expect(page.locator('#swarm')).toContainText('$75-150');
  await expect(page.locator('#workshops')).toContainText('From $35');
});

test('a visitor following /services#swarm lands on the swarm card and can open its page', async ({ page }) => {
  await page.goto('/services#swarm');
  await expect(page.locator('#swarm')).toBeInViewport();
  await page.locator('#swarm').getByRole('link', { name: 'Swarm help' }).click();
  await expect(page).toHaveURL(/\/services\/swarm-management$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Found a swarm');
});

test('three custom solutions lead to /contact, and testimonials are shown', async ({ page }) => {
  await page.goto('/services');
  const custom = page.locator('#custom-solutions');
  await expect(custom.getByRole('heading', { level: 3 })).toHaveText([
    'Corporate programmes',
    'Educational institutions',
    'Habitat consulting',
  ]);
  const links = custom.getByRole('link');
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) expect(await hrefPath(page, link)).toBe('/contact');
  await expect(page.locator('#testimonials blockquote')).toHaveCount(3);
});
