/**
 * Honey you can trace in the back office. The seeded batch's label sheet:
 * its QR code, read from the rendered sheet (a screenshot decoded by jsQR), opens the batch's
 * page on the site. And the whole path: staff add a batch, record a harvest into it, publish the
 * batch and the site (scripts/publisher.mjs into a folder of this test's own, served on a port of
 * its own so the other specs keep the seeded site), and /honey/<code> shows it; the new batch's
 * label QR leads to that page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, main, rpcAs, signIn, test } from './fixtures';
import { publishOnce } from '../publish';

const ROOT = resolve(__dirname, '../../..');
const DIST = join(ROOT, '.tmp/e2e-honey');
const PORT = 8012;

let server: ChildProcess | null = null;
test.afterAll(() => {
  server?.kill();
  rmSync(DIST, { recursive: true, force: true });
  rmSync(`${DIST}.builds`, { recursive: true, force: true });
});

/** An input by its label (a required one's label ends with ' *'). */
const field = (page: Page, label: string) =>
  main(page).getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await main(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Opens the label sheet on `paper` from the batch's page and decodes the first label's QR code. */
async function labelQr(page: Page, paper: RegExp): Promise<{ url: string; sheet: Page }> {
  const popup = page.waitForEvent('popup');
  await main(page).getByRole('button', { name: paper }).click();
  const sheet = await popup;
  const qr = sheet.locator('.label .qr').first();
  await expect(qr.locator('svg')).toBeVisible();
  const png = await qr.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(decoded, 'the QR code on the label sheet decodes').not.toBeNull();
  return { url: decoded!.data, sheet };
}

test("the seeded batch's label sheet: every fact on each label, and its QR code opens the batch page", async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/honey_batches');
  await main(page).getByRole('row').filter({ hasText: 'EH-26F-01' }).getByRole('link', { name: 'View Details' }).click();
  await expect(main(page).getByRole('region', { name: 'Harvests in this batch' }).locator('tbody tr')).toHaveCount(2);

  const { url, sheet } = await labelQr(page, /Avery 22807/);
  expect(url).toBe('http://localhost:8000/honey/EH-26F-01');
  await expect(sheet.locator('.label')).toHaveCount(12);
  const first = sheet.locator('.label').first();
  await expect(first).toContainText('East Hills Wildflower Honey');
  await expect(first).toContainText('Net wt. 16 oz jar');
  await expect(first).toContainText('Harvested in East Hills & Downtown, Fall 2026');
  await expect(first).toContainText('Batch EH-26F-01');
  // The printed page is the paper's: US Letter, labels at 2 inches.
  expect(await sheet.evaluate(() => [...document.styleSheets].flatMap((s) => [...s.cssRules]).map((r) => r.cssText).join('\n')))
    .toMatch(/@page\s*\{[^}]*size: 8\.5in 11in/);
  expect(await first.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])).toEqual([192, 192]);

  const rect = await labelQr(page, /Avery 5163/);
  expect(rect.url).toBe(url);
  await expect(rect.sheet.locator('.label')).toHaveCount(10);

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Batch EH-26F-01');
});

