/**
 * The back office without a network (admin/pwa.ts, admin/src/offline/): after one visit the
 * service worker serves /admin offline; an inspection saved offline waits on the device through
 * a reload, counted in the network bar, and is stored once when the network returns; one the
 * server refuses (its hive was deleted meanwhile) is shown with Correct, which opens its form again.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, main, rpcAs, rpcUrl, signIn, test, shot } from './fixtures';

test.use({ serviceWorkers: 'allow' });
// Without a network the admin's reads fail and it says so in the console (then shows what the device keeps).
test.beforeEach(({ console: watch }) => watch.allow(/Failed to fetch|ERR_INTERNET_DISCONNECTED/));

const field = (page: Page, label: string) => main(page).getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const waiting = (page: Page) => page.getByTestId('waiting-to-send');

/** Signs in online and waits until the service worker controls the page (its cache holds the shell). */
async function visitOnline(page: Page) {
  await signIn(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

async function newHive(page: Page, name: string): Promise<string> {
  const hive = (await rpcAs(page, 'create_buzz_haven_hive', { p_name: name, p_location: 'Roof garden' })) as { id: string };
  return hive.id;
}

/** Opens the hive's page online (its reads are then kept on the device), then goes offline. */
async function openHiveThenGoOffline(page: Page, context: BrowserContext, hiveId: string, name: string) {
  await page.goto(`/admin/hives/${hiveId}/show`);
  await expect(main(page).locator('[data-field="name"]')).toContainText(name);
  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
}

async function logInspectionOffline(page: Page, inspector: string) {
  await main(page).getByRole('button', { name: 'Add inspection' }).click();
  await expect(main(page).getByRole('heading', { name: 'Add inspection', level: 1 })).toBeVisible();
  await field(page, 'Date').fill(new Date().toLocaleDateString('en-CA'));
  await field(page, 'Inspector').fill(inspector);
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('No network: saved on this device')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Hive details' })).toBeVisible();
}

const inspectionsOf = async (page: Page, hiveId: string, inspector: string) =>
  ((await rpcAs(page, 'get_buzz_haven_inspections')) as { id: string; hive_id: string; inspector: string }[])
    .filter((row) => row.hive_id === hiveId && row.inspector === inspector);

// At a phone's width, where staff use it in the field: the waiting bar fits the phone in both
// themes (screenshots with SHOTS_DIR).
test('an inspection saved offline on a phone waits through a reload and is stored once online', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await visitOnline(page);
  const name = `Offline Hive ${Date.now()}`;
  const hiveId = await newHive(page, name);
  const inspector = `Ida ${Date.now()}`;
  let stored = 0;
  page.on('response', (response) => { if (rpcUrl('create_buzz_haven_inspection').test(response.url())) stored += 1; });

  await openHiveThenGoOffline(page, context, hiveId, name);
  await logInspectionOffline(page, inspector);
  await expect(waiting(page)).toHaveText('One record waiting to send');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(waiting(page)).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `offline-waiting-390-${colorScheme}`);
  }

  await page.reload();
  await expect(waiting(page)).toHaveText('One record waiting to send');
  expect(await inspectionsOf(page, hiveId, inspector)).toHaveLength(0);

  await context.setOffline(false);
  await expect(waiting(page)).toHaveCount(0);
  await expect.poll(() => inspectionsOf(page, hiveId, inspector)).toHaveLength(1);
  expect(stored).toBe(1);
});

// The measure of the queue: each of the 20 is answered once, none is lost, none is stored twice.
test('twenty inspections queued offline are stored once each when the network returns', async ({ page, context }) => {
  test.setTimeout(240_000);
  await visitOnline(page);
  const name = `Busy Hive ${Date.now()}`;
  const hiveId = await newHive(page, name);
  const inspector = `Quinn ${Date.now()}`;
  const sent: string[] = [];
  page.on('response', (response) => {
    if (!rpcUrl('create_buzz_haven_inspection').test(response.url())) return;
    sent.push((response.request().postDataJSON() as { p_id: string }).p_id);
  });

  await openHiveThenGoOffline(page, context, hiveId, name);
  for (let saved = 1; saved <= 20; saved += 1) {
    await logInspectionOffline(page, inspector);
    await expect(waiting(page)).toHaveText(saved === 1 ? 'One record waiting to send' : `${saved} records waiting to send`);
  }
  await page.reload();
  await expect(waiting(page)).toHaveText('20 records waiting to send');
  expect(await inspectionsOf(page, hiveId, inspector)).toHaveLength(0);

  await context.setOffline(false);
  await expect(waiting(page)).toHaveCount(0, { timeout: 60_000 });
  const stored = await inspectionsOf(page, hiveId, inspector);
  expect(stored).toHaveLength(20);
  const ids = new Set(stored.map((row) => row.id));
  expect(ids.size).toBe(20);
  // Every send answered once, each a different client-made id, and those are the stored rows.
  expect(sent).toHaveLength(20);
  expect(new Set(sent)).toEqual(ids);
});

// Each test starts with a visit that installs the service worker (seconds): this one first
// checks what that visit alone gives.
test('after one visit the admin opens offline; a record the server refuses is shown for correction, not dropped', async ({ page, context, console: watch }) => {
  test.setTimeout(120_000);
  watch.allow(/409|Failed to load resource|violates|not present/);
  await visitOnline(page);
  // The service worker serves the admin offline after one visit.
  await context.setOffline(true);
  await page.goto('/admin/hives');
  await expect(main(page).getByRole('heading', { name: 'Hives', level: 1 })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  // Opening a form offline (npm run bench:admin-offline times it).
  await page.goto('/admin/inspections/create');
  await expect(main(page).getByRole('button', { name: 'Save' })).toBeVisible();
  await context.setOffline(false);

  const name = `Doomed Hive ${Date.now()}`;
  const hiveId = await newHive(page, name);
  const inspector = `Rae ${Date.now()}`;
  await openHiveThenGoOffline(page, context, hiveId, name);
  await logInspectionOffline(page, inspector);
  // Meanwhile, someone else deletes the hive.
  await rpcAs(page, 'delete_buzz_haven_hive', { p_id: hiveId });

  await context.setOffline(false);
  const refused = page.getByTestId('refused-record');
  await expect(refused).toContainText('Inspection not stored');
  await expect(waiting(page)).toHaveCount(0);
  await page.reload();
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Correct' }).click();
  await expect(main(page).getByRole('heading', { name: 'Add inspection', level: 1 })).toBeVisible();
  await expect(field(page, 'Inspector')).toHaveValue(inspector);
});
