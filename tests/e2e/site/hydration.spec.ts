/**
 * What the browser does NOT have to do on a static page: placeholders arrive filled
 * in the page data, pages that quote no catalogue block do not fetch the catalogue, and the
 * forms' and accordion's code is fetched only where and when it is needed, without losing a
 * submit that comes before it.
 */
import type { Page, Request } from '@playwright/test';
import { expect, hoverUntilAnimating, test } from './pages-fixtures';

const NEWSLETTER_CHUNK = /\/newsletter-form-[\w-]+\.js$/;
const ACCORDION_CHUNK = /\/accordion-fallback-[\w-]+\.js$/;
const ADD_TO_CART_CHUNK = /\/add-to-cart-[\w-]+\.js$/;
const HOST_APPLICATION_CHUNK = /\/host-application-[\w-]+\.js$/;

const scripts = (requests: Request[], pattern: RegExp) => requests.filter((r) => pattern.test(new URL(r.url()).pathname));

test('Gatsby\'s bundles are requested only after the first frame, React\'s modules run before the app, and the page hydrates', async ({ page }) => {
  // The first animation frame callback runs when the browser renders the page's first frame.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
    });
  });
  const response = await page.goto('/shop');
  expect(await response?.text()).not.toMatch(/<script src="[^"]+" async>/);
  const form = page.locator('#wildflower form.add-to-cart');
  await form.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(form.getByRole('status')).toContainText('Added to your cart.');
  const timing = await page.evaluate(() => ({
    firstFrame: (window as unknown as { firstFrameAt: number }).firstFrameAt,
    bundles: performance.getEntriesByType('resource')
      .filter((entry) => /\/(webpack-runtime|framework|app)-\w+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
  expect(timing.bundles).toHaveLength(3);
  expect(timing.firstFrame).toBeGreaterThan(0);
  for (const start of timing.bundles) expect(start).toBeGreaterThanOrEqual(timing.firstFrame);
  // webpack's chunk global keeps every chunk pushed, in order: the framework's, then the loader's
  // warm-up (which ran the framework's modules in a task of their own), then the app's and the rest.
  const chunkIds = await page.evaluate(() => (window as unknown as { webpackChunk_buzz_haven_site: [unknown[]][] })
    .webpackChunk_buzz_haven_site.map((chunk) => String(chunk[0][0])));
  expect(chunkIds.length).toBeGreaterThan(2);
  expect(chunkIds.slice(0, 2)).toEqual([expect.not.stringMatching(/-warm$/), expect.stringMatching(/-warm$/)]);
  expect(chunkIds.filter((id) => id.endsWith('-warm'))).toHaveLength(1);
});

test('the home page is laid out in slices: a script before each section but the first, gone before React hydrates', async ({ page }) => {
  const html = (await (await page.goto('/'))?.text()) ?? '';
  const slice = /<script data-id="layout-slice">[^<]*<\/script><!--\$--><section ([^>]*)>/g;
  const sliced = [...html.matchAll(slice)].map((match) => match[1]);
  expect(sliced[0]).toContain('aria-labelledby="welcome-title"');
  expect(sliced[1]).toContain('id="values"');
  expect(sliced).toHaveLength((await page.locator('main > section').count()) - 1);
  await expect(page.locator('script[data-id="layout-slice"]')).toHaveCount(0);
  // Hydrated without a mismatch (the fixture fails on React's console error): the letter reacts.
  const letter = page.locator('[data-founder-letter]');
  await hoverUntilAnimating(page, letter);
});

test('placeholders are filled at build time and /faq does not fetch the catalogue', async ({ page }) => {
  const bodies: Record<string, string> = {};
  page.on('response', async (response) => {
    if (response.url().includes('/page-data/')) bodies[new URL(response.url()).pathname] = await response.text();
  });
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  const pageData = bodies['/page-data/faq/page-data.json'];
  expect(pageData).toContain('$75-150');
  expect(pageData).toContain('Gift adoptions last 3, 6 or 12 months');
  expect(pageData).not.toContain('{{');
  const staticQueries = Object.entries(bodies).filter(([path]) => path.startsWith('/page-data/sq/'));
  expect(staticQueries.length).toBeGreaterThan(0);
  for (const [path, body] of staticQueries) expect(body, path).not.toContain('hostingCatalog');
});

test('the footer sign-up code is fetched only when the form nears the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  expect(scripts(requests, NEWSLETTER_CHUNK)).toHaveLength(0);

  const chunk = page.waitForRequest((request) => NEWSLETTER_CHUNK.test(new URL(request.url()).pathname));
  await page.locator('[data-form="newsletter-footer"]').scrollIntoViewIfNeeded();
  await chunk;
});

/** Holds every request matching `pattern` until the returned function is called. */
async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test('a sign-up submitted before the form code arrived is sent once it has', async ({ page }) => {
  const release = await holdRequests(page, NEWSLETTER_CHUNK);
  await page.goto('/about');
  const form = page.locator('[data-form="newsletter-footer"]');
  await form.getByRole('textbox', { name: 'Email address' }).fill(`early-${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(form.getByRole('status')).toHaveText('');

  release();
  await expect(form.getByRole('status')).toContainText('Thank you for subscribing!');
  await expect(page).toHaveURL(/\/about$/);
});

test('the FAQ fetches no accordion script where <details name> is single-open natively', async ({ page }) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  expect(scripts(requests, ACCORDION_CHUNK)).toHaveLength(0);
});

test.describe('in a browser without exclusive <details>', () => {
  test('the fallback script is fetched when idle and keeps one answer open', async ({ page }) => {
    // Hide the feature from feature detection (Chromium still groups the elements itself, so
    // this checks that the fallback loads and agrees with the native behaviour).
    await page.addInitScript(() => {
      delete (HTMLDetailsElement.prototype as unknown as Record<string, unknown>).name;
    });
    const chunk = page.waitForRequest((request) => ACCORDION_CHUNK.test(new URL(request.url()).pathname));
    await page.goto('/faq');
    await chunk;
    const items = page.locator('[data-accordion="faq"] details');
    await items.nth(0).locator('summary').click();
    await items.nth(1).locator('summary').click();
    await expect(page.locator('[data-accordion="faq"] details[open]')).toHaveCount(1);
    await expect(items.nth(1)).toHaveAttribute('open', '');
  });
});

/**
 * A slow phone on a slow network: opens `path` with the CPU slowed down and the island code
 * matching `chunk` held back, and once React has committed the page frame (Gatsby marks
 * onInitialClientRender; its router listens from then on) while the sections below still hydrate
 * in later slices, remembers the server's sections and island contents and runs `follow` (the
 * visitor follows an in-page anchor). The code arrives half a second later, after the router has
 * rendered the new location (it waits for a microtask and an animation frame).
 */
async function followAnchorWhileHydrating(page: Page, path: string, chunk: RegExp, follow: () => Promise<void>) {
  const release = await holdRequests(page, chunk);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('onInitialClientRender').length > 0, undefined, { polling: 'raf' });
  await page.evaluate(() => {
    (window as unknown as { serverNodes: Element[] }).serverNodes = [...document.querySelectorAll('main > *, [data-island] > *')];
  });
  await follow();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))));
  release();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // The router did take the new location (Gatsby's route announcer speaks on a location update).
  await expect(page.locator('#gatsby-announcer')).toHaveText(/^Navigated to /);
}

/** The server's sections and island contents that are no longer in the page (rendered again on the client). */
const replacedServerNodes = (page: Page) => page.evaluate(() => (window as unknown as { serverNodes: Element[] }).serverNodes
  .filter((node) => !node.isConnected).map((node) => node.outerHTML.slice(0, 80)));

// React's error #421 ("This Suspense boundary received an update before it finished hydrating"),
// which the fixture fails on, came when the router's new location reached a section or island
// that had not hydrated yet; React then also threw its server HTML away.
test('an in-page anchor followed while the page still hydrates keeps the server HTML and logs no error', async ({ page }) => {
  await followAnchorWhileHydrating(page, '/shop', ADD_TO_CART_CHUNK, async () => {
    await page.evaluate(() => {
      window.location.hash = 'gift-set';
    });
    await expect(page).toHaveURL(/\/shop#gift-set$/);
    await expect(page.locator('#gift-set')).toBeInViewport();
  });
  const gift = page.locator('#gift-set form.add-to-cart');
  await gift.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(gift.getByRole('status')).toContainText('Added to your cart.');
  expect(await replacedServerNodes(page)).toEqual([]);
});

test('a same-page link to an anchor clicked while the page still hydrates scrolls there and keeps the server HTML', async ({ page }) => {
  await followAnchorWhileHydrating(page, '/services/host-hive', HOST_APPLICATION_CHUNK, async () => {
    await page.locator('main').getByRole('link', { name: 'Become a host' }).first().click();
    await expect(page).toHaveURL(/\/services\/host-hive#apply$/);
  });
  await expect(page.locator('#apply')).toBeInViewport();
  await expect(page.locator('#apply form')).toBeVisible();
  expect(await replacedServerNodes(page)).toEqual([]);
});
