/** /impact: claims, the four programme sections, ways to join, 2026 goals, donate and sponsor. */
import { expect, hrefPath, test } from './pages-fixtures';

test('the claims and the 2026 goals', async ({ page }) => {
  await page.goto('/impact');
  await expect(page.locator('#claims li')).toHaveText([
    '180+ swarms rescued',
    '12k+ pollinator plants planted',
    '50+ workshops held',
    '200+ new beekeepers trained',
    '30+ artists in the collective',
  ]);
  await expect(page.locator('#goals h2')).toHaveText('Our goals for 2026');
  await expect(page.locator('#goals li')).toHaveText([
    '250 colonies thriving across East Hills',
    '5 more Native partnerships for land and pollinator stewardship',
  ]);
});

test('communities, ecology, education, art advocacy and ways to join', async ({ page }) => {
  await page.goto('/impact');
  for (const [id, heading] of [
    ['communities', 'Communities served'],
    ['ecology', 'Ecological regeneration'],
    ['education', 'Education'],
    ['art', 'Art advocacy'],
    ['join', 'Ways to join'],
  ]) {
    await expect(page.locator(`#${id} h2`)).toHaveText(heading);
  }
  await expect(page.locator('#join li.card')).toHaveCount(3);
});

test('Donate and Become a Sponsor go to /contact', async ({ page }) => {
  await page.goto('/impact');
  const support = page.locator('#support');
  expect(await hrefPath(page, support.getByRole('link', { name: 'Donate' }))).toBe('/contact');
  expect(await hrefPath(page, support.getByRole('link', { name: 'Become a Sponsor' }))).toBe('/contact');
  await support.getByRole('link', { name: 'Donate' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
