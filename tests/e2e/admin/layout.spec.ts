/**
 * Layout: the sidebar's groups (open, close, remembered, the current page's group open), the
 * identity with role, what a staff member's menu leaves out, desktop vs mobile (floating button +
 * drawer), no console errors.
 */
import type { Page } from '@playwright/test';
import {
  expect, expectNoAxeViolations, main, openSection, rpcAs, sidebar, signIn, signUp, test, uniqueEmail,
} from './fixtures';

// The groups in order, each with its links (the seed's Products, Orders, Events, Content, Media,
// Users and Hives keep their names, two clicks from anywhere).
const GROUPS: [string, [string, string][]][] = [
  ['Sales', [['Products', '/admin/products'], ['Orders', '/admin/orders'], ['Payments', '/admin/payments'], ['Payment Months', '/admin/payment_months']]],
  ['Requests', [['Swarm Reports', '/admin/swarm_reports'], ['Adoptions', '/admin/adoption_requests'], ['Host Applications', '/admin/host_applications']]],
  ['Events', [['Events', '/admin/events']]],
  ['Hives & Honey', [['Hives', '/admin/hives'], ['Inspections', '/admin/inspections'], ['Treatments', '/admin/treatments'], ['Hive Wraps', '/admin/hive_wraps'],
    ['Harvests', '/admin/honey_harvests'], ['Honey Batches', '/admin/honey_batches']]],
  ['Community', [['Art Designs', '/admin/art_designs'], ['Campaigns', '/admin/campaigns'], ['Subscribers', '/admin/subscribers']]],
  ['Site', [['Content', '/admin/content'], ['Media', '/admin/media'], ['Messages', '/admin/messages'], ['Outbox', '/admin/outbox']]],
  ['Settings', [['Users', '/admin/users'], ['Shipping Rates', '/admin/shipping_rates'], ['Adoption Tiers', '/admin/adopt_tiers'],
    ['Gift Terms', '/admin/adopt_gift_terms'], ['Hosting Plans', '/admin/hosting_plans'], ['Swarm Fee', '/admin/swarm_fee'],
    ['Payment Settings', '/admin/payment_settings'], ['Workshop Prices', '/admin/workshop_offerings'],
    ['Service Area', '/admin/service_area_zips'], ['Yard Minimum', '/admin/host_yard_minimum'], ['Neighbourhoods', '/admin/neighbourhoods'],
    ['Treatment products', '/admin/treatment_products'], ['Varroa Threshold', '/admin/varroa_settings'], ['Security', '/admin/security']]],
];

const groupButton = (page: Page, group: string) => sidebar(page).getByRole('button', { name: group, exact: true });

test('Dashboard, then the groups in order; each opens onto its links; the identity shows', async ({ page }) => {
  await signIn(page);
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
  await expect(nav.getByRole('button', { expanded: false })).toHaveText(GROUPS.map(([group]) => group));
  for (const [group, links] of GROUPS) {
    await groupButton(page, group).click();
    await expect(groupButton(page, group)).toHaveAttribute('aria-expanded', 'true');
    const list = nav.locator(`#${await groupButton(page, group).getAttribute('aria-controls')}`);
    await expect(list.getByRole('link')).toHaveText(links.map(([label]) => label));
    for (const [i, [, href]] of links.entries()) await expect(list.getByRole('link').nth(i)).toHaveAttribute('href', href);
    await expect(list.getByRole('listitem')).toHaveCount(links.length); // each link in an <li>
  }
  const identity = page.getByTestId('sidebar-identity');
  await expect(identity).toContainText('owner@example.com');
  await expect(identity).toContainText('Owner');
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible(); // inside the landmark
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'every group open');
});

test('every section opens from its group without console errors; its group stays open', async ({ page }) => {
  await signIn(page);
  for (const [group, links] of GROUPS) {
    for (const [label, href] of links) {
      await openSection(page, group, label);
      await expect(page).toHaveURL(href);
      await expect(sidebar(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(groupButton(page, group)).toHaveAttribute('aria-expanded', 'true');
  }
});

test("groups close and reopen, are remembered across reloads and sign-outs; the current page's group opens", async ({ page }) => {
  await signIn(page);
  const community = groupButton(page, 'Community');
  await expect(community).toHaveAttribute('aria-expanded', 'false');
  await community.click();
  await expect(sidebar(page).getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await page.reload();
  await expect(community).toHaveAttribute('aria-expanded', 'true');
  await community.click();
  await expect(sidebar(page).getByRole('link', { name: 'Campaigns' })).toHaveCount(0);
  await page.reload();
  await expect(community).toHaveAttribute('aria-expanded', 'false');

  // A page reached without the sidebar (a link, a bookmark) opens its group.
  await expect(groupButton(page, 'Sales')).toHaveAttribute('aria-expanded', 'false');
  await page.goto('/admin/orders');
  await expect(groupButton(page, 'Sales')).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar(page).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  // ... and may still be closed there.
  await groupButton(page, 'Sales').click();
  await expect(sidebar(page).getByRole('link', { name: 'Orders' })).toHaveCount(0);

  await groupButton(page, 'Community').click();
  await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page);
  await expect(groupButton(page, 'Community')).toHaveAttribute('aria-expanded', 'true');
});

test("a staff member's menu leaves out the settings only owners and admins change", async ({ page }) => {
  const email = uniqueEmail('menu-staff');
  const staff = await signUp(page, 'Mia Menu', email);
  await signIn(page);
  const users = (await rpcAs(page, 'get_buzz_haven_users')) as { id: string; email: string }[];
  await rpcAs(page, 'set_buzz_haven_user_role', { p_id: users.find((u) => u.email === email)!.id, p_role: 'staff' });
  await page.evaluate(() => localStorage.clear());
  await signIn(page, staff);
  await groupButton(page, 'Settings').click();
  const settings = GROUPS.find(([group]) => group === 'Settings')![1].map(([label]) => label);
  await expect(sidebar(page).locator('#menu-group-settings').getByRole('link'))
    .toHaveText(settings.filter((label) => !['Payment Settings', 'Varroa Threshold'].includes(label)));
  await page.goto('/admin/payment_settings');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Not part of your role' })).toBeVisible();
  await expect(main(page).getByRole('table')).toHaveCount(0);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is hidden; the floating button opens it as a drawer with the same groups', async ({ page }) => {
    await signIn(page);
    await expect(main(page).getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    const open = page.getByRole('button', { name: 'Open navigation' });
    await expect(open).toBeVisible();
    const box = (await open.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await expectNoAxeViolations(page, '390 px, drawer closed');

    await open.click();
    const nav = sidebar(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('button', { expanded: false })).toHaveText(GROUPS.map(([group]) => group));
    await expect(page.getByTestId('sidebar-identity')).toContainText('owner@example.com');
    await expect(nav.getByTestId('sidebar-identity')).toBeVisible(); // identity and Sign Out inside the landmark
    await expectNoAxeViolations(page, '390 px, drawer open');
    await openSection(page, 'Hives & Honey', 'Hives');
    await expect(page).toHaveURL('/admin/hives');
    await expect(nav).toHaveCount(0);
    await expect(main(page).getByRole('heading', { name: 'Hives', exact: true })).toBeVisible();
    // No horizontal scrolling of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The drawer opens again with the current page's group open.
    await open.click();
    await expect(groupButton(page, 'Hives & Honey')).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Hives', exact: true })).toHaveAttribute('aria-current', 'page');
  });
});
