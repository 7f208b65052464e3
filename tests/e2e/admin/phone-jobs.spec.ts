/**
 * The common jobs on a 390 px phone, in the light and the dark theme: confirm an order, triage a
 * swarm report, log an inspection, check a workshop's registrations (the dashboard's week card
 * showing its places). None of their pages scrolls sideways (the page itself, or a box inside it),
 * and each passes axe. With SHOTS_DIR set, each page is also photographed at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, expectNoAxeViolations, main, signIn, test, uniqueEmail, shot } from './fixtures';
import { call, ownerClient, sendOrderRequest, visitor } from './visitorRequests';

const PHONE = { width: 390, height: 844 };
let owner: SupabaseClient;

test.use({ viewport: PHONE });

test.beforeAll(async () => {
  owner = await ownerClient();
});

/** What scrolls sideways: the page, or any box in the main area whose content is wider than it. */
const sidewaysScrolling = (page: Page) => page.evaluate(() => {
  const wide: string[] = [];
  const root = document.scrollingElement!;
  if (root.scrollWidth > root.clientWidth + 1) wide.push(`the page (${root.scrollWidth} px wide)`);
  for (const el of Array.from(document.querySelectorAll('main *'))) {
    const { overflowX } = getComputedStyle(el);
    if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
      wide.push(`${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 2).join('.')} (${el.scrollWidth} > ${el.clientWidth} px)`);
    }
  }
  return wide;
});

/** The page fits a phone's width and passes axe; photographed when SHOTS_DIR asks for it. */
async function expectFitsPhone(page: Page, scheme: string, name: string) {
  await page.waitForLoadState('networkidle');
  expect(await sidewaysScrolling(page), name).toEqual([]);
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page, `${scheme}, 390 px: ${name}`);
  if (!process.env.SHOTS_DIR) return;
  await shot(page, `${name}-390-${scheme}`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300); // the layout settles after the resize (drawer to sidebar)
  await shot(page, `${name}-1280-${scheme}`, { fullPage: true });
  await page.setViewportSize(PHONE);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('confirm an order', async ({ page }) => {
      const { number } = await sendOrderRequest(uniqueEmail('phone-order'));
      await signIn(page, undefined, '/admin/orders');
      const row = main(page).getByRole('row').filter({ hasText: number });
      await expect(row).toBeVisible();
      await expectFitsPhone(page, scheme, 'orders');
      await row.getByRole('link', { name: /View Details/ }).click();
      await main(page).getByRole('button', { name: 'Confirm Order' }).click();
      await expect(page.getByText('Order confirmed')).toBeVisible();
      await expect(main(page).getByRole('region', { name: 'Status history' })).toBeVisible();
      await expectFitsPhone(page, scheme, 'order');
    });

    test('triage a swarm report', async ({ page }) => {
      const location = `${Date.now().toString(36)} Oak Street, by the mailbox`;
      await call(visitor(), 'submit_buzz_haven_swarm_report', {
        p_location: location, p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground', p_in_structure: false,
        p_phone: '(510) 555-0177', p_name: 'Pat Phone',
      });
      await signIn(page, undefined, '/admin/swarm_reports');
      const row = main(page).getByRole('row').filter({ hasText: location });
      await expect(row).toBeVisible();
      await expectFitsPhone(page, scheme, 'swarm-reports');
      await row.getByRole('link', { name: /View Details/ }).click();
      await main(page).getByRole('button', { name: 'Called Back' }).click();
      await expect(page.getByText('Swarm report marked called back')).toBeVisible();
      await expectFitsPhone(page, scheme, 'swarm-report');
    });

    test('log an inspection', async ({ page }) => {
      await signIn(page, undefined, '/admin/inspections/create');
      await main(page).getByRole('combobox', { name: /^Hive/ }).click();
      await page.getByRole('option').first().click();
      await main(page).getByLabel(/^Date/).fill(new Date().toLocaleDateString('en-CA'));
      await main(page).getByLabel(/^Inspector/).fill('Phoebe Phone');
      await expectFitsPhone(page, scheme, 'inspection-form');
      await main(page).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Inspection created successfully')).toBeVisible();
      await expect(main(page).getByText('Phoebe Phone').first()).toBeVisible();
      await expectFitsPhone(page, scheme, 'inspection');
    });

    test("check a workshop's registrations, also on the dashboard's week card", async ({ page }) => {
      const title = `Phone Workshop ${scheme} ${Date.now().toString(36)}`;
      const { id } = await call<{ id: string }>(owner, 'create_buzz_haven_event', {
        p_title: title, p_start_time: new Date(Date.now() + 90 * 60_000).toISOString(), p_kind: 'workshop',
        p_capacity: 2, p_is_public: true, p_location: 'Sanctuary', p_price: 0,
      });
      const register = (name: string, places: number, waitlist = false) => call(visitor(), 'register_buzz_haven_workshop', {
        p_event_id: id, p_name: name, p_email: uniqueEmail('phone-reg'), p_places: places, p_join_waitlist: waitlist,
      });
      await register('Ada Phone', 2);
      await register('Ben Phone', 1, true);
      await signIn(page);
      const week = main(page).getByTestId('today-week_events');
      await expect(week.getByRole('listitem').filter({ hasText: title })).toContainText('2 of 2 places taken · 1 waitlisted');
      await expectFitsPhone(page, scheme, 'dashboard');
      await page.goto(`/admin/events/${id}/show`);
      const panel = main(page).getByRole('region', { name: 'Registrations' });
      await expect(panel.getByTestId('registration-row')).toHaveCount(2);
      await expectFitsPhone(page, scheme, 'registrations');
    });
  });
}
