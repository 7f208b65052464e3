/**
 * Hives with their inspection log, as a beekeeper would use them: add a hive (due at once: never
 * inspected), log an old inspection (still due), log today's (no longer due), see the log newest
 * first on the hive's page and the flag on the hive list and the dashboard, then retire the hive.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, main, signIn, test } from './fixtures';

/** An input by its label (a required one's label ends with ' *'). */
const field = (page: Page, label: string) =>
  main(page).getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('en-CA');
// The Inspection field's badge (other yes/no columns, e.g. Español, show badges too).
const dueBadge = (page: Page) => main(page).locator('[data-field="inspection_due"] [data-status]');

async function logInspection(page: Page, daysAgo: number, inspector: string) {
  await main(page).getByRole('button', { name: 'Add inspection' }).click();
  await expect(main(page).getByRole('heading', { name: 'Add inspection', level: 1 })).toBeVisible();
  await expect(main(page).getByRole('combobox', { name: /^Hive/ })).toContainText(/Orchard Hive/);
  await field(page, 'Date').fill(isoDay(daysAgo));
  await field(page, 'Inspector').fill(inspector);
  await field(page, 'Varroa count').fill('4');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Inspection created successfully')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Hive details' })).toBeVisible();
}

test('a staff member adds a hive, logs two inspections and sees it due, then not due', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Orchard Hive ${Date.now()}`;
  await signIn(page, undefined, '/admin/hives');
  await main(page).getByRole('button', { name: 'Add Hive' }).first().click();
  await field(page, 'Name').fill(name);
  await field(page, 'Location').fill('North orchard');
  await field(page, 'Queen Marking').fill('Yellow');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Hive created successfully')).toBeVisible();
  // The name field (History also names the hive: 'Created hive …').
  await expect(main(page).locator('[data-field="name"]')).toContainText(name);
  await expect(dueBadge(page)).toHaveText('Due');
  await expect(main(page).getByText('No inspections yet.')).toBeVisible();

  await logInspection(page, 30, 'Ada');
  await expect(dueBadge(page)).toHaveText('Due');
  await logInspection(page, 0, 'Bea');
  await expect(dueBadge(page)).toHaveText('Not due');
  const log = main(page).getByRole('region', { name: 'Inspections' });
  await expect(log.locator('tbody tr')).toHaveCount(2);
  await expect(log.locator('tbody tr').first()).toContainText('Bea');
  await expect(log.locator('tbody tr').nth(1)).toContainText('Ada');
  await page.mouse.move(0, 0); // no sort tooltip left open under the pointer of the last click
  await expectNoAxeViolations(page, 'hive details with inspections');

  await page.goto('/admin/hives?perPage=50');
  await expect(main(page).getByRole('row').filter({ hasText: name })).toContainText('Not due');
  await expect(main(page).getByRole('row').filter({ hasText: 'Schoolyard Hive' }).locator('.column-inspection_due [data-status=true]'))
    .toHaveText('Due');
  const dueOnList = await main(page).locator('tbody .column-inspection_due [data-status=true]').count();
  expect(dueOnList).toBeGreaterThan(0);
  await page.goto('/admin');
  await expect(page.getByTestId('hives-due-value')).toHaveText(String(dueOnList));

  await page.goto('/admin/hives');
  await main(page).getByRole('row').filter({ hasText: name }).getByRole('link', { name: 'View Details' }).click();
  await main(page).getByRole('button', { name: 'Retire Hive' }).click();
  await expect(page.getByText('Hive retired')).toBeVisible();
  await expect(main(page).locator('[data-status=retired]')).toHaveText('Retired');
});
