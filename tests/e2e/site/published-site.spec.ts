/**
 * What staff change reaches the published site. A site build takes minutes, so one run of the
 * publisher (scripts/publisher.mjs, into a folder of this file's own, served on a port of its own
 * so the other specs keep the seeded site) serves every check here. Before it, in the back office:
 * staff add a honey batch, record a harvest into it and publish the batch (its label's QR names
 * /honey/<code>); they put a hive on the map and install a printed design on it with a photo from
 * the media library; and a product is named `</script><script>...alert...</script>`. After it:
 * /honey/<code> shows the batch; /hives shows the hive with the wrap at a position that is not
 * its stored one; on / and /shop the product's name is text, the JSON-LD still reads it back, no
 * dialog opens and no script of the payload runs.
 * The tests run in order, each needing the one before. The product renamed while the site builds
 * is one that other specs show: this file is in the project `shared-data`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test as plainTest } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../../supabase/local/src/keys';
import { main, signIn, test as adminTest } from '../admin/fixtures';
import { choose, field, labelQr } from '../admin/honeyLabels';
import { publishOnce } from '../publish';
import { expectNoStoredPosition, markerPositions, metres, refuseTiles, type StaffHive } from './hiveMap';
import { test as siteTest } from './pages-fixtures';
import { ownerToken, staffRpc } from './staff-api';

const ROOT = resolve(__dirname, '../../..');
const API = 'http://127.0.0.1:54321';
const DIST = join(ROOT, '.tmp/e2e-published');
const PORT = 8010;
const SITE = `http://localhost:${PORT}`;
const PAYLOAD = 'Wildflower</script><script>window.__xss=1;alert("xss")</script>';
const DESCRIPTION = 'Raw honey & more <!-- --> \u2028</script><img src=x onerror="window.__xss=2">';

interface ShopProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
}

plainTest.describe.configure({ mode: 'serial' });

/** The new batch's code (made by the first test, looked for on the published site). */
const code = `TR-26F-${String(Date.now() % 1000).padStart(3, '0')}`;
let server: ChildProcess | null = null;

plainTest.afterAll(() => {
  server?.kill();
  rmSync(DIST, { recursive: true, force: true });
  rmSync(`${DIST}.builds`, { recursive: true, force: true });
});

// A harvest created from the batch's page returns to that batch's page (GeneratedCreate's redirect
// to the pre-filled parent), so the harvest is checked in the batch's list of harvests there. The
// refused publish and the refused address (as a neighbourhood) are the RPCs' 400s, allowed below.
adminTest('staff record a harvest and a batch and publish the batch; its label leads to /honey/<code>', async ({ page, console }) => {
  adminTest.setTimeout(120_000);
  console.allow(/status of 400 .*rpc\/(update_buzz_haven_honey_batch|create_buzz_haven_neighbourhood)/);
  // The owner adds the harvest's neighbourhood to the list; an address is refused there.
  await signIn(page, undefined, '/admin/neighbourhoods/create');
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
});