// A harvest created from the batch's page returns to that batch's page (GeneratedCreate's redirect
// to the pre-filled parent), so the harvest is checked in the batch's list of harvests there. The
// refused publish and the refused address (as a neighbourhood) are the RPCs' 400s, allowed below.
test('staff record a harvest and a batch, publish, and /honey/<code> shows it; its label leads there', async ({ page, console }) => {
  test.setTimeout(600_000);
  console.allow(/status of 400 .*rpc\/(update_buzz_haven_honey_batch|create_buzz_haven_neighbourhood)/);
  const code = `TR-26F-${String(Date.now() % 1000).padStart(3, '0')}`;
  await signIn(page);

  // The owner adds the harvest's neighbourhood to the list; an address is refused there.
  await page.goto('/admin/neighbourhoods/create');
  await field(page, 'Name').fill('12 Main Street');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Name must be the neighbourhood's name (e.g. Echo Park), never an address: no numbers")).toBeVisible();
  await field(page, 'Name').fill('Echo Park');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Neighbourhood created successfully')).toBeVisible();

  await page.goto('/admin/honey_batches');
  await main(page).getByRole('button', { name: 'Add batch' }).first().click();
  await field(page, 'Batch code').fill('tr-26f-1'); // a bad code is refused at its field
  await choose(page, /^Product/, 'Single-Origin Neighborhood Honey');
  await field(page, 'Jars').fill('24');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText(/Batch code must look like EH-24F-07/)).toBeVisible();
  await field(page, 'Batch code').fill(code.toLowerCase());
  await field(page, 'Notes').fill('Our first rooftop-only jars.');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Honey batch created successfully')).toBeVisible();
  await expect(main(page).locator('[data-field="code"]')).toContainText(code);

  // Publishing without a harvest is refused with the reason.
  await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('A batch needs at least one harvest before it is published: record its harvests first')).toBeVisible();

  // The harvest, from the batch's page (its batch is filled in).
  const harvests = main(page).getByRole('region', { name: 'Harvests in this batch' });
  await harvests.getByRole('button', { name: 'Record harvest' }).click();
  await choose(page, /^Hive/, 'Rooftop Hive');
  await field(page, 'Harvest date').fill('2026-10-12');
  await choose(page, /^Season/, 'Fall');
  await choose(page, /^Neighbourhood/, 'Echo Park'); // chosen from the list, never typed
  await field(page, 'Weight (lb)').fill('12.5');
  await field(page, 'Moisture (%)').fill('17.6');
  await field(page, 'Floral notes').fill('Jacaranda and rooftop thyme.');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Harvest created successfully')).toBeVisible();

  // Back on the batch's page (not the harvest's): its harvests list the new one.
  await expect(page).toHaveURL(/\/admin\/honey_batches\/[^/]+\/show$/);
  await expect(main(page).locator('[data-field="code"]')).toContainText(code);
  await expect(main(page).getByRole('region', { name: 'Harvests in this batch' }).locator('tbody tr')).toHaveCount(1);
  await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Batch published: its page is on the site after the next Publish site')).toBeVisible();
  await expect(main(page).locator('[data-field="published"]')).toContainText('Published');
  const { url } = await labelQr(page, /Avery 5163/);
  expect(url).toBe(`http://localhost:8000/honey/${code}`);

  // Publish site: the local publisher builds it (into this test's folder).
  await publishOnce(DIST, 540_000, () => rpcAs(page, 'request_buzz_haven_site_build', { p_reason: 'e2e: a new honey batch' }));
  server = spawn('node', ['scripts/serve.mjs', '--dir', DIST, '--port', String(PORT)], { cwd: ROOT, stdio: 'ignore' });
  await expect.poll(() => fetch(`http://localhost:${PORT}/`).then((r) => r.status, () => 0), { timeout: 15_000 }).toBe(200);

  // The QR's page, on the newly published site.
  const site = await page.context().newPage();
  await site.goto(`http://localhost:${PORT}${new URL(url).pathname}`);
  await expect(site.getByRole('heading', { level: 1 })).toHaveText(`Batch ${code}`);
  await expect(site.getByText('Harvested in Echo Park, Fall 2026')).toBeVisible();
  await expect(site.getByRole('region', { name: 'The hives' })).toContainText('Rooftop Hive');
  await expect(site.getByRole('region', { name: 'The hives' })).toContainText('Art wrap: Poppy Parade by Lena Ortiz');
  await expect(site.getByRole('region', { name: 'The harvest' })).toContainText('Jacaranda and rooftop thyme.');
  await expect(site.getByRole('region', { name: 'The jar' })).toContainText('Single-Origin Neighborhood Honey');
  await site.goto(`http://localhost:${PORT}/shop`);
  await expect(site.locator('#single-origin').getByRole('link', { name: `Current batch: ${code}` })).toHaveAttribute('href', `/honey/${code}`);
});
