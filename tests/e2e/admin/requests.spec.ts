/**
 * Visitors' requests in the back office: a workshop filled by registrations (anon RPC), the
 * waitlist, a cancellation that moves it; a swarm report and an Adopt-a-Hive request found and
 * triaged; every step in Recent Activity. Visitors' texts (an <img onerror> name) stay text.
 */
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, expectNoAxeViolations, main, signIn, test, uniqueEmail, shot } from './fixtures';
import { HOSTILE, call, ownerClient, visitor } from './visitorRequests';

const tag = Date.now().toString(36);
const title = `Hive Craft Workshop ${tag}`;
let owner: SupabaseClient;
let eventId: string;

const register = (name: string, places: number, joinWaitlist = false) =>
  call<{ status: string; position: number | null }>(visitor(), 'register_buzz_haven_workshop', {
    p_event_id: eventId, p_name: name, p_email: uniqueEmail(name.split(' ')[0].toLowerCase()), p_places: places,
    p_join_waitlist: joinWaitlist,
  });

const recent = (page: Page) => main(page).getByRole('region', { name: 'Recent Activity' });

test.beforeAll(async () => {
  owner = await ownerClient();
  const event = await call<{ id: string }>(owner, 'create_buzz_haven_event', {
    p_title: title, p_start_time: new Date(Date.now() + 10 * 86_400_000).toISOString(), p_kind: 'workshop',
    p_capacity: 3, p_is_public: true, p_location: 'Sanctuary', p_price: 4500,
  });
  eventId = event.id;
});

