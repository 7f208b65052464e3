/**
 * The frame of every page: header navigation, the footer's links, newsletter and copyright,
 * the skip link, and the mobile menu at 390 px used with the keyboard only.
 */
import { expect, expectNoAxeViolations, test, untilHydrated } from './pages-fixtures';

const MAIN_LINKS = [
  ['Home', '/'],
  ['About', '/about'],
  ['Services', '/services'],
  ['Shop', '/shop'],
  ['Impact', '/impact'],
  ['Art', '/art'],
  ['Contact', '/contact'],
];

const paths = (hrefs: (string | null)[]) => hrefs.map((h) => new URL(h ?? '', 'http://x').pathname);

test('the header and footer link to the main pages', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');
  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link')).toHaveText(MAIN_LINKS.map(([label]) => label));
  expect(paths(await header.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href'))))).toEqual(MAIN_LINKS.map(([, to]) => to));
  await expect(header.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');

  const footer = page.getByRole('navigation', { name: 'Footer' });
  expect(paths(await footer.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href'))))).toEqual(MAIN_LINKS.map(([, to]) => to));

  const legal = page.getByRole('navigation', { name: 'Legal' });
  expect(paths(await legal.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href'))))).toEqual(['/privacy', '/terms', '/shipping']);
  await expect(page.getByRole('contentinfo')).toContainText('© 2025 Buzz Haven');
  await expect(page.getByRole('contentinfo')).toContainText('Monday-Friday 9am-5pm PST');
});

test('navigating with the header reaches each page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  for (const [label, to] of MAIN_LINKS.slice(1)) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('the footer newsletter has a required e-mail field and Subscribe button', async ({ page }) => {
  await page.goto('/about');
  const form = page.locator('[data-form="newsletter-footer"]');
  const input = form.getByRole('textbox', { name: 'Email address' });
  await expect(input).toHaveAttribute('type', 'email');
  await expect(input).toHaveAttribute('required', '');
  await input.fill(`footer-${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you for subscribing!');
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens and closes with the keyboard; Escape returns focus to the toggle', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'site-nav');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeHidden();

    await untilHydrated(toggle);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeHidden();
    const closed = page.getByRole('button', { name: 'Menu' });
    await expect(closed).toBeFocused();
    await expect(closed).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
    await expectNoAxeViolations(page);
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test("opens before the page's scripts have run, and the header goes on from there", async ({ page }) => {
    // The page's scripts are held back until the menu has been used, as on a slow phone.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\.js(\?.*)?$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const toggle = page.locator('button.nav-toggle');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(toggle).toHaveAccessibleName('Menu');
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName('Menu');
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeVisible();
    expect(await toggle.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')))).toBe(false);

    release();
    await untilHydrated(toggle);
    await expect(toggle).toHaveAttribute('data-hydrated', '');
    // React starts from the open menu it found: one press closes it.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeVisible();
  });

  test("the header's logo name stays on one line", async ({ page }) => {
    await page.goto('/');
    const name = page.locator('.site-header .brand span');
    await expect(name).toHaveText('Buzz Haven');
    // One line box per line the text wraps onto: a Range over the text has one rect per line.
    const lines = await name.evaluate((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  });

  test('the page does not scroll sideways', async ({ page }) => {
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('every page has a canonical URL, description and Open Graph tags; robots.txt and sitemap exist', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Buzz Haven/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-image\.png$/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(jsonLd['@type']).toBe('LocalBusiness');
  expect(jsonLd.telephone).toBe('(510) 555-0147');

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
  const sitemap = await request.get('/sitemap-0.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ['/about', '/services/host-hive', '/shop', '/faq', '/privacy']) expect(xml).toContain(`${path}</loc>`);
  expect(xml).not.toContain('/404');
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  // The linked icons are raster: the browser decodes a page's favicon on the page's main thread.
  const icons = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(icons.length).toBeGreaterThan(0);
  for (const href of icons) {
    const icon = await request.get(href);
    expect(icon.status(), href).toBe(200);
    expect(icon.headers()['content-type'], href).toMatch(/^image\/(png|x-icon|vnd\.microsoft\.icon)/);
  }
});
