/**
 * Workshop places and Adopt-a-Hive paid by card end to end, in Chromium against the
 * Stripe stand-in that playwright.config.ts runs (its hosted pages stand for Checkout and the
 * customer portal; its webhooks are signed and verified by stripe-webhook for real).
 * - A registrant pays for a Beekeeping Basics place on /contact and comes back to "your place is
 *   confirmed"; the owner sees the registration confirmed and paid on the event's page.
 * - An unpaid hold: the registrant leaves Stripe's page; when the session expires (Stripe's
 *   checkout.session.expired) the place is freed and the waitlist moves up, as the event's page shows.
 * - A priced place registered without card payment (pay at the workshop) is shown Unpaid there.
 * - An adopter subscribes monthly, comes back with the link to manage the subscription; a renewal
 *   invoice, a failed renewal and the cancellation in the portal arrive as webhooks, and the
 *   admin's Adoptions shows each state.
 */
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, main, signIn, test, uniqueEmail } from './fixtures';
import { call, ownerClient, visitor } from './visitorRequests';
import { STAND_IN_KEYS, STAND_IN_PORT } from '../../stripe/keys';

const STRIPE = `http://127.0.0.1:${STAND_IN_PORT}`;
const stripeApi = async (method: string, path: string) => {
  const res = await fetch(`${STRIPE}${path}`, { method, headers: { Authorization: `Bearer ${STAND_IN_KEYS.apiKey}` } });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
};

let owner: SupabaseClient;
test.beforeAll(async () => {
  owner = await ownerClient();
});

async function beekeepingSession(capacity: number): Promise<string> {
  const start = new Date(Date.now() + 45 * 86400_000);
  start.setUTCHours(17, 0, 0, 0);
  const event = await call<{ id: string }>(owner, 'create_buzz_haven_event', {
    p_title: `Beekeeping Basics ${Date.now().toString(36)}`, p_start_time: start.toISOString(), p_kind: 'workshop',
    p_capacity: capacity, p_is_public: true, p_offering: 'beekeeping-basics',
  });
  return event.id;
}

