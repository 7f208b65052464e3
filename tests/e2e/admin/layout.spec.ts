/** Layout: sidebar links, identity with role, desktop vs mobile (floating button + drawer), no console errors. */
import { expect, expectNoAxeViolations, main, signIn, test } from './fixtures';

const LINKS: [string, string][] = [
  ['Dashboard', '/admin'],
  ['Products', '/admin/products'],
  ['Orders', '/admin/orders'],
  ['Payments', '/admin/payments'], // card payments and refunds
  ['Payment Months', '/admin/payment_months'],
  ['Swarm Reports', '/admin/swarm_reports'],
  ['Adoptions', '/admin/adoption_requests'],
  ['Host Applications', '/admin/host_applications'],
  ['Events', '/admin/events'],
  ['Content', '/admin/content'],
  ['Media', '/admin/media'],
  ['Users', '/admin/users'],
  ['Hives', '/admin/hives'],
  ['Inspections', '/admin/inspections'],
  ['Art Designs', '/admin/art_designs'],
  ['Hive Wraps', '/admin/hive_wraps'], // wraps installed on hives
  ['Harvests', '/admin/honey_harvests'],
  ['Honey Batches', '/admin/honey_batches'],
  ['Messages', '/admin/messages'],
  ['Outbox', '/admin/outbox'],
  ['Campaigns', '/admin/campaigns'],
  ['Subscribers', '/admin/subscribers'],
  // The price tables
  ['Shipping Rates', '/admin/shipping_rates'],
  ['Adoption Tiers', '/admin/adopt_tiers'],
  ['Gift Terms', '/admin/adopt_gift_terms'],
  ['Hosting Plans', '/admin/hosting_plans'],
  ['Swarm Fee', '/admin/swarm_fee'],
  ['Payment Settings', '/admin/payment_settings'], // pay at pickup on or off
  ['Workshop Prices', '/admin/workshop_offerings'],
  // The host application rules
  ['Service Area', '/admin/service_area_zips'],
  ['Yard Minimum', '/admin/host_yard_minimum'],
  ['Neighbourhoods', '/admin/neighbourhoods'],
];

test('the sidebar links every section in order and shows who is signed in', async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  const links = nav.getByRole('link');
  await expect(links).toHaveText(LINKS.map(([label]) => label));
  for (const [i, [, href]] of LINKS.entries()) await expect(links.nth(i)).toHaveAttribute('href', href);
  const identity = page.getByTestId('sidebar-identity');
  await expect(identity).toContainText('owner@example.com');
  await expect(identity).toContainText('Owner');
  await expect(nav.getByRole('listitem')).toHaveCount(LINKS.length); // each link in an <li>
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible(); // inside the landmark
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
});

test('every section opens from the sidebar without console errors', async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  for (const [label, href] of LINKS) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(href);
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is hidden; only the floating button opens it as a drawer', async ({ page }) => {
    await signIn(page);
    await expect(main(page).getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
    const open = page.getByRole('button', { name: 'Open navigation' });
    await expect(open).toBeVisible();
    const box = (await open.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await expectNoAxeViolations(page, '390 px, drawer closed');

    await open.click();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav).toBeVisible();
    await expect(page.getByTestId('sidebar-identity')).toContainText('owner@example.com');
    await expect(nav.getByTestId('sidebar-identity')).toBeVisible(); // identity and Sign Out inside the landmark
    // Check contrast once the drawer and its backdrop have finished sliding and fading in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectNoAxeViolations(page, '390 px, drawer open');
    await nav.getByRole('link', { name: 'Hives' }).click();
    await expect(page).toHaveURL('/admin/hives');
    await expect(nav).toHaveCount(0);
    await expect(main(page).getByRole('heading', { name: 'Hives' })).toBeVisible();
    // No horizontal scrolling of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
