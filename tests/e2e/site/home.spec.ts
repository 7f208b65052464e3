/**
 * The home page as a visitor sees it: the nine sections in order with their calls to action,
 * featured products from the catalogue, the decoration (5 bees, inert, still with reduced
 * motion, modes from scroll position), the founder letter animation, the newsletter sign-up.
 */
import { expect, expectNoAxeViolations, hoverUntilAnimating, hrefPath, test } from './pages-fixtures';

test.describe('home page', () => {
  test('shows the nine sections in order with their calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Buzz Haven/);
    const sections = await page.locator('main [data-home-section]').evaluateAll((els) => els.map((el) => el.getAttribute('data-home-section')));
    expect(sections).toEqual(['hero', 'welcome', 'values', 'phases', 'services', 'brands', 'management', 'featured', 'testimonials', 'newsletter']);

    const main = page.locator('main');
    const expectLink = async (name: string, target: string) => {
      const link = main.getByRole('link', { name, exact: true });
      await expect(link).toHaveCount(1);
      expect(await hrefPath(page, link)).toBe(target);
    };
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helping Honeybees Thrive in Every Backyard');
    await expectLink('Explore Our Honey', '/shop');
    await expectLink('Host a Hive', '/services');
    await expectLink('Read My Story', '/about');
    await expectLink('Explore Our Services', '/services');
    await expectLink('Get in Touch', '/contact');
    await expectLink('Browse Shop', '/shop');
    await expectLink('Access Admin', '/admin');
  });

  test('founder welcome: letter card, mission list, five-step art process, six values', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-founder-letter]')).toContainText('Dear neighbour,');
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    const steps = page.locator('[data-home-section="welcome"] ol > li strong');
    await expect(steps).toHaveText(['Submit', 'Vote monthly', 'Print', 'Install', 'Connect via maps']);
    await expect(page.locator('[data-home-section="welcome"] ol')).toContainText('UV-resistant hive wraps');
    const values = page.locator('[data-home-section="values"]');
    await expect(values.getByRole('heading', { level: 2 })).toHaveText('What We Stand For');
    await expect(values.locator('li h3')).toHaveCount(6);
  });

  test('phases, services, brand family and testimonials', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-home-section="phases"] li h3')).toHaveText([
      'Spot & Collect',
      'Nucleus Integration',
      'Creative Collaboration',
      'Habitat & Learning',
    ]);
    const services = page.locator('[data-home-section="services"] li');
    await expect(services).toHaveCount(4);
    const serviceTargets = await services.locator('a').evaluateAll((els) => els.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(serviceTargets).toEqual(['/services/host-hive', '/services/adopt-hive', '/services/swarm-management', '/services/workshops']);

    const brands = page.locator('[data-home-section="brands"] li');
    await expect(brands.locator('h3')).toHaveText(['Hive Haven', 'Buzz Boxes', 'Hives & Humanity']);
    const brandTargets = await brands.locator('a').evaluateAll((els) => els.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(brandTargets).toEqual(['/about', '/services', '/impact']);

    await expect(page.locator('[data-home-section="testimonials"] blockquote')).toHaveCount(3);
  });

  test('features three catalogue products at $20, $24 and $45 linking to their shop anchors', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('[data-home-section="featured"] li[data-product]');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('.price')).toHaveText(['$20', '$24', '$45']);
    const links = await cards.locator('a').evaluateAll((els) => els.map((a) => { const u = new URL((a as HTMLAnchorElement).href); return u.pathname + u.hash; }));
    expect(links).toEqual(['/shop#wildflower', '/shop#single-origin', '/shop#gift-set']);
    for (const img of await cards.locator('img[alt]:not([aria-hidden="true"])').all()) {
      expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(10);
    }
    await expect(cards.first()).toContainText('East Hills Wildflower Honey');
    await expect(cards.first()).toContainText('16 oz jar');
  });

  test('the Access Admin link leaves the static site for the admin app', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Access Admin' }).click();
    await expect(page).toHaveURL(/\/(admin|auth)/);
  });

  test('has no accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-bee]')).toHaveCount(5);
    await expectNoAxeViolations(page);
  });
});

