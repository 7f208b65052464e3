/**
 * Shared fixture of the content-page specs (about, services, shop, impact, contact, FAQ, legal):
 * every test fails on a console error or uncaught exception unless the test declared it
 * expected (a deliberately failing request logs "Failed to load resource").
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';

export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleGuard: void }>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use();
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until React has hydrated the element `locator` finds (its handlers are attached): the
 * page's scripts load after its first frame, and a key pressed on a button before then does nothing.
 */
export async function untilHydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')))).toBe(true);
}

/** Runs axe-core (all default rules) on the page as it is now and expects no violation. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}

/** The path part of a link's href, e.g. "/contact" (hrefs may be relative or absolute). */
export async function hrefPath(page: Page, locator: ReturnType<Page['locator']>) {
  const href = await locator.getAttribute('href');
  return new URL(href ?? '', page.url()).pathname + new URL(href ?? '', page.url()).hash;
}

/**
 * Hovers an animated card (the founder letter) until it animates. Its code hydrates after the
 * first frame; a hover that came before is not seen until the pointer enters again, so leave and
 * re-enter until it is.
 */
export async function hoverUntilAnimating(page: Page, card: ReturnType<Page['locator']>) {
  await expect(async () => {
    await page.mouse.move(5, 5);
    await card.hover();
    await expect(card).toHaveAttribute('data-animating', 'true', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
}
