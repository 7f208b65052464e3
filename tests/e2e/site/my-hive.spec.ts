/**
 * /my-hive and its sign-ups in Chromium: an adopter signs in by e-mail link (the local mailbox) and sees
 * the shared inspection note and photo of their hive but not another hive's, switches the visit
 * reports by e-mail off, and a used link is
 * refused; a visitor applies to host from an in-area ZIP (an out-of-area ZIP goes to the waitlist,
 * a small yard is explained), staff take the application to installed in the back office, and the
 * new host signs in to their hive; a visitor signs up for a volunteer shift until it is full.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../supabase/local/src/keys';
import { signIn } from '../admin/fixtures';
import { expect, expectNoAxeViolations, test } from './pages-fixtures';
import { staffRpc } from './staff-api';

const API = 'http://127.0.0.1:54321';
const SANCTUARY_HIVE = 'b0220000-0000-4000-8000-000000000401';
const ROOFTOP_HIVE = 'b0220000-0000-4000-8000-000000000402';
const PLANTING_DAY = 'b0220000-0000-4000-8000-000000000311';
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PHOTO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 3'%3E%3Crect width='4' height='3' fill='%23f6c945'/%3E%3C/svg%3E";

async function publicRpc<T>(request: APIRequestContext, fn: string, args: Record<string, unknown>): Promise<T> {
  const response = await request.post(`${API}/rest/v1/rpc/${fn}`, { headers: { apikey: LOCAL_ANON_KEY }, data: args });
  if (!response.ok()) throw new Error(`${fn}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The newest sign-in link e-mailed to `email`, from the local mailbox's JSON. */
async function signInLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect.poll(async () => {
    const response = await request.get(`${API}/mailbox/api/messages?to=${encodeURIComponent(email)}`, {
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY },
    });
    const { messages } = (await response.json()) as { messages: { link: string | null }[] };
    link = messages.find((m) => m.link)?.link ?? undefined;
    return link;
  }).toBeTruthy();
  return link!;
}

