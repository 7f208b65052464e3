/**
 * 'Manage Roles' for real: an owner approves a pending account as staff (who then sees data and
 * cannot manage roles), deactivates it, and the database refuses changing one's own role.
 */
import type { Browser, Page } from '@playwright/test';
import { OWNER, expect, main, signIn, signUp, test, uniqueEmail } from './fixtures';

const userRow = (page: Page, email: string) => main(page).getByRole('row').filter({ hasText: email });
/** A list searched for `q`: its row shows however many rows other specs have added. */
const searched = (resource: string, q: string) => `/admin/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`;
const SEEDED_EVENT = 'Beekeeping Basics Workshop';

/** A second signed-in browser (the owner) next to the test's page; fails on console errors. */
async function ownerPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await signIn(page, OWNER);
  return { page, errors, close: () => context.close() };
}

async function manageRoles(page: Page, email: string, change: { role?: string; active?: boolean }) {
  // The list is paged on the server (newest first): search for the account so that its row shows
  // however many sign-ups the run has made.
  await page.goto(searched('users', email));
  await userRow(page, email).getByRole('button', { name: 'Manage Roles' }).click();
  const dialog = page.getByRole('dialog');
  if (change.role) {
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: change.role }).click();
  }
  if (change.active !== undefined) await dialog.getByRole('switch', { name: 'Active' }).setChecked(change.active);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test('an owner approves a pending account as staff; the new staff member then sees data', async ({ page, browser, console }) => {
  test.setTimeout(120_000); // a sign-up, three sign-ins and two role changes on a shared machine
  // The database refuses the events to an account not (or no longer) approved: the page says why.
  console.allow(/status of 403 .*get_buzz_haven_events/);
  const email = uniqueEmail('staff');
  const creds = await signUp(page, 'Casey Candidate', email);
  await signIn(page, creds);
  await page.goto(searched('events', SEEDED_EVENT));
  await expect(main(page).getByText('Your account is waiting for approval.', { exact: false })).toBeVisible();
  await expect(main(page).getByText(SEEDED_EVENT)).toHaveCount(0);

  const owner = await ownerPage(browser);
  await owner.page.goto(searched('users', email));
  await expect(userRow(owner.page, email)).toContainText('Pending');
  await manageRoles(owner.page, email, { role: 'Staff' });
  await expect(owner.page.getByText('User updated successfully')).toBeVisible();
  await expect(owner.page.getByRole('dialog')).toHaveCount(0);
  await expect(userRow(owner.page, email)).toContainText('Staff');

  await page.reload();
  await expect(main(page).getByText(SEEDED_EVENT).first()).toBeVisible();
  await page.goto(searched('users', email));
  await expect(userRow(page, email).getByRole('button', { name: 'Manage Roles' })).toBeDisabled();

  await manageRoles(owner.page, email, { active: false });
  await expect(owner.page.getByText('User updated successfully')).toBeVisible();
  await expect(userRow(owner.page, email)).toContainText('Inactive');
  await page.goto(searched('events', SEEDED_EVENT));
  await expect(main(page).getByText('Your account has been deactivated.', { exact: false })).toBeVisible();
  await expect(main(page).getByText(SEEDED_EVENT)).toHaveCount(0);
  expect(owner.errors).toEqual([]);
  await owner.close();
});

test("nobody changes their own role: the database's message is shown", async ({ page, console }) => {
  console.allow(/status of 403/);
  await signIn(page);
  await manageRoles(page, OWNER.email, { role: 'Admin' });
  await expect(page.getByText('You cannot change your own role')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(userRow(page, OWNER.email)).toContainText('Owner');
});
