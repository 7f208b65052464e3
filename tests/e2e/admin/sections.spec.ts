/**
 * The read-only sections as a staff member sees them: Events, Hives, Media Library and Users (Content
 * and Orders have their own specs); each with its columns (seeded data), its empty state, and a load
 * failure shown as an empty list (docs/back-office.md).
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, main, rpcUrl, signIn, test } from './fixtures';

// A sortable header's accessible name is 'Sort by …': match the visible text instead.
const header = (page: Page, name: string) =>
  main(page).getByRole('columnheader').filter({ hasText: new RegExp(`^${name}$`) });
const row = (page: Page, text: string) => main(page).getByRole('row').filter({ hasText: text });
/** The row with a cell of exactly this text (other specs add events whose titles extend the seed's). */
const rowOf = (page: Page, cell: string) =>
  main(page).getByRole('row').filter({ has: page.getByRole('cell', { name: cell, exact: true }) });

/** Makes a list RPC answer `body` with `status` (the UI states a fresh seed cannot show). */
const answerRpc = (page: Page, fn: string, status: number, body: unknown) =>
  page.route(rpcUrl(fn), (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));

test.describe('Events', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('staff member sees the events with coloured status badges and local times', async ({ page }) => {
    await signIn(page);
    const answer = page.waitForResponse((r) => rpcUrl('get_buzz_haven_events').test(r.url()) && r.ok());
    // One page for every event: the list shows the coming ones first, and other specs add some.
    await page.goto('/admin/events?perPage=100');
    const rpcRows: { title: string; start_time: string }[] = await (await answer).json();
    await expect(main(page).getByRole('heading', { name: 'Events' })).toBeVisible();
    for (const name of ['Event', 'Location', 'Start', 'End', 'Status', 'Actions']) {
      await expect(header(page, name)).toBeVisible();
    }
    const badges = {
      'Beekeeping Basics Workshop': ['Scheduled', 'rgb(219, 234, 254)'],
      'Spring Honey Harvest Day': ['Completed', 'rgb(220, 252, 231)'],
      "Children's Bee Discovery": ['Cancelled', 'rgb(254, 226, 226)'],
    };
    for (const [title, [label, colour]] of Object.entries(badges)) {
      const badge = rowOf(page, title).locator('.MuiChip-root');
      await expect(badge).toHaveText(label);
      await expect(badge).toHaveCSS('background-color', colour);
    }
    // Local date plus hour and minute, in the viewer's time zone (Los Angeles here).
    const workshop = rpcRows.find((r) => r.title === 'Beekeeping Basics Workshop')!;
    const expected = await page.evaluate((iso) => {
      const d = new Date(iso);
      return `${d.toLocaleDateString()} ${d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
    }, workshop.start_time);
    expect(expected).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    await expect(row(page, 'Beekeeping Basics Workshop')).toContainText(expected);

    await row(page, 'Beekeeping Basics Workshop').getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]+\/show$/);
    // The detail page replaces the list (several events are at the sanctuary).
    await expect(main(page).getByRole('heading', { name: 'Event details' })).toBeVisible();
    await expect(main(page).getByText('Buzz Haven Sanctuary')).toBeVisible();
  });
});

test('no events: the empty text with Create Event', async ({ page }) => {
  await signIn(page);
  await answerRpc(page, 'get_buzz_haven_events', 200, []);
  await page.goto('/admin/events');
  await expect(main(page).getByText('No events scheduled. Add your first event!')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Create Event' }).first()).toBeVisible();
});

test('a failure loading a list is logged only and shows the empty list', async ({ page, console }) => {
  console.allow(/status of 500|Failed to load (hives|media|users)|boom/);
  await signIn(page);
  for (const fn of ['get_buzz_haven_hives', 'get_buzz_haven_media', 'get_buzz_haven_users']) {
    await answerRpc(page, fn, 500, { message: 'boom', code: 'XX000' });
  }
  await page.goto('/admin/hives');
  await expect(main(page).getByText('No hives found. Add your first hive to get started.')).toBeVisible();
  await page.goto('/admin/media');
  await expect(main(page).getByText('No media files found')).toBeVisible();
  await page.goto('/admin/users');
  await expect(main(page).getByText('No users found.')).toBeVisible();
  await expect(page.getByText('boom')).toHaveCount(0);
  expect(console.errors.some((e) => e.includes('Failed to load hives'))).toBe(true);
});

test('staff member sees the hives with the queen installation date or -', async ({ page }) => {
  await signIn(page, undefined, '/admin/hives');
  await expect(main(page).getByRole('heading', { name: 'Hives' })).toBeVisible();
  for (const name of ['Name', 'Location', 'Status', 'Queen Installed', 'Actions']) {
    await expect(header(page, name)).toBeVisible();
  }
  await expect(row(page, 'Rooftop Hive')).toContainText(/Active.*\d{1,2}\/\d{1,2}\/\d{4}/);
  const rescue = row(page, 'Swarm Rescue Hive');
  await expect(rescue.locator('.column-queen_installed_date')).toHaveText('-');
  await rescue.getByRole('link', { name: 'View Details' }).click();
  await expect(main(page).getByRole('heading', { name: 'Hive details' })).toBeVisible();
  await expect(main(page).getByText('Swarm Rescue Hive').first()).toBeVisible(); // History may name it too (the map spec updates this hive)
});

test('no hives: the empty text with Add Hive', async ({ page }) => {
  await signIn(page);
  await answerRpc(page, 'get_buzz_haven_hives', 200, []);
  await page.goto('/admin/hives');
  await expect(main(page).getByText('No hives found. Add your first hive to get started.')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Add Hive' }).first()).toBeVisible();
});

const gridColumns = (page: Page) =>
  main(page).getByRole('list', { name: 'Media files' })
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);

test('the Media Library: pictures, type tiles, titles and dates in 4 columns (2 on a phone)', async ({ page }) => {
  await signIn(page, undefined, '/admin/media');
  await expect(main(page).getByRole('heading', { name: 'Media Library' })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Upload' })).toBeVisible();
  const picture = main(page).getByRole('img', { name: 'Honeycomb pattern' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const pdf = main(page).getByRole('listitem').filter({ hasText: 'Host a Hive guide' });
  await expect(pdf).toContainText('application');
  await expect(pdf).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
  await expect(main(page).getByRole('listitem').filter({ hasText: 'Swarm collection, April' })).toContainText('video');
  expect(await gridColumns(page)).toBe(4);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => gridColumns(page)).toBe(2);
});

test('no media: the empty text with Upload Your First File', async ({ page }) => {
  await signIn(page);
  await answerRpc(page, 'get_buzz_haven_media', 200, []);
  await page.goto('/admin/media');
  await expect(main(page).getByText('No media files found')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Upload Your First File' })).toBeVisible();
});

test('staff member sees the users with role, status and joined date', async ({ page }) => {
  await signIn(page);
  // One page for every user: the specs before this one sign many up, newest first.
  await page.goto('/admin/users?perPage=100');
  for (const name of ['Name', 'Email', 'Role', 'Status', 'Joined', 'Actions']) {
    await expect(header(page, name)).toBeVisible();
  }
  const owner = row(page, 'owner@example.com');
  await expect(owner).toContainText('Owner');
  await expect(owner).toContainText('Active');
  await expect(owner).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
  await expect(owner.getByRole('button', { name: 'Manage Roles' })).toBeEnabled();
});

test('no users: the empty text with Invite User', async ({ page }) => {
  await signIn(page);
  await answerRpc(page, 'get_buzz_haven_users', 200, []);
  await page.goto('/admin/users');
  await expect(main(page).getByText('No users found.')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Invite User' }).first()).toBeVisible();
});

test('every section of this spec and the beyond-spec ones pass axe-core on the whole page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  for (const path of ['events', 'hives', 'media', 'users', 'orders', 'swarm_reports', 'adoption_requests', 'content', 'messages', 'subscribers']) {
    await page.goto(`/admin/${path}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main(page).getByRole('progressbar')).toHaveCount(0);
    await expectNoAxeViolations(page, path);
  }
});
