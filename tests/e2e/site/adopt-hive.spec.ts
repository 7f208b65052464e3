/** /services/adopt-hive: three monthly tiers, impact, FAQ; every Subscribe goes to /contact. */
import { expect, hrefPath, test } from './pages-fixtures';

test('three tiers with monthly prices, Hive Guardian marked Most Popular', async ({ page }) => {
  await page.goto('/services/adopt-hive');
  const tiers = page.locator('#tiers li.card');
  await expect(tiers.getByRole('heading', { level: 3 })).toHaveText(['Swarm Supporter', 'Hive Guardian', 'Apiary Insider']);
  await expect(tiers.locator('.price')).toHaveText(['$20 per month', '$35 per month', '$75 per month']);
  await expect(page.locator('#tiers .badge')).toHaveCount(1);
  await expect(page.locator('#plan-hive-guardian .badge')).toHaveText('Most Popular');
});

test('every Subscribe button links to /contact', async ({ page }) => {
  await page.goto('/services/adopt-hive');
  const subscribe = page.getByRole('link', { name: /^Subscribe/ });
  await expect(subscribe).toHaveCount(3);
  for (const link of await subscribe.all()) expect(await hrefPath(page, link)).toBe('/contact');
  await expect(subscribe.first()).toHaveAttribute('href', '/contact?adopt=swarm-supporter');
  await page.getByRole('link', { name: 'Subscribe: Hive Guardian' }).click();
  await expect(page).toHaveURL(/\/contact\?adopt=hive-guardian$/);
});

test('impact blurbs and the FAQ about gift lengths', async ({ page }) => {
  await page.goto('/services/adopt-hive');
  await expect(page.locator('#impact li.card')).toHaveCount(4);
  const gift = page.locator('#adoption-faq details').filter({ hasText: 'Can I give an adoption as a gift?' });
  await gift.locator('summary').click();
  await expect(gift).toContainText('Gift adoptions last 3, 6 or 12 months');
});
