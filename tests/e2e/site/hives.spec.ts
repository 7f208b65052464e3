/**
 * The map of the city's hives. On the seeded site: /hives lists every hive its host
 * shows with its wrap, artist and neighbourhood, draws one marker per approximate position after
 * first paint even though the map tiles cannot load (no internet here: every tile request is
 * refused), never puts a stored position or address in the page, passes axe, and with JavaScript
 * off is the list. The whole path (staff put a hive on the map and install a printed design on it,
 * the publisher rebuilds the site, /hives shows it) is in tests/e2e/site/published-site.spec.ts.
 */
import { expectNoStoredPosition, refuseTiles, type StaffHive } from './hiveMap';
import { expect, expectNoAxeViolations, test } from './pages-fixtures';
import { staffRpc } from './staff-api';

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
