/**
 * Visitors' requests against the real backend: a workshop registration until the
 * event is full, then the waitlist; an Adopt-a-Hive request; a swarm report with the criteria's
 * verdict; the contact form showing the server's own refusals; rate-limit and no-JavaScript
 * behaviour of the forms. What was stored is read back through the staff RPCs.
 */
import { expect, expectNoAxeViolations, test } from './pages-fixtures';
import { createWorkshop, unique } from './request-forms';
import { staffRpc } from './staff-api';

test.describe('workshop registration', () => {
  test.use({ allowConsoleErrors: [/status of (409|400)/] });

  test('registers until the date is full, then offers and joins the waitlist', async ({ page, request }) => {
    const eventId = await createWorkshop(request, `Cultural Beekeeping Traditions ${Date.now()}`, 2);
    await page.goto('/services/workshops');
    await page.getByRole('link', { name: 'Register: Cultural Beekeeping Traditions' }).click();
    await expect(page).toHaveURL(/\/contact\?workshop=cultural-beekeeping-traditions$/);
    const form = page.locator('#workshop-registration');
    await expect(form.getByRole('heading')).toHaveText('Register for a workshop: Cultural Beekeeping Traditions');
    await expect(form.locator(`option[value="${eventId}"]`)).toContainText('(2 places left)');
    // The general message form stays below.
    await expect(page.locator('#contact-form')).toBeVisible();
    await expectNoAxeViolations(page);

    await form.getByLabel('Date').selectOption(eventId);
    await form.getByLabel('Name').fill('First Family');
    await form.getByLabel('Email').fill(unique('first'));
    await form.getByLabel('Number of places').fill('2');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'You are registered! Your places are confirmed; we will e-mail you the details. Places still open on this date: 0.',
    );
    await expect(form.locator(`option[value="${eventId}"]`)).toContainText('(full - waitlist open)');

    await page.reload();
    await form.getByLabel('Date').selectOption(eventId);
    await form.getByLabel('Name').fill('Late Learner');
    const late = unique('late');
    await form.getByLabel('Email').fill(late);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'This workshop is full. Not enough places are left on this date. Join the waitlist and we will e-mail you if places open up.',
    );
    await expect(form.getByLabel('Name')).toHaveValue('Late Learner');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(form.getByRole('status')).toHaveText('You are on the waitlist, number 1. We will e-mail you if places open up.');

    const registrations = await staffRpc<Array<{ event_id: string; email: string; status: string; places: number; position: number | null }>>(
      request, 'get_buzz_haven_event_registrations',
    );
    // the list RPC leaves the order to its caller (the back office sorts): confirmed, then waitlisted
    const mine = registrations.filter((r) => r.event_id === eventId).sort((a, b) => a.status.localeCompare(b.status));
    expect(mine.map((r) => [r.status, r.places, r.position])).toEqual([['confirmed', 2, null], ['waitlisted', 1, 1]]);
    expect(mine[1].email).toBe(late);
  });

  test("asks the children's ages for Children's Bee Discovery and shows the server's refusal", async ({ page, request }) => {
    // A session of the children's offering (what asks the ages), paid at the workshop: card payments off.
    const eventId = await createWorkshop(request, `Children's Bee Discovery ${Date.now()}`, 12, 'childrens-bee-discovery');
    await page.route('**/functions/v1/stripe-checkout', (route) => route.fulfill({ json: { payments: 'off' } }));
    await page.goto('/contact?workshop=childrens-bee-discovery');
    const form = page.locator('#workshop-registration');
    await form.getByLabel('Date').selectOption(eventId);
    await form.getByLabel('Name').fill('Parent Two');
    await form.getByLabel('Email').fill(unique('parent'));
    await form.getByLabel('Number of places').fill('2');
    await form.getByLabel('Ages of the children').fill('4, 9');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('alert')).toHaveText('Children must be 5 to 12 years old.');
    await form.getByLabel('Ages of the children').fill('7, 9');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('status')).toContainText('You are registered!');
    const registrations = await staffRpc<Array<{ event_id: string; child_ages: number[] }>>(request, 'get_buzz_haven_event_registrations');
    expect(registrations.find((r) => r.event_id === eventId)?.child_ages).toEqual([7, 9]);
  });

  test("with card payments on, a hold of more places than one e-mail may shows the server's words and keeps what was typed", async ({ page, request }) => {
    // A Beekeeping Basics session: its places are priced (the offering's), so the form holds them for payment.
    const eventId = await createWorkshop(request, `Beekeeping Basics ${Date.now()}`, 10, 'beekeeping-basics');
    await page.goto('/contact?workshop=beekeeping-basics');
    const form = page.locator('#workshop-registration');
    await form.getByLabel('Date').selectOption(eventId);
    await form.getByLabel('Name').fill('Group Leader');
    const email = unique('group');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Number of places').fill('5');
    await form.getByRole('button', { name: 'Register and pay' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'One e-mail address can hold at most 4 places at a time while paying. Finish paying for the places you hold, or register fewer places.',
    );
    await expect(page).toHaveURL(/\/contact\?workshop=beekeeping-basics$/);
    await expect(form.getByLabel('Name')).toHaveValue('Group Leader');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(form.getByLabel('Number of places')).toHaveValue('5');
    const registrations = await staffRpc<Array<{ event_id: string }>>(request, 'get_buzz_haven_event_registrations');
    expect(registrations.filter((r) => r.event_id === eventId)).toEqual([]);
  });
});

