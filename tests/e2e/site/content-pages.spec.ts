/**
 * Every content page (about, services and its four sub-pages, shop, impact, contact, FAQ and
 * the legal pages): served, titled and described for search, one <h1>, headings in order,
 * images with alt text, no console errors and no axe-core violation.
 */
import { expect, expectNoAxeViolations, test } from './pages-fixtures';

const PAGES: Array<{ path: string; title: string; h1: string | RegExp }> = [
  { path: '/about', title: 'About Us | Buzz Haven', h1: 'Rooted in East Hills, run for the bees' },
  { path: '/services', title: 'Our Services | Buzz Haven', h1: 'Ways to bring bees into your life' },
  { path: '/services/host-hive', title: 'Host a Hive | Buzz Haven', h1: 'Give a colony a home in your backyard' },
  { path: '/services/adopt-hive', title: 'Adopt-a-Hive | Buzz Haven', h1: 'Adopt a hive, no backyard needed' },
  { path: '/services/swarm-management', title: 'Swarm Management | Buzz Haven', h1: "Found a swarm? We'll give it a home" },
  { path: '/services/workshops', title: 'Workshops | Buzz Haven', h1: 'Learn with the bees' },
  { path: '/shop', title: 'Shop Honey & Beeswax | Buzz Haven', h1: 'Honey and beeswax from our hives' },
  { path: '/impact', title: 'Community Impact | Buzz Haven', h1: 'Good for the bees, good for the neighbourhood' },
  { path: '/contact', title: 'Contact Us | Buzz Haven', h1: 'Get in touch' },
  { path: '/faq', title: 'Frequently Asked Questions | Buzz Haven', h1: 'Frequently Asked Questions' },
  { path: '/privacy', title: 'Privacy Policy | Buzz Haven', h1: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Service | Buzz Haven', h1: 'Terms of Service' },
  { path: '/shipping', title: 'Shipping & Returns | Buzz Haven', h1: 'Shipping & Returns' },
];

for (const { path, title, h1 } of PAGES) {
  test(`${path} is a complete, accessible page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);

    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(50);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${path}$`));
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);

    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);

    // Headings never skip a level on the way down (h2 -> h4 would).
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((nodes) => nodes.map((n) => Number(n.tagName[1])));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level, `heading #${index} level`).toBeLessThanOrEqual(levels[index - 1] + 1);
    });

    const imagesWithoutAlt = await page.locator('img:not([alt])').count();
    expect(imagesWithoutAlt).toBe(0);
    // No copy placeholder left unfilled.
    await expect(page.locator('body')).not.toContainText('{{');

    await expectNoAxeViolations(page);
  });
}