test('registrations until full, the waitlist, then a cancellation on the event page moves it up', async ({ page }) => {
  expect(await register(`Ada ${tag}`, 2)).toMatchObject({ status: 'confirmed' });
  expect(await register(`Ben ${tag}`, 1)).toMatchObject({ status: 'confirmed' });
  await expect(register(`Cy ${tag}`, 1)).rejects.toThrow('This workshop is full');
  expect(await register(`Cy ${tag}`, 1, true)).toMatchObject({ status: 'waitlisted', position: 1 });
  expect(await register(`Dot ${tag}`, 2, true)).toMatchObject({ status: 'waitlisted', position: 2 });

  await signIn(page, undefined, `/admin/events/${eventId}/show`);
  const panel = main(page).getByRole('region', { name: 'Registrations' });
  await expect(panel.getByTestId('registration-summary')).toHaveText('3 of 3 places taken · 2 on the waitlist');
  await expect(panel.getByTestId('registration-row')).toHaveCount(4);
  await expect(panel.getByRole('row', { name: new RegExp(`Cy ${tag}`) })).toContainText('Waitlisted #1');

  await panel.getByRole('row', { name: new RegExp(`Ben ${tag}`) }).getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Cancel the registration of Ben ${tag} (1 place)?`);
  await dialog.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    `Registration of Ben ${tag} cancelled. Moved up from the waitlist: Cy ${tag} (1 place).`);
  await expect(panel.getByRole('row', { name: new RegExp(`Cy ${tag}`) })).toContainText('Confirmed');
  await expect(panel.getByRole('row', { name: new RegExp(`Dot ${tag}`) })).toContainText('Waitlisted #2'); // 2 places do not fit
  await expect(panel.getByTestId('registration-summary')).toHaveText('3 of 3 places taken · 1 on the waitlist');

  await panel.getByRole('row', { name: new RegExp(`Ada ${tag}`) }).getByRole('button', { name: 'Mark Attended' }).click();
  await expect(panel.getByRole('row', { name: new RegExp(`Ada ${tag}`) })).toContainText('Attended');
  const spots = await call<{ id: string; spots_left: number; waitlist_count: number }[]>(visitor(), 'get_buzz_haven_workshop_availability', {});
  expect(spots.find((e) => e.id === eventId)).toMatchObject({ spots_left: 0, waitlist_count: 1 });

  await shot(page, 'h10admin-registrations-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'h10admin-registrations-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, 'event registrations');
});

test('a swarm report is found first among the open ones and triaged; its name stays text', async ({ page }) => {
  const location = `${tag} Elm Street, front hedge`;
  const sent = await call<{ id: string; qualifies: boolean }>(visitor(), 'submit_buzz_haven_swarm_report', {
    p_location: location, p_formed_when: 'under_24h', p_size: 'larger', p_height: 'reachable', p_in_structure: false,
    p_phone: '(510) 555-0199', p_name: `Sam ${HOSTILE}`, p_notes: 'Hanging from a branch',
  });
  expect(sent.qualifies).toBe(true);

  await signIn(page, undefined, '/admin/swarm_reports');
  await expect(main(page).getByRole('heading', { name: 'Swarm Reports', level: 1 })).toBeVisible();
  const first = main(page).locator('table tbody tr').first();
  await expect(first).toContainText(location);
  await expect(first.locator('[data-status="new"]')).toHaveText('New');
  await expect(first).toContainText('Qualifies');
  await shot(page, 'h10admin-swarm-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'h10admin-swarm-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await first.getByRole('link', { name: /View Details/ }).click();

  await expect(main(page).getByText(`Sam ${HOSTILE}`)).toBeVisible();
  await expect(main(page).getByText('Under 24 hours ago')).toBeVisible();
  await expect(main(page).getByText('Larger than a football')).toBeVisible();
  await expect(main(page).getByText('Hanging from a branch')).toBeVisible();
  expect(await page.locator('main img').count()).toBe(0);
  await main(page).getByRole('button', { name: 'Called Back' }).click();
  await expect(page.getByText('Swarm report marked called back')).toBeVisible();
  await main(page).getByRole('link', { name: 'Edit' }).click();
  await main(page).getByLabel('Status').click();
  await page.getByRole('option', { name: 'Collected' }).click();
  await main(page).getByLabel('Staff notes').fill('Collected at 4 pm, hived at the sanctuary.');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Swarm report updated successfully')).toBeVisible();
  await expect(main(page).locator('[data-field="status"] [data-status="collected"]')).toBeVisible();
  await expect(main(page).getByText('Collected at 4 pm, hived at the sanctuary.')).toBeVisible();
  const history = main(page).getByRole('region', { name: 'History', exact: true });
  await expect(history.getByTestId('history-entry')).toHaveCount(3);
  await expect(history.getByTestId('history-entry').first()).toContainText('status called_back → collected');
  await expectNoAxeViolations(page, 'swarm report detail');

  await page.goto('/admin');
  await expect(recent(page)).toContainText(`Updated swarm report at ${location}: staff_notes, status called_back → collected`);
});

test('an adoption request is found, linked to a hive and made active', async ({ page }) => {
  const name = `Gia ${tag}`;
  await call(visitor(), 'submit_buzz_haven_adoption_request', {
    p_tier: 'hive-guardian', p_plan: 'gift-6', p_name: name, p_email: uniqueEmail('gia'), p_recipient_name: 'Mo',
  });
  await signIn(page, undefined, '/admin/adoption_requests');
  const row = main(page).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Hive Guardian');
  await expect(row).toContainText('Gift, 6 months');
  await expect(row.locator('[data-status="new"]')).toHaveText('New');
  await row.getByRole('link', { name: /View Details/ }).click();
  await expect(main(page).getByText('$35.00')).toBeVisible();
  await main(page).getByRole('link', { name: 'Edit' }).click();
  await main(page).getByLabel('Hive').click();
  await page.getByRole('option', { name: 'Rooftop Hive' }).click();
  await main(page).getByLabel('Status').click();
  await page.getByRole('option', { name: 'Active' }).click();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Adoption request updated successfully')).toBeVisible();
  await expect(main(page).locator('[data-field="hive_id"]')).toContainText('Rooftop Hive');
  await expect(main(page).locator('[data-field="status"] [data-status="active"]')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'h10admin-adoption-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'h10admin-adoption-1280', { fullPage: true });

  await page.goto('/admin');
  await expect(recent(page)).toContainText(`Updated adoption by ${name}: hive_id, status new → active`);
  await expect(recent(page)).toContainText(`Updated registration of Ada ${tag}: status confirmed → attended`);
  await recent(page).getByRole('link', { name: `Updated adoption by ${name}: hive_id, status new → active` }).click();
  await expect(main(page).getByRole('heading', { name: 'Adoption request details' })).toBeVisible();
});
