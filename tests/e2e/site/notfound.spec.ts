/** An unknown address shows the not-found screen and logs the path as a console error. */
import { expect, expectNoAxeViolations, test } from './pages-fixtures';

test.describe('not-found page', () => {
  // The document and its page data answer 404 on purpose; the page logs the path itself.
  test.use({ allowConsoleErrors: [/Failed to load resource|404: no page at "\/no-such-hive"/] });

  test('shows 404, the message and a way home, and logs the unknown path', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    const response = await page.goto('/no-such-hive');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect.poll(() => logged.some((t) => t.includes('/no-such-hive'))).toBe(true);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helping Honeybees Thrive in Every Backyard');
  });
});