test.describe('decorative animation', () => {
  test('five inert bees follow the pointer but keep their distance', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const bees = page.locator('[data-bee]');
    await expect(bees).toHaveCount(5);
    const layer = page.locator('.decor');
    await expect(layer).toHaveAttribute('aria-hidden', 'true');
    await expect(layer).toHaveCSS('pointer-events', 'none');
    await expect(layer).toHaveCSS('position', 'fixed');
    for (const bee of await bees.all()) await expect(bee).toHaveAttribute('aria-hidden', 'true');

    await page.mouse.move(300, 450, { steps: 5 });
    await page.waitForTimeout(2500);
    const distances = await bees.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return Math.hypot(r.left + r.width / 2 - 300, r.top + r.height / 2 - 450);
      }),
    );
    for (const d of distances) {
      expect(d).toBeGreaterThan(100);
      expect(d).toBeLessThan(260);
    }
    // Clicks go through the decoration to the page.
    await page.mouse.move(0, 0);
    await page.getByRole('link', { name: 'Explore Our Honey' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('switches to art over the Buzz Haven Management block and to blooms near the bottom', async ({ page }) => {
    await page.goto('/');
    const layer = page.locator('.decor');
    await expect(layer).toHaveAttribute('data-decor-mode', 'bees');
    await page.locator('[data-home-section="management"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(layer).toHaveAttribute('data-decor-mode', 'art');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(layer).toHaveAttribute('data-decor-mode', 'bloom');
    await expect(page.locator('[data-bloom]').first()).toBeAttached({ timeout: 5000 });
    await page.waitForTimeout(2500);
    expect(await page.locator('[data-bloom]').count()).toBeLessThanOrEqual(16);
    await expect(page.locator('[data-bee]')).toHaveCount(5);
  });

  test('stays still with prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const bees = page.locator('[data-bee]');
    await expect(bees).toHaveCount(5);
    const before = await bees.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
    await page.mouse.move(200, 300, { steps: 5 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(2500);
    const after = await bees.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
    expect(after).toEqual(before);
    await expect(page.locator('[data-bloom]')).toHaveCount(0);
    await expect(page.locator('.decor')).toHaveAttribute('data-decor-mode', 'still');
  });

  test('the founder letter animates while hovered or focused and stops on leave or blur', async ({ page }) => {
    await page.goto('/');
    const letter = page.locator('[data-founder-letter]');
    await expect(letter).toHaveAttribute('data-animating', 'false');
    await hoverUntilAnimating(page, letter);
    await page.mouse.move(5, 5);
    await expect(letter).toHaveAttribute('data-animating', 'false');
    await letter.focus();
    await expect(letter).toHaveAttribute('data-animating', 'true');
    await letter.blur();
    await expect(letter).toHaveAttribute('data-animating', 'false');
  });
});

test.describe('home newsletter', () => {
  test('requires an e-mail address', async ({ page }) => {
    await page.goto('/');
    const input = page.locator('#newsletter-email-home');
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('required', '');
  });

  test('subscribes a new address through the backend', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('[data-form="newsletter-home"]');
    await form.getByRole('textbox', { name: 'Email address' }).fill(`home-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText('Thank you for subscribing! Check your inbox for a link to confirm your address.');
  });
});

test.describe('home newsletter failure', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('shows a clear error, keeps the e-mail and blocks double submits while sending', async ({ page }) => {
    let calls = 0;
    // The failure is answered once the sending state has been seen and a second submit tried.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/rest/v1/rpc/subscribe_buzz_haven_newsletter', async (route) => {
      calls += 1;
      await answered;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });
    await page.goto('/');
    const form = page.locator('[data-form="newsletter-home"]');
    const input = form.getByRole('textbox', { name: 'Email address' });
    await input.fill('keep-me@example.com');
    const button = form.getByRole('button');
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveText('Subscribing...');
    await form.evaluate((f) => (f as HTMLFormElement).requestSubmit());
    answer();
    await expect(form.getByRole('alert')).toHaveText(
      "Sorry, we couldn't subscribe you just now. Please check your e-mail address and try again.",
    );
    await expect(input).toHaveValue('keep-me@example.com');
    await expect(button).toBeEnabled();
    expect(calls).toBe(1);
  });

  test('past the sign-up limit (PT429) it says to wait, with the forms\' words, and keeps the e-mail', async ({ page }) => {
    await page.route('**/rest/v1/rpc/subscribe_buzz_haven_newsletter', (route) => route.fulfill({
      status: 429, contentType: 'application/json', body: JSON.stringify({ code: 'PT429', message: 'Too many requests; please try again later' }),
    }));
    await page.goto('/');
    const form = page.locator('[data-form="newsletter-home"]');
    const input = form.getByRole('textbox', { name: 'Email address' });
    await input.fill('many@example.com');
    await form.getByRole('button').click();
    await expect(form.getByRole('alert')).toHaveText(
      'You have sent several requests in a short time. Please wait a few minutes and try again - everything you typed is still here.',
    );
    await expect(input).toHaveValue('many@example.com');
  });
});