async function fillRegistration(page: Page, eventId: string, email: string) {
  await page.goto('/contact?workshop=beekeeping-basics');
  const form = page.locator('#workshop-registration');
  await form.getByLabel('Date').selectOption(eventId);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Bea Payer');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await expect(form.getByText("Your place is held for 30 minutes while you pay.")).toBeVisible();
  await form.getByRole('button', { name: 'Register and pay' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE.replace(/[.]/g, '\\.')}/c/pay/cs_test_`));
}

async function eventRegistrations(page: Page, eventId: string) {
  await page.goto(`/admin/events/${eventId}/show`);
  return main(page).getByRole('region', { name: 'Registrations' });
}

// The stand-in's bare pages have no icon: Chromium's /favicon.ico request is refused without a key.
const STAND_IN_ICON = /127\.0\.0\.1:12111\/favicon\.ico/;

test('a registrant pays for a workshop place; an unpaid hold expires and frees the place for the waitlist', async ({ page, console: watch }) => {
  test.setTimeout(150_000);
  watch.allow(STAND_IN_ICON);
  const offering = (await call<{ slug: string; price: number }[]>(visitor(), 'get_buzz_haven_workshop_offerings', {}))
    .find((o) => o.slug === 'beekeeping-basics')!;
  const eventId = await beekeepingSession(1);
  const email = uniqueEmail('place-payer');
  await fillRegistration(page, eventId, email);
  // Stripe's page charges the table's price for one place.
  await expect(page.locator(`[data-total="${offering.price}"]`)).toHaveText(email);
  await page.getByRole('button', { name: `Pay $${(offering.price / 100).toFixed(2)}` }).click();
  await expect(page).toHaveURL(/\/contact\/?\?workshop=paid&registration=[0-9a-f-]+&session_id=cs_test_/);
  await expect(page.locator('[data-payment-status]')).toContainText('Payment received: your place at Beekeeping Basics');

  await signIn(page);
  let panel = await eventRegistrations(page, eventId);
  const paidRow = panel.getByTestId('registration-row').filter({ hasText: email });
  await expect(paidRow.locator('[data-status="confirmed"]')).toBeVisible();
  await expect(paidRow.locator('[data-status="paid"]')).toBeVisible();

  // A second session of one place: the registrant opens Stripe's page and leaves it unpaid.
  const second = await beekeepingSession(1);
  const leaver = uniqueEmail('place-leaver');
  const other = await page.context().newPage();
  await fillRegistration(other, second, leaver);
  const sessionId = new URL(other.url()).pathname.split('/').pop()!;
  await other.close();
  // Someone else joins the waitlist while the place is held.
  const waiting = uniqueEmail('place-waiting');
  const queued = await call<{ status: string }>(visitor(), 'register_buzz_haven_workshop', {
    p_event_id: second, p_name: 'Wade Waiting', p_email: waiting, p_places: 1, p_join_waitlist: true,
  });
  expect(queued.status).toBe('waitlisted');
  panel = await eventRegistrations(page, second);
  await expect(panel.getByTestId('registration-row').filter({ hasText: leaver }).locator('[data-status="awaiting_payment"]')).toBeVisible();
  // The session runs out (Stripe sends checkout.session.expired): the hold ends and the waitlist moves up.
  await stripeApi('POST', `/v1/checkout/sessions/${sessionId}/expire`);
  panel = await eventRegistrations(page, second);
  await expect(panel.getByTestId('registration-row').filter({ hasText: leaver }).locator('[data-status="expired"]').first()).toBeVisible();
  await expect(panel.getByTestId('registration-row').filter({ hasText: waiting }).locator('[data-status="confirmed"]')).toBeVisible();
});

test('a priced place registered without card payment is shown unpaid on its event\'s page', async ({ page }) => {
  const eventId = await beekeepingSession(3);
  const email = uniqueEmail('pay-later');
  const placed = await call<{ status: string }>(visitor(), 'register_buzz_haven_workshop', {
    p_event_id: eventId, p_name: 'Lena Later', p_email: email, p_places: 1,
  });
  expect(placed.status).toBe('confirmed');
  await signIn(page);
  const panel = await eventRegistrations(page, eventId);
  const row = panel.getByTestId('registration-row').filter({ hasText: email });
  await expect(row.locator('[data-status="confirmed"]')).toBeVisible();
  await expect(row.getByTestId('registration-payment').locator('[data-status="unpaid"]')).toHaveText('Unpaid');
});

test('an adopter subscribes monthly; a renewal, a failed renewal and the cancellation arrive as webhooks and Adoptions shows each state', async ({ page, console: watch }) => {
  test.setTimeout(150_000);
  watch.allow(STAND_IN_ICON);
  const email = uniqueEmail('adopter');
  await page.goto('/contact?adopt=hive-guardian');
  const form = page.locator('#adoption-request');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Adopter');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Pay now by card').check();
  await form.getByRole('button', { name: 'Adopt and pay' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE.replace(/[.]/g, '\\.')}/c/pay/cs_test_`));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/contact\/?\?adopt=paid&adoption=[0-9a-f-]+&session_id=cs_test_/);
  await expect(page.locator('[data-payment-status]')).toHaveText('Thank you! Your adoption is active. You can manage or cancel it at any time.');
  const manage = page.getByRole('button', { name: 'Manage or cancel your subscription' });
  await expect(manage).toBeVisible();
  const adoptionId = new URL(page.url()).searchParams.get('adoption')!;

  const subs = (await stripeApi('GET', '/v1/subscriptions')).data as { id: string; metadata: Record<string, string> }[];
  const sub = subs.find((s) => s.metadata.adoption_id === adoptionId)!.id;
  const admin = await page.context().newPage();
  await signIn(admin);
  const state = async (status: string, invoices?: string) => {
    await admin.goto(`/admin/adoption_requests/${adoptionId}/show`);
    await expect(main(admin).locator(`[data-field="billing_state"] [data-status="${status}"]`)).toBeVisible();
    if (invoices) await expect(main(admin).locator('[data-field="invoices_paid"]')).toContainText(invoices);
  };
  await state('active', '1');
  await stripeApi('POST', `/_stand-in/subscriptions/${sub}/renew`); // a month later: invoice.paid
  await state('active', '2');
  await stripeApi('POST', `/_stand-in/subscriptions/${sub}/fail`); // the next renewal fails
  await state('past_due');
  await admin.goto('/admin/adoption_requests');
  await expect(main(admin).getByRole('row', { name: new RegExp(email) }).locator('[data-status="past_due"]')).toBeVisible();

  // The adopter cancels in Stripe's customer portal.
  await manage.click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE.replace(/[.]/g, '\\.')}/p/session/bps_`));
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(/\/services\/adopt-hive\/?$/);
  await state('cancelled');
});
