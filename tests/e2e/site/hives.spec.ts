/**
 * The map of the city's hives. On the seeded site: /hives lists every hive its host
 * shows with its wrap, artist and neighbourhood, draws one marker per approximate position after
 * first paint even though the map tiles cannot load (no internet here: every tile request is
 * refused), never puts a stored position or address in the page, passes axe, and with JavaScript
 * off is the list. Then the whole path: staff put a hive on the map and install a printed design
 * on it in the back office (its photo chosen from the media library), the publisher rebuilds the
 * site (a folder and port of this test's own) and /hives shows the hive with the wrap at a
 * position that is not its stored one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../../supabase/local/src/keys';
import { expect, expectNoAxeViolations, test } from './pages-fixtures';
import { ownerToken, staffRpc } from './staff-api';
import { publishOnce } from '../publish';

const ROOT = resolve(__dirname, '../../..');
const API = 'http://127.0.0.1:54321';
const DIST = join(ROOT, '.tmp/e2e-hives');
const PORT = 8011;

interface StaffHive {
  id: string;
  name: string;
  location: string | null;
  host: string | null;
  latitude: number | null;
  longitude: number | null;
  on_map: boolean;
}

/** Metres between two points (haversine). */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2
    + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.sqrt(h));
}

/** No tile server can be reached in the tests: refuse every tile request, as a dead network would. */
async function refuseTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
}

/** The markers' positions by hive name, as Leaflet drew them. */
async function markerPositions(page: Page) {
  const markers = page.locator('[data-hive-marker]');
  await expect(markers.first()).toBeVisible({ timeout: 20_000 });
  return markers.evaluateAll((nodes) => nodes.map((node) => ({
    names: (node.getAttribute('data-hive-marker') ?? '').split('|'),
    lat: Number(node.getAttribute('data-lat')),
    lng: Number(node.getAttribute('data-lng')),
  })));
}

/** Every stored position and address must be absent from the page and far from every marker. */
async function expectNoStoredPosition(page: Page, hives: StaffHive[]) {
  const html = await page.content();
  const positions = await markerPositions(page);
  for (const hive of hives.filter((h) => h.on_map && h.latitude !== null)) {
    expect(html).not.toContain(String(hive.latitude));
    expect(html).not.toContain(String(hive.longitude));
    // A host's address (the sanctuary's own hives have no host: its place is public).
    if (hive.location && hive.host) expect(html).not.toContain(hive.location);
    const marker = positions.find((p) => p.names.includes(hive.name));
    expect(marker, `a marker for ${hive.name}`).toBeTruthy();
    expect(metres({ lat: hive.latitude!, lng: hive.longitude! }, marker!)).toBeGreaterThanOrEqual(99);
  }
}

// Every tile request is refused on purpose: the browser logs each as a failed resource.
test.use({ allowConsoleErrors: [/Failed to load resource/] });

test.describe('the seeded /hives', () => {
  test('lists the shown hives with wrap, artist and neighbourhood; markers without tiles; no stored position; axe', async ({ page, request }) => {
    await refuseTiles(page);
    const response = await page.goto('/hives/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Hive Map | Buzz Haven');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The painted hives of East Hills');
    const list = page.locator('#list');
    for (const [name, neighbourhood, wrap] of [
      ['Rooftop Hive', 'Downtown', '"Poppy Parade" by Lena Ortiz'],
      ['Schoolyard Hive', 'Oak Street', '"Creek Hills" by Sam Lee and the Oak Street 4th grade'],
      ['Sanctuary Hive 1', 'Sanctuary Hill', '"Honeycomb Night" by Dev Patel'],
    ]) {
      const card = list.locator(`[data-hive="${name}"]`);
      await expect(card.getByRole('heading', { name })).toBeVisible();
      await expect(card).toContainText(neighbourhood);
      await expect(card).toContainText(wrap);
      await expect(card.getByRole('img', { name: `Hive wrap ${wrap}` })).toBeVisible();
    }
    // The host of the Schoolyard Hive did not opt in to show a name; the Rooftop's did.
    await expect(list.locator('[data-hive="Rooftop Hive"]')).toContainText('Hosted by The Rooftop Garden Co-op');
    await expect(list.locator('[data-hive="Schoolyard Hive"]')).not.toContainText('Hosted by');
    // Hives their hosts keep off the map are not on the page.
    await expect(page.getByText('Swarm Rescue Hive')).toHaveCount(0);

    // The map: drawn after first paint, markers even though every tile failed, and says so.
    await expect(page.locator('.hive-map-frame')).toHaveAttribute('data-map-state', 'drawn', { timeout: 20_000 });
    await expect(page.locator('.hive-map-note')).toHaveText(/could not load/);
    const hives = await staffRpc<StaffHive[]>(request, 'get_buzz_haven_hives');
    await expectNoStoredPosition(page, hives);
    // A marker is a keyboard button; its popup shows the wrap.
    const rooftop = page.locator('[data-hive-marker*="Rooftop Hive"]');
    await rooftop.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.leaflet-popup')).toContainText('"Poppy Parade" by Lena Ortiz');
    await expectNoAxeViolations(page);
  });

  test('the sticky header stays above the map and its markers when the page scrolls under it', async ({ page }) => {
    await refuseTiles(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/hives/');
    await expect(page.locator('.hive-map-frame')).toHaveAttribute('data-map-state', 'drawn', { timeout: 20_000 });
    const marker = page.locator('[data-hive-marker]').first();
    await expect(marker).toBeVisible();
    // Scroll until the marker's centre sits halfway down the header (the page may still settle
    // as pictures load), then ask what is on top at that point.
    const onTop = () => marker.evaluate((node) => {
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      const box = node.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const offset = Math.round(y - (header.top + header.height / 2));
      if (offset !== 0) window.scrollBy({ top: offset, behavior: 'instant' });
      const hit = document.elementFromPoint(x, y);
      return { aligned: offset === 0, inHeader: Boolean(hit?.closest('.site-header')), inMap: Boolean(hit?.closest('.hive-map')) };
    });
    await expect.poll(onTop).toEqual({ aligned: true, inHeader: true, inMap: false });
  });

  test('only this page loads the map library, after first paint', async ({ page }) => {
    const leafletOn: string[] = [];
    page.on('response', (response) => {
      if (/hive-map-leaflet/.test(response.url())) leafletOn.push(new URL(page.url()).pathname);
    });
    await refuseTiles(page);
    await page.goto('/impact/');
    await page.waitForLoadState('networkidle');
    expect(leafletOn).toEqual([]);
    await page.goto('/hives/');
    // First paint shows the placeholder and the list; the map's code arrives afterwards.
    await expect(page.locator('.hive-map-frame')).toHaveAttribute('data-map-state', 'drawn', { timeout: 20_000 });
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
    expect(scripts.some((name) => /hive-map-leaflet/.test(name))).toBe(true);
  });

  test('with JavaScript off, /hives is the list of every hive with its wrap', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('http://localhost:8000/hives/');
      await expect(page.locator('.hive-map-placeholder')).toHaveText('The map loads here. Every hive is also in the list below.');
      await expect(page.locator('[data-hive-marker]')).toHaveCount(0);
      const cards = page.locator('#list [data-hive]');
      expect(await cards.count()).toBeGreaterThanOrEqual(3);
      await expect(page.locator('[data-hive="Rooftop Hive"]')).toContainText('"Poppy Parade" by Lena Ortiz');
      await expect(page.getByRole('heading', { name: 'Downtown', level: 3 })).toBeVisible();
      // (axe-core runs as a script: it checks the same markup in the first test, with JavaScript.)
    } finally {
      await context.close();
    }
  });
});

