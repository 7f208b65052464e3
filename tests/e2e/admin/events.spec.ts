/**
 * Events, managed as a staff member would: create (with the form's own rule, end after start),
 * edit (kept after a reload), cancel, delete after a confirmation, each with its toast; a staff
 * account may edit but the database refuses its delete, and the page says so.
 */
import type { Page } from '@playwright/test';
import { OWNER, expect, expectNoAxeViolations, main, rpcAs, signIn, signUp, test, uniqueEmail } from './fixtures';

/** An input by its label (a required one's label ends with ' *'). */
const field = (page: Page, label: string) =>
  main(page).getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

test('a staff member creates, edits, cancels and deletes an event', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Candle Rolling ${Date.now()}`;
  await signIn(page, undefined, '/admin/events');
  await main(page).getByRole('button', { name: 'Create Event' }).first().click();
  await expect(page).toHaveURL(/\/admin\/events\/create$/);
  await expect(main(page).getByRole('heading', { name: 'Create Event', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'event create');

  await field(page, 'Title').fill(title);
  await field(page, 'Start').fill('2027-05-01T10:00');
  await field(page, 'End').fill('2027-05-01T09:00');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('End must be after start')).toBeVisible();
  await field(page, 'End').fill('2027-05-01T12:30');
  await field(page, 'Location').fill('Sanctuary barn');
  await field(page, 'Capacity').fill('12');
  await field(page, 'Price (cents)').fill('1500');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Event details' })).toBeVisible();
  await expect(main(page).locator('[data-field="title"]')).toContainText(title);
  await expect(main(page).getByText('$15.00')).toBeVisible();
  await expect(main(page).locator('.MuiChip-root', { hasText: 'Scheduled' })).toBeVisible();
  await expectNoAxeViolations(page, 'event details');

  await main(page).getByRole('link', { name: 'Edit' }).click();
  await expect(main(page).getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  // The form fills itself in once the event has loaded: typing before that would be undone.
  await expect(field(page, 'Title')).toHaveValue(title);
  await field(page, 'Title').fill(`${title} (evening)`);
  await field(page, 'Location').fill('');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(main(page).locator('[data-field="title"]')).toContainText(`${title} (evening)`);
  await page.reload();
  await expect(main(page).locator('[data-field="title"]')).toContainText(`${title} (evening)`);
  await expect(main(page).getByText('Sanctuary barn')).toHaveCount(0);

  await main(page).getByRole('button', { name: 'Cancel Event' }).click();
  await expect(page.getByText('Event cancelled')).toBeVisible();
  await expect(main(page).locator('.MuiChip-root', { hasText: 'Cancelled' })).toBeVisible();

  await main(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this event?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Event deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(main(page).getByText('Beekeeping Basics Workshop')).toBeVisible();
  await expect(main(page).getByText(title)).toHaveCount(0);
});

test('staff may edit events, but deleting one is refused with the database message', async ({ page, browser, console }) => {
  test.setTimeout(120_000);
  console.allow(/status of 403/);
  const email = uniqueEmail('events-staff');
  const creds = await signUp(page, 'Sam Staff', email);
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, OWNER);
  const users = (await rpcAs(owner, 'get_buzz_haven_users')) as { id: string; email: string }[];
  await rpcAs(owner, 'set_buzz_haven_user_role', { p_id: users.find((u) => u.email === email)!.id, p_role: 'staff', p_is_active: null });
  await owner.context().close();

  await signIn(page, creds, '/admin/events');
  await main(page).getByRole('row').filter({ hasText: 'Beekeeping Basics Workshop' }).getByRole('link', { name: 'View Details' }).click();
  await main(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Only an owner or admin can delete events')).toBeVisible();
  await expect(main(page).getByText('Beekeeping Basics Workshop')).toBeVisible();
});

test('a workshop event names its workshop offering', async ({ page }) => {
  const title = `Hive Painting ${Date.now()}`;
  await signIn(page, undefined, '/admin/events/create');
  await field(page, 'Title').fill(title);
  await field(page, 'Start').fill('2027-06-12T10:00');
  await field(page, 'Workshop offering').click();
  await page.getByRole('option', { name: 'Artistic Hive Design' }).click();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(main(page).getByText('Artistic Hive Design')).toBeVisible();
  const stored = ((await rpcAs(page, 'get_buzz_haven_events')) as { title: string; offering: string | null }[]).find((e) => e.title === title);
  expect(stored?.offering).toBe('artistic-hive-design');
});

test("an event made today is on the list's first page: coming events first, then past ones newest first", async ({ page }) => {
  const title = `Hive Check ${Date.now()}`;
  await signIn(page, undefined, '/admin/events/create');
  const start = new Date(Date.now() + 2 * 86_400_000);
  const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await field(page, 'Title').fill(title);
  await field(page, 'Start').fill(local(start));
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(main(page).locator('[data-field="title"]')).toContainText(title); // shown to its author

  await page.goto('/admin/events');
  await expect(main(page).getByText(title)).toBeVisible();
  // The first rows are the coming events, soonest first, as the whole table says.
  const rows = await rpcAs(page, 'get_buzz_haven_events') as { title: string; start_time: string; end_time: string | null }[];
  const now = Date.now();
  const ended = (r: typeof rows[number]) => Date.parse(r.end_time ?? r.start_time) < now;
  const distance = (r: typeof rows[number]) => Math.abs(Date.parse(r.start_time) - now);
  const expected = [...rows].sort((a, b) => Number(ended(a)) - Number(ended(b)) || distance(a) - distance(b)).slice(0, 5).map((r) => r.title);
  expect((await main(page).locator('tbody tr td:first-child').allTextContents()).slice(0, 5)).toEqual(expected);
});