/** On /my-hive: asks for a sign-in link for `email`, then follows it from the mailbox. */
async function signInToMyHive(page: Page, email: string) {
  await page.goto('/my-hive');
  const form = page.getByRole('form', { name: 'Sign in with your e-mail' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(form.getByRole('status')).toContainText(`We have sent a sign-in link to ${email}`);
  const link = await signInLink(page.request, email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/my-hive$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  return link;
}

test('an adopter signs in by e-mail link and sees their hive\'s shared note and photo, not another hive\'s', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `ada-${tag()}@example.com`;
  const adoption = await publicRpc<{ id: string }>(request, 'submit_buzz_haven_adoption_request', {
    p_tier: 'hive-guardian', p_plan: 'monthly', p_name: 'Ada Adopter', p_email: email,
  });
  await staffRpc(request, 'update_buzz_haven_adoption_request', { p_id: adoption.id, p_hive_id: SANCTUARY_HIVE, p_status: 'active' });
  const mine = `Ada's colony is bringing in orange pollen ${tag()}.`;
  const theirs = `The rooftop colony is calm ${tag()}.`;
  const today = new Date().toLocaleDateString('en-CA');
  await staffRpc(request, 'create_buzz_haven_inspection', {
    p_hive_id: SANCTUARY_HIVE, p_inspected_on: today, p_share: true, p_share_note: mine, p_share_photo_url: PHOTO,
    p_notes: 'Staff only: treat for mites next visit',
  });
  await staffRpc(request, 'create_buzz_haven_inspection', { p_hive_id: ROOFTOP_HIVE, p_inspected_on: today, p_share: true, p_share_note: theirs });

  const link = await signInToMyHive(page, email);
  const hive = page.getByRole('article', { name: 'Sanctuary Hive 1' });
  await expect(hive).toContainText('You adopt this hive');
  await expect(hive).toContainText(mine);
  await expect(hive.getByRole('img', { name: /^Photo from the inspection of / })).toBeVisible();
  await expect(hive).toContainText('Hive Guardian, monthly: active');
  await expect(page.getByRole('main')).not.toContainText(theirs);
  await expect(page.getByRole('main')).not.toContainText('Staff only');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Upcoming workshops' })).toBeVisible();
  // Visit reports by e-mail: on until switched off, and the choice is kept.
  const reports = page.getByRole('checkbox', { name: 'E-mail me after each shared visit' });
  await expect(reports).toBeChecked();
  await reports.uncheck();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'E-mail me after each shared visit' })).not.toBeChecked();
  await expectNoAxeViolations(page);

  // Someone else's hive, asked for with this person's session: refused by the database.
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('buzz-haven-my-hive-session')!) as { accessToken: string }).accessToken);
  const other = await request.post(`${API}/rest/v1/rpc/get_buzz_haven_my_hives`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` }, data: { p_hive_id: ROOFTOP_HIVE },
  });
  expect(other.status()).toBe(403);
  expect((await other.json()).message).toBe('This hive is not one of yours');

  // Signing out, then the same link again: used once, so refused with a clear message.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with your e-mail' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This sign-in link has already been used or has expired. Ask for a new one below.');
  await expect(page.getByRole('main')).not.toContainText(mine);
  await expectNoAxeViolations(page);
});

test.describe('host applications', () => {
  // The small yard is refused on purpose: the browser logs that 400 answer.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('a visitor applies to host; staff take it to installed and the new host signs in to their hive', async ({ page, request }) => {
    test.setTimeout(180_000);
    const email = `hana-${tag()}@example.com`;
    const name = `Hana Host ${tag()}`;
    await page.goto('/services/host-hive#apply');
    const form = page.getByRole('form', { name: 'Apply to host a hive' });
    const fill = async (zip: string, length: string) => {
      await form.getByLabel('Your name').fill(name);
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Street address').fill('5 Linden Ave');
      await form.getByLabel('ZIP code').fill(zip);
      await form.getByLabel('Yard length (feet)').fill(length);
      await form.getByLabel('Yard width (feet)').fill('15');
      await form.getByRole('group', { name: 'Sunlight' }).getByLabel('Partial sun').check();
      await form.getByRole('group', { name: 'Water for the bees' }).getByLabel(/^Nearby/).check();
      await form.getByRole('group', { name: 'Access for our team' }).getByLabel('Level path or side gate').check();
      await form.getByRole('group', { name: 'Do pets use the yard?' }).getByLabel('Yes').check();
      await form.getByRole('group', { name: 'Do children use the yard?' }).getByLabel('No').check();
      await form.getByRole('group', { name: 'Which hive?' }).getByLabel('Artistic hive with an art collective wrap').check();
    };
    await expectNoAxeViolations(page);

    // A yard under the minimum: explained, and nothing typed is lost.
    await fill('90042', '8');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(form.getByRole('alert')).toContainText('A hive needs a yard of at least 10 ft x 10 ft');
    await expect(form.getByLabel('Your name')).toHaveValue(name);

    // Outside the service area: a waitlist lead, and the message names the area.
    await form.getByLabel('ZIP code').fill('94110');
    await form.getByLabel('Yard length (feet)').fill('20');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(form.getByRole('status')).toContainText(
      'We do not serve ZIP code 94110 yet. Our service area is East Hills (90031, 90032, 90041, 90042, 90065). We have kept your application on our waitlist');

    await fill('90042', '20');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(form.getByRole('status')).toContainText('Thank you! Your application is in.');
    const hive = await staffRpc<{ id: string }>(request, 'create_buzz_haven_hive', { p_name: `Linden Hive ${tag()}` });
    const hiveName = (await staffRpc<{ name: string }[]>(request, 'get_buzz_haven_hives')).find((h) => (h as unknown as { id: string }).id === hive.id)!.name;

    // Staff: new -> site visit booked -> approved -> installed with the hive.
    await signIn(page, undefined, '/admin/host_applications');
    const main = page.getByRole('main');
    const rows = main.getByRole('row', { name: new RegExp(name) });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ has: page.locator('[data-status="waitlist"]') })).toHaveCount(1);
    await rows.filter({ has: page.locator('[data-status="new"]') }).getByRole('link', { name: /View Details/ }).click();
    for (const [status, extra] of [['Site visit booked', null], ['Approved', null], ['Installed', hiveName]] as const) {
      await main.getByRole('link', { name: 'Edit' }).click();
      await main.getByLabel('Status').click();
      await page.getByRole('option', { name: status }).click();
      if (extra) {
        await main.getByLabel('Installed hive').click();
        await page.getByRole('option', { name: extra }).click();
      }
      await main.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Host application updated successfully')).toBeVisible();
      await expect(main.locator('[data-field="status"]')).toContainText(status);
    }
    await expect(main.locator('[data-field="hive_id"]')).toContainText(hiveName);

    // The new host signs in to their hive.
    await signInToMyHive(page, email);
    const card = page.getByRole('article', { name: hiveName });
    await expect(card).toContainText('You host this hive');
    await expect(card).toContainText('Our beekeepers have not shared a visit yet.');
    await expect(page.getByRole('article')).toHaveCount(1);
  });
});

test('a visitor signs up for a volunteer shift until it is full', async ({ page, request }) => {
  test.setTimeout(120_000);
  const shifts = await publicRpc<{ id: string; places_left: number; capacity: number }[]>(request, 'get_buzz_haven_volunteer_shifts', {});
  const shift = shifts.find((s) => s.id === PLANTING_DAY)!;
  expect(shift.capacity).toBe(3);
  await page.goto('/impact#join');
  const form = page.getByRole('form', { name: 'Volunteer shifts' });
  const choice = form.getByRole('radio', { name: /^Pollinator Garden Planting Day/ });
  await expect(choice).toBeVisible();
  await expectNoAxeViolations(page);
  for (let left = shift.places_left; left > 0; left -= 1) {
    await expect(form.getByText(new RegExp(`Pollinator Garden Planting Day.*${left} of 3 places left`))).toBeVisible();
    await choice.check();
    await form.getByLabel('Your name').fill(`Volunteer ${left}`);
    await form.getByLabel('Email').fill(`vol-${left}-${tag()}@example.com`);
    await form.getByLabel('Phone').fill('555-0100');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(form.getByRole('status')).toContainText('You are signed up for Pollinator Garden Planting Day');
  }
  await expect(form.getByText(/Pollinator Garden Planting Day.* - Full/)).toBeVisible();
  await expect(choice).toBeDisabled();
  // A sign-up sent for the full shift anyway (a page opened before it filled) is refused clearly.
  const late = await request.post(`${API}/rest/v1/rpc/submit_buzz_haven_volunteer_signup`, {
    headers: { apikey: LOCAL_ANON_KEY },
    data: { p_event_id: PLANTING_DAY, p_name: 'Late', p_email: `late-${tag()}@example.com`, p_phone: '555-0101' },
  });
  expect(late.status()).toBe(400);
  expect((await late.json()).message).toBe('This shift is full: every place has been taken. Please choose another shift.');
  const roster = await staffRpc<{ event_id: string; phone: string }[]>(request, 'get_buzz_haven_volunteer_signups');
  expect(roster.filter((r) => r.event_id === PLANTING_DAY)).toHaveLength(3);
});