test('Subscribe opens the adoption form with the tier chosen; a gift request is stored', async ({ page, request }) => {
  await page.goto('/services/adopt-hive');
  await page.getByRole('link', { name: 'Subscribe: Hive Guardian' }).click();
  await expect(page).toHaveURL(/\/contact\?adopt=hive-guardian$/);
  const form = page.locator('#adoption-request');
  await expect(form.getByLabel('Tier')).toHaveValue('hive-guardian');
  await expect(form.getByLabel('Tier').locator('option:checked')).toHaveText('Hive Guardian - $35 a month');
  await form.getByLabel('Gift of 6 months').check();
  await expect(form.locator('[data-gift-total]')).toHaveText('6 months at $35 a month: $210');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Gift Giver');
  const email = unique('giver');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel("Recipient's name").fill('Lucky Friend');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Send adoption request' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Thank you! Your Hive Guardian adoption request has been sent. We will e-mail you to set it up; no payment has been taken.',
  );
  const requests = await staffRpc<Array<Record<string, unknown>>>(request, 'get_buzz_haven_adoption_requests');
  expect(requests.find((r) => r.email === email)).toMatchObject({
    tier: 'hive-guardian', plan: 'gift-6', monthly_price: 3500, recipient_name: 'Lucky Friend', status: 'new',
  });
});

test('/contact without a choice shows only the message form', async ({ page }) => {
  await page.goto('/contact?workshop=no-such-workshop');
  await expect(page.locator('#contact-form')).toBeVisible();
  await expect(page.locator('#workshop-registration, #adoption-request')).toHaveCount(0);
});

test('a swarm report says whether the swarm qualifies and is stored', async ({ page, request }) => {
  await page.goto('/services/swarm-management');
  const form = page.locator('#swarm-report');
  await expect(form.locator('input[name="website"]')).not.toBeInViewport();
  await form.getByLabel('Where is the swarm?').fill('Plum tree behind 48 Hillcrest Avenue, East Hills');
  await form.getByLabel('Less than 24 hours ago').check();
  await form.getByLabel('Smaller than a football').check();
  await form.getByLabel('Reachable with a ladder').check();
  await form.getByLabel('In the open (branch, fence, outside of a wall)').check();
  await expect(form.locator('.swarm-verdict')).toContainText('we may not be able to collect this swarm');
  await expect(form.locator('.swarm-verdict li')).toHaveText(['it is smaller than a football;']);
  await form.getByLabel('Larger than a football').check();
  await expect(form.locator('.swarm-verdict')).toHaveText('Based on your answers, this swarm meets our collection criteria.');
  await form.getByLabel('Your name').fill('Swarm Spotter');
  const phone = `(510) 555-${String(Date.now()).slice(-4)}`;
  await form.getByLabel('Phone number for our call back').fill(phone);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Send swarm report' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Thank you! Your swarm report has been sent. We will call you back, usually within 3 hours.',
  );
  const reports = await staffRpc<Array<Record<string, unknown>>>(request, 'get_buzz_haven_swarm_reports');
  expect(reports.find((r) => r.phone === phone)).toMatchObject({
    formed_when: 'under_24h', size: 'larger', height: 'reachable', in_structure: false, qualifies: true, status: 'new',
  });
});

test.describe('refusals', () => {
  test.use({ allowConsoleErrors: [/status of (400|429)/] });

  test("the contact form shows the server's own message and keeps what was typed", async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('#contact-form');
    await form.getByLabel('Name').fill('Long Writer');
    await form.getByLabel('Email').fill('long@example.com');
    await form.getByLabel('Subject').selectOption('Other');
    await form.getByLabel('Message').fill('x'.repeat(5001));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Message is too long (5000 characters at most). Everything you typed is still here.');
    await form.getByLabel('Message').fill('Hello');
    await form.getByLabel('Email').fill('a@b');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText('A valid email is required. Everything you typed is still here.');
    await expect(form.getByLabel('Name')).toHaveValue('Long Writer');
  });

  test('a rate-limited request (PT429) says so clearly', async ({ page }) => {
    await page.route('**/rest/v1/rpc/submit_buzz_haven_swarm_report', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ code: 'PT429', message: 'Too many requests; please try again later' }) }));
    await page.goto('/services/swarm-management');
    const form = page.locator('#swarm-report');
    await form.getByLabel('Where is the swarm?').fill('Fence of 3 Oak Street');
    await form.getByLabel('24 to 48 hours ago').check();
    await form.getByLabel('About the size of a football').check();
    await form.getByLabel('Within reach from the ground').check();
    await form.getByLabel('In the open (branch, fence, outside of a wall)').check();
    await form.getByLabel('Your name').fill('Busy Reporter');
    await form.getByLabel('Phone number for our call back').fill('(510) 555-0111');
    await form.getByRole('button', { name: 'Send swarm report' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'You have sent several requests in a short time. Please wait a few minutes and try again - everything you typed is still here.',
    );
    await expect(form.getByLabel('Your name')).toHaveValue('Busy Reporter');
  });
});

// Playwright turns scripts off without turning off the parser's scripting flag, so <noscript>
// content is not rendered in these tests: its text is checked in the served HTML instead.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the newsletter says it needs JavaScript and keeps the address (no GET, no lost sign-up)', async ({ page, request }) => {
    const html = await (await request.get('/contact')).text();
    expect(html).toMatch(/<noscript><p class="notice newsletter-noscript">Signing up needs JavaScript, which is off in this browser\./);
    await page.goto('/contact');
    const form = page.locator('[data-form="newsletter-contact"]');
    await form.getByRole('textbox', { name: 'Email address' }).fill('nojs@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue('nojs@example.com');
  });

  test('the swarm report form points to the hotline', async ({ request }) => {
    const html = await (await request.get('/services/swarm-management')).text();
    expect(html).toContain('<noscript><p class="notice">This form needs JavaScript to send. Please call the swarm hotline, (510) 555-0192, instead.</p></noscript>');
  });
});