test.describe.serial('installing a wrap', () => {
  let server: ChildProcess | null = null;
  test.afterAll(() => {
    server?.kill();
    rmSync(DIST, { recursive: true, force: true });
    rmSync(`${DIST}.builds`, { recursive: true, force: true });
  });

  test('staff show a hive on the map and install a printed design on it with a photo from the media library; the public map data has it, approximately', async ({ page, request }) => {
    test.setTimeout(180_000);
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
    const main = page.getByRole('main');
    const field = (label: string) => main.getByLabel(new RegExp(`^${label.replace(/[()']/g, '\\$&')}\\s*\\*?$`));

    // The host agrees to show the Swarm Rescue Hive: neighbourhood, position, on the map.
    const rescue = (await staffRpc<StaffHive[]>(request, 'get_buzz_haven_hives')).find((h) => h.name === 'Swarm Rescue Hive')!;
    await page.goto(`/admin/hives/${rescue.id}`);
    await expect(field('Neighbourhood')).toBeVisible();
    await field('Neighbourhood').fill('Creekside');
    await field('Latitude').fill('37.788123');
    await field('Longitude').fill('-122.262456');
    await main.getByLabel('Show on the map').check();
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Hive updated|Element updated|updated/i).first()).toBeVisible();

    // Install the printed design on it, with the photo from the library.
    await page.goto('/admin/hive_wraps');
    await main.getByRole('button', { name: 'Install a wrap' }).first().click();
    await main.getByRole('combobox', { name: /^Hive/ }).click();
    await page.getByRole('option', { name: 'Swarm Rescue Hive' }).click();
    await main.getByRole('combobox', { name: /^Design/ }).click();
    await page.getByRole('option', { name: 'Clover Crown' }).click();
    await field('Installed on').fill(new Date().toLocaleDateString('en-CA'));
    await main.getByRole('button', { name: 'Choose from library' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Choose from Library' });
    await picker.getByRole('button', { name: `Choose Clover Crown on the hive ${run}` }).click();
    await expect(picker).toBeHidden();
    await expect(field('Photo')).toHaveValue(photoUrl);
    await main.getByRole('button', { name: 'Save' }).click();
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

  test('after Publish, /hives shows the hive with the wrap at a position that is not its stored one', async ({ page, request }) => {
    test.setTimeout(600_000);
    const photoUrl = (await staffRpc<{ hive_name: string; photo_url: string }[]>(request, 'get_buzz_haven_hive_wraps'))
      .find((w) => w.hive_name === 'Swarm Rescue Hive')!.photo_url;

    // Publish: the publisher rebuilds the site into this test's folder.
    const published = await publishOnce(DIST, 540_000, () =>
      staffRpc(request, 'request_buzz_haven_site_build', { p_reason: 'e2e: a wrap installed on a hive' }));
    // The publisher exits 0 after a failed build too: its own line says which. It is looked for in
    // the whole log: Gatsby's output on stderr can be longer than any tail kept of both streams.
    const log = `${published.stdout}\n${published.stderr}`;
    const outcome = log.match(/publisher: build \S+ (succeeded|FAILED)[^\n]*/)?.[0];
    expect(outcome, log.slice(-3000)).toMatch(/succeeded/);
    server = spawn('node', ['scripts/serve.mjs', '--dir', DIST, '--port', String(PORT)], { cwd: ROOT, stdio: 'ignore' });
    await expect.poll(() => fetch(`http://localhost:${PORT}/hives/`).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200);

    await refuseTiles(page);
    await page.goto(`http://localhost:${PORT}/hives/`);
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
