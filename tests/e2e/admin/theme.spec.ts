/**
 * Dark mode: the back office follows the system's colour scheme until the sidebar's 'Dark theme'
 * switch chooses one, kept per browser. Every page checked passes axe (contrast 4.5:1 included) in
 * both themes, a focused field's label too.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, main, sidebar, signIn, test, uniqueEmail } from './fixtures';
import { sendOrderRequest } from './visitorRequests';

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const darkSwitch = (page: Page) => sidebar(page).getByRole('switch', { name: 'Dark theme' });
// The dark theme's background.default and the light theme's (admin/src/theme.ts).
const DARK = 'rgb(21, 18, 14)';
const LIGHT = 'rgb(255, 251, 235)';

test.beforeAll(async () => {
  await sendOrderRequest(uniqueEmail('theme-order'));
});

/** The dashboard, the orders list, an order's page and a form with its first field focused. */
async function expectPagesPassAxe(page: Page, theme: string) {
  await expect(page.getByTestId('count-value')).toHaveCount(6);
  await expectNoAxeViolations(page, `${theme}: dashboard`);
  await page.goto('/admin/orders');
  const firstOrder = main(page).locator('tbody tr').first();
  await expect(firstOrder).toBeVisible();
  await expectNoAxeViolations(page, `${theme}: orders`);
  await firstOrder.getByRole('link', { name: 'View Details' }).click();
  await expect(main(page).getByRole('region', { name: 'Status history' })).toBeVisible();
  await expectNoAxeViolations(page, `${theme}: an order`);
  await page.goto('/admin/events/create');
  await main(page).getByRole('textbox', { name: 'Title' }).focus();
  await expectNoAxeViolations(page, `${theme}: a form, a field focused`);
}

test.describe('with the system in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the back office is dark and passes axe', async ({ page }) => {
    await signIn(page);
    await expect(darkSwitch(page)).toBeChecked();
    expect(await pageBackground(page)).toBe(DARK);
    await expectPagesPassAxe(page, 'dark');
  });
});

test('with the system in light mode: light; the switch turns dark on, kept across reloads and sign-outs', async ({ page }) => {
  await signIn(page);
  await expect(darkSwitch(page)).not.toBeChecked();
  expect(await pageBackground(page)).toBe(LIGHT);
  await expectPagesPassAxe(page, 'light');
  await page.goto('/admin');
  await darkSwitch(page).click();
  await expect.poll(() => pageBackground(page)).toBe(DARK);
  await page.reload();
  await expect(darkSwitch(page)).toBeChecked();
  await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page);
  await expect(darkSwitch(page)).toBeChecked();
  expect(await pageBackground(page)).toBe(DARK);
  await darkSwitch(page).click();
  await expect.poll(() => pageBackground(page)).toBe(LIGHT);
});