// Every tile request is refused on purpose: the browser logs each as a failed resource.
siteTest.describe('a hive on the map', () => {
  siteTest.use({ allowConsoleErrors: [/Failed to load resource/] });

  siteTest('staff show a hive on the map and install a printed design on it with a photo from the media library; the public map data has it, approximately', async ({ page, request }) => {
    siteTest.setTimeout(180_000);
    const run = Date.now().toString(36);
    // A photo of the wrapped hive in the media library (uploaded to Storage as the owner).
    const path = `e2e/wrap-${run}.png`;
    const upload = await request.post(`${API}/storage/v1/object/media/${path}`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${await ownerToken(request)}`, 'Content-Type': 'image/png' },
      data: readFileSync(join(ROOT, 'site/src/images/hive-wraps.png')),
    });
    expect(upload.ok()).toBe(true);
    const photoUrl = `${API}/storage/v1/object/public/media/${path}`;
    await staffRpc(request, 'create_buzz_haven_media', {
      p_title: `Clover Crown on the hive ${run}`, p_file_path: photoUrl, p_file_type: 'image/png', p_storage_path: path,
    });

    // Sign in to the back office.
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill('owner@example.com');
    await form.getByLabel('Password').fill('buzzhaven-owner');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin/);
    const hiveField = (label: string) => main(page).getByLabel(new RegExp(`^${label.replace(/[()']/g, '\\$&')}\\s*\\*?$`));

    // The host agrees to show the Swarm Rescue Hive: neighbourhood, position, on the map.
    const rescue = (await staffRpc<StaffHive[]>(request, 'get_buzz_haven_hives')).find((h) => h.name === 'Swarm Rescue Hive')!;
    await page.goto(`/admin/hives/${rescue.id}`);
    await expect(hiveField('Neighbourhood')).toBeVisible();
    await hiveField('Neighbourhood').fill('Creekside');
    await hiveField('Latitude').fill('37.788123');
    await hiveField('Longitude').fill('-122.262456');
    await main(page).getByLabel('Show on the map').check();
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Hive updated|Element updated|updated/i).first()).toBeVisible();

    // Install the printed design on it, with the photo from the library.
    await page.goto('/admin/hive_wraps');
    await main(page).getByRole('button', { name: 'Install a wrap' }).first().click();
    await main(page).getByRole('combobox', { name: /^Hive/ }).click();
    await page.getByRole('option', { name: 'Swarm Rescue Hive' }).click();
    await main(page).getByRole('combobox', { name: /^Design/ }).click();
    await page.getByRole('option', { name: 'Clover Crown' }).click();
    await hiveField('Installed on').fill(new Date().toLocaleDateString('en-CA'));
    await main(page).getByRole('button', { name: 'Choose from library' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Choose from Library' });
    await picker.getByRole('button', { name: `Choose Clover Crown on the hive ${run}` }).click();
    await expect(picker).toBeHidden();
    await expect(hiveField('Photo')).toHaveValue(photoUrl);
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/created successfully/i).first()).toBeVisible();
    const wraps = await staffRpc<{ hive_name: string; design_title: string; photo_url: string }[]>(request, 'get_buzz_haven_hive_wraps');
    expect(wraps.find((w) => w.hive_name === 'Swarm Rescue Hive')).toMatchObject({ design_title: 'Clover Crown', photo_url: photoUrl });
    // What the site build reads (anon): the hive with its wrap, at a position that is not its own.
    const map = await request.post(`${API}/rest/v1/rpc/get_buzz_haven_hive_map`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` }, data: {},
    });
    const shown = ((await map.json()) as Record<string, unknown>[]).find((h) => h.name === 'Swarm Rescue Hive')!;
    expect(shown).toMatchObject({ neighbourhood: 'Creekside', wrap_title: 'Clover Crown', wrap_artist: 'Ana Ruiz', wrap_image_url: photoUrl });
    expect(metres({ lat: 37.788123, lng: -122.262456 }, { lat: Number(shown.latitude), lng: Number(shown.longitude) })).toBeGreaterThanOrEqual(99);
    expect(JSON.stringify(shown)).not.toContain('Buzz Haven Sanctuary');
  });
});

plainTest('a product named with a script tag, then Publish: the publisher builds every change above', async ({ request }) => {
  plainTest.setTimeout(600_000);
  const products = await staffRpc<ShopProduct[]>(request, 'get_buzz_haven_shop_products');
  const product = products.find((p) => p.slug === 'wildflower-honey') ?? products[0];
  await staffRpc(request, 'update_buzz_haven_product', { p_id: product.id, p_name: PAYLOAD, p_description: DESCRIPTION });
  let published: { stdout: string; stderr: string };
  try {
    published = await publishOnce(DIST, 540_000, () => staffRpc(request, 'request_buzz_haven_site_build', {
      p_reason: 'e2e: a honey batch, a wrap installed on a hive, a script in a product name',
    }));
  } finally {
    await staffRpc(request, 'update_buzz_haven_product', { p_id: product.id, p_name: product.name, p_description: product.description });
  }
  // The publisher exits 0 after a failed build too: its own line says which. It is looked for in
  // the whole log: Gatsby's output on stderr can be longer than any tail kept of both streams.
  const log = `${published.stdout}\n${published.stderr}`;
  const outcome = log.match(/publisher: build \S+ (succeeded|FAILED)[^\n]*/)?.[0];
  expect(outcome, log.slice(-3000)).toMatch(/succeeded/);
  server = spawn('node', ['scripts/serve.mjs', '--dir', DIST, '--port', String(PORT)], { cwd: ROOT, stdio: 'ignore' });
  await expect.poll(() => fetch(`${SITE}/`).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200);
});

plainTest('the product named with a script tag is published as text: no dialog, no script, on / and /shop', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const path of ['/shop/', '/']) {
    await page.goto(`${SITE}${path}`);
    await expect(page.getByRole('heading', { name: PAYLOAD }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('script:not([type]), script[type="text/javascript"]').evaluateAll(
      (scripts) => scripts.filter((s) => s.textContent?.includes('__xss')).length,
    )).toBe(0);
  }
  // The structured data still says what staff wrote, escaped for the script element only.
  await page.goto(`${SITE}/shop/`);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((text) => JSON.parse(text).name)).toContain(PAYLOAD);
  expect(jsonLd.some((text) => text.includes('</script'))).toBe(false);
  expect(dialogs).toEqual([]);
});

plainTest('/honey/<code> on the published site shows the new batch; the shop names it as the current batch', async ({ page }) => {
  await page.goto(`${SITE}/honey/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Batch ${code}`);
  await expect(page.getByText('Harvested in Echo Park, Fall 2026')).toBeVisible();
  await expect(page.getByRole('region', { name: 'The hives' })).toContainText('Rooftop Hive');
  await expect(page.getByRole('region', { name: 'The hives' })).toContainText('Art wrap: Poppy Parade by Lena Ortiz');
  await expect(page.getByRole('region', { name: 'The harvest' })).toContainText('Jacaranda and rooftop thyme.');
  await expect(page.getByRole('region', { name: 'The jar' })).toContainText('Single-Origin Neighborhood Honey');
  await page.goto(`${SITE}/shop`);
  await expect(page.locator('#single-origin').getByRole('link', { name: `Current batch: ${code}` })).toHaveAttribute('href', `/honey/${code}`);
});

siteTest.describe('the published map', () => {
  siteTest.use({ allowConsoleErrors: [/Failed to load resource/] });

  siteTest('/hives shows the hive with the wrap at a position that is not its stored one', async ({ page, request }) => {
    const photoUrl = (await staffRpc<{ hive_name: string; photo_url: string }[]>(request, 'get_buzz_haven_hive_wraps'))
      .find((w) => w.hive_name === 'Swarm Rescue Hive')!.photo_url;
    await refuseTiles(page);
    await page.goto(`${SITE}/hives/`);
    const card = page.locator('[data-hive="Swarm Rescue Hive"]');
    await expect(card).toContainText('Creekside');
    await expect(card).toContainText('"Clover Crown" by Ana Ruiz');
    await expect(card.getByRole('img', { name: 'Hive wrap "Clover Crown" by Ana Ruiz' })).toHaveAttribute('src', photoUrl);
    await expect(page.locator('.hive-map-frame')).toHaveAttribute('data-map-state', 'drawn', { timeout: 20_000 });
    const hives = await staffRpc<StaffHive[]>(request, 'get_buzz_haven_hives');
    expect(hives.find((h) => h.name === 'Swarm Rescue Hive')).toMatchObject({ latitude: 37.788123, longitude: -122.262456, on_map: true });
    await expectNoStoredPosition(page, hives);
    const marker = (await markerPositions(page)).find((p) => p.names.includes('Swarm Rescue Hive'))!;
    expect(marker.lat === 37.788123 && marker.lng === -122.262456).toBe(false);
  });
});
