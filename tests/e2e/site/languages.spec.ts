/**
 * The site in two languages: every page of the build has its Spanish twin under /es, reachable
 * from the header's switcher, which keeps the page (and its query and anchor); both pages name each
 * other as hreflang alternates; the Spanish pages say lang="es", are axe clean and keep their links
 * in Spanish; an unknown /es/ path answers the Spanish 404. Words may still be the English ones
 * (a Spanish document not written yet falls back to English), so these check structure.
 */
import type { Page } from '@playwright/test';
import { builtPages, isSpanish, spanishOf } from './builtPages';
import { expect, expectNoAxeViolations, test } from './pages-fixtures';

// Every test reads the build and changes nothing: they may run on any worker at once.
test.describe.configure({ mode: 'parallel' });
interface Head {
  lang: string;
  canonical: string | null;
  alternates: Record<string, string>;
}

/** The <html lang>, canonical and hreflang alternates of a built page, parsed by the browser without running it. */
async function headOf(page: Page, path: string): Promise<Head> {
  const html = await (await page.request.get(path)).text();
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const alternates: Record<string, string> = {};
    for (const link of doc.querySelectorAll('link[rel="alternate"][hreflang]')) {
      alternates[link.getAttribute('hreflang')!] = new URL(link.getAttribute('href')!).pathname;
    }
    return {
      lang: doc.documentElement.lang,
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      alternates,
    };
  }, html);
}

test('every English page has a Spanish twin, and their hreflang alternates name each other', async ({ page }) => {
  const pages = builtPages();
  const english = pages.filter((path) => !isSpanish(path));
  expect(english.length).toBeGreaterThan(20);
  expect(pages.filter(isSpanish).sort()).toEqual(english.map(spanishOf).sort());
  await page.goto('/');
  // Fetched and parsed all at once: each is a request and a parse, no page load.
  const heads = await Promise.all(english.map((path) => Promise.all([headOf(page, path), headOf(page, spanishOf(path))])));
  for (const [i, path] of english.entries()) {
    const es = spanishOf(path);
    const [enHead, esHead] = heads[i];
    expect(enHead.lang, path).toBe('en');
    expect(esHead.lang, es).toBe('es');
    if (Object.keys(enHead.alternates).length === 0) {
      // Pages kept out of search (noindex) name no alternates in either language.
      expect(esHead.alternates, es).toEqual({});
      continue;
    }
    const expected = { en: path, es, 'x-default': path };
    expect(enHead.alternates, path).toEqual(expected);
    expect(esHead.alternates, es).toEqual(expected);
    expect(new URL(enHead.canonical!).pathname, path).toBe(path);
    expect(new URL(esHead.canonical!).pathname, es).toBe(es);
  }
});

test('the sitemap lists each page with its alternates in both languages', async ({ page }) => {
  const xml = await (await page.request.get('/sitemap-0.xml')).text();
  expect(xml).toMatch(/<loc>[^<]*\/es\/shop<\/loc>/);
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="es" href="[^"]*\/es\/shop"\s*\/>/);
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="x-default" href="[^"]*\/shop"\s*\/>/);
  expect(xml).not.toMatch(/\/es\/my-hive</);
});

/** The switcher test walks every page; in this many parts, so that workers share the walk. */
const SWITCHER_PARTS = 4;

test.describe('every page', () => {
  // The hive map's tiles come from a host the test machine cannot reach (hives.spec.ts covers the
  // map): unknown to its resolver, or with no network at all (a network namespace of its own);
  // and pages opened without their link's token (a vote to confirm) get a 400 from the backend.
  test.use({ allowConsoleErrors: [/ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|tile\.openstreetmap\.org|status of 400/] });

  for (let part = 0; part < SWITCHER_PARTS; part += 1) {
    test(`the switcher leads every English page to its Spanish twin and back (part ${part + 1} of ${SWITCHER_PARTS})`, async ({ page }) => {
      const english = builtPages().filter((p) => !isSpanish(p) && !p.startsWith('/honey/'));
      expect(english.length).toBeGreaterThan(SWITCHER_PARTS);
      for (const path of english.filter((_, i) => i % SWITCHER_PARTS === part)) {
        await page.goto(path);
        const switcher = page.getByRole('navigation', { name: 'Language' });
        const toSpanish = switcher.getByRole('link', { name: 'Español' });
        await expect(toSpanish, path).toHaveAttribute('hreflang', 'es');
        await expect(toSpanish).toHaveAttribute('lang', 'es');
        await toSpanish.click();
        await expect(page, path).toHaveURL(new URL(spanishOf(path), page.url()).href);
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await page.locator('nav.language-switcher').getByRole('link', { name: 'English' }).click();
        await expect(page, path).toHaveURL(new URL(path, page.url()).href);
      }
    });
  }
});

test('the switcher keeps the query and the anchor, by keyboard too, and is seen at once on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/services/workshops?from=test#schedule');
  const toSpanish = page.locator('nav.language-switcher').getByRole('link', { name: 'Español' });
  await expect(toSpanish).toBeInViewport();
  await toSpanish.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/es\/services\/workshops\?from=test#schedule$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  const switcher = page.locator('nav.language-switcher');
  await expect(switcher.getByText('Español')).toHaveAttribute('aria-current', 'true');
  await expect(switcher.getByRole('link', { name: 'English' })).toBeInViewport();
});

test('links of a Spanish page stay in Spanish; the choice is remembered for the next home page, never redirected', async ({ page }) => {
  await page.goto('/es/about');
  const navPaths = await page.locator('#site-nav a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(navPaths.length).toBeGreaterThan(3);
  for (const path of navPaths) expect(isSpanish(path), path).toBe(true);
  await expect(page.locator('header a.brand')).toHaveAttribute('href', '/es');

  // A visitor who chose Spanish opens the English home page: it stays English, its links lead to Spanish.
  await page.goto('/');
  await page.locator('nav.language-switcher').getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#site-nav a').nth(1)).toHaveAttribute('href', /^\/es\//);
  // A deep link is never redirected nor rewritten.
  await page.goto('/shop');
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.locator('#site-nav a').nth(1)).not.toHaveAttribute('href', /^\/es\//);
});

test.describe('not found', () => {
  // The page logs the unknown path, and the browser the 404 response.
  test.use({ allowConsoleErrors: [/404/] });

  test('an unknown /es/ path answers the Spanish 404 page', async ({ page }) => {
    const response = await page.goto('/es/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('nav.language-switcher')).toBeVisible();
    const english = await page.request.get('/no-such-page');
    expect(english.status()).toBe(404);
    expect(await english.text()).toContain('lang="en"');
  });
});

test.describe('Spanish pages', () => {
  // The map's tiles come from a host the test build's policy does not name (hives.spec.ts covers the map).
  test.use({ allowConsoleErrors: [/tile\.openstreetmap\.org/] });

  for (const path of ['/es', '/es/shop', '/es/contact', '/es/services/workshops', '/es/impact', '/es/faq', '/es/cart', '/es/art', '/es/hives']) {
    test(`${path} is axe clean`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.locator('h1')).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }
});
