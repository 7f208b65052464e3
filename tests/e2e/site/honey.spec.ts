/**
 * Honey you can trace on the seeded site: the seeded batch EH-26F-01 has its
 * page, built from the database, with its hives and neighbourhoods (never a hive's location),
 * season, harvest dates, notes and product; JSON-LD Product with productID = the code; in the
 * sitemap; /shop links the product's current batch; an unknown code is the site's 404 page.
 */
import { expect, expectNoAxeViolations, test } from './pages-fixtures';

const CODE = 'EH-26F-01';

test('a batch page shows where and when its honey was harvested, and what it became', async ({ page }) => {
  const response = await page.goto(`/honey/${CODE}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Batch ${CODE}`);
  await expect(page.getByText('Harvested in East Hills & Downtown, Fall 2026')).toBeVisible();
  const hives = page.getByRole('region', { name: 'The hives' });
  await expect(hives.getByRole('listitem')).toHaveCount(2);
  await expect(hives.getByRole('listitem').filter({ hasText: 'Sanctuary Hive 1' })).toContainText('East Hills');
  await expect(hives.getByRole('listitem').filter({ hasText: 'Rooftop Hive' })).toContainText('Downtown');
  // Each hive with its latest art wrap (the seed's installations): title, artist and photo.
  await expect(hives.getByRole('listitem').filter({ hasText: 'Sanctuary Hive 1' })).toContainText('Art wrap: Honeycomb Night by Dev Patel');
  await expect(hives.getByRole('listitem').filter({ hasText: 'Rooftop Hive' })).toContainText('Art wrap: Poppy Parade by Lena Ortiz');
  await expect(hives.getByRole('img', { name: 'The art wrap Poppy Parade by Lena Ortiz on Rooftop Hive' })).toBeVisible();
  await expect(hives.getByRole('img', { name: 'The art wrap Honeycomb Night by Dev Patel on Sanctuary Hive 1' })).toBeVisible();
  const harvest = page.getByRole('region', { name: 'The harvest' });
  await expect(harvest).toContainText('October 3, 2026');
  await expect(harvest).toContainText('Toyon, buckwheat and late sage.');
  await expect(harvest).toContainText('Weight: 42.5 lb');
  await expect(page.getByRole('region', { name: 'About this batch' })).toContainText('A late-season blend');
  // The hives' stored locations (the seed's 'Downtown rooftop garden', 'Buzz Haven Sanctuary') are not on the page.
  await expect(page.locator('main')).not.toContainText('rooftop garden');
  await expect(page.locator('main')).not.toContainText('Buzz Haven Sanctuary');

  const jsonLd = await page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '')));
  expect(jsonLd).toContainEqual(expect.objectContaining({
    '@type': 'Product', productID: CODE, name: `East Hills Wildflower Honey (batch ${CODE})`, url: `http://localhost:8000/honey/${CODE}`,
  }));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `http://localhost:8000/honey/${CODE}`);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'See East Hills Wildflower Honey in the shop' }).click();
  await expect(page).toHaveURL(/\/shop#wildflower$/);
});

test("/shop links a product's current batch; the sitemap lists the batch page", async ({ page, request }) => {
  await page.goto('/shop');
  const product = page.locator('#wildflower');
  const link = product.getByRole('link', { name: `Current batch: ${CODE}` });
  await expect(link).toHaveAttribute('href', `/honey/${CODE}`);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Batch ${CODE}`);
  // A product without a published batch has no such link.
  await page.goto('/shop');
  await expect(page.locator('#single-origin').getByRole('link', { name: /Current batch/ })).toHaveCount(0);

  const index = await (await request.get('/sitemap-index.xml')).text();
  const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const bodies = await Promise.all(maps.map(async (p) => (await request.get(p)).text()));
  expect(bodies.join('\n')).toContain(`<loc>http://localhost:8000/honey/${CODE}</loc>`);
});

test.describe('an unknown batch code', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource|404: no page at "\/honey\/EH-99F-99"/] });
  test("is the site's 404 page", async ({ page }) => {
    const response = await page.goto('/honey/EH-99F-99');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  });
});
