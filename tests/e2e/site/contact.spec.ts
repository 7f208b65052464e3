/**
 * /contact: the message form really submits to submit_buzz_haven_contact_message (embedded
 * backend started by the Playwright config), reports success, keeps what was typed on failure
 * and never sends twice; plus details, map placeholder, quick FAQ, newsletter and JSON-LD.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './pages-fixtures';

const RPC = '**/rest/v1/rpc/submit_buzz_haven_contact_message';
const SUCCESS = 'Thank you! Your message has been sent.';
const FAILURE = 'Sorry, your message could not be sent.';

async function fillForm(page: Page, name = 'Rosa Mendez') {
  const form = page.locator('#contact-form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('rosa@example.com');
  await form.getByLabel('Phone').fill('(510) 555-0100');
  await form.getByLabel('Subject').selectOption('Swarm Report');
  await form.getByLabel('Message').fill('A swarm the size of a football is hanging from our plum tree.');
  await form.getByLabel('How did you hear about us?').selectOption('Friend/Family');
  return form;
}

test('the form has the specified fields, choices and required marks', async ({ page }) => {
  await page.goto('/contact#contact-form');
  const form = page.locator('form#contact-form');
  await expect(form).toBeInViewport();
  for (const [role, name] of [['textbox', 'Name'], ['textbox', 'Email'], ['combobox', 'Subject'], ['textbox', 'Message']] as const) {
    const field = form.getByRole(role, { name, exact: true });
    await expect(field).toHaveAttribute('required', '');
    const id = await field.getAttribute('id');
    await expect(form.locator(`label[for="${id}"] .required-mark`)).toHaveText('*');
  }
  for (const id of ['contact-phone', 'contact-hearAbout']) await expect(form.locator(`label[for="${id}"] .required-mark`)).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await expect(form.getByLabel('Phone')).not.toHaveAttribute('required', '');
  await expect(form.getByLabel('How did you hear about us?')).not.toHaveAttribute('required', '');
  await expect(form.getByLabel('Subject').locator('option:not([value=""])')).toHaveText([
    'Hosting Inquiry',
    'Swarm Report',
    'Workshop Question',
    'Product Inquiry',
    'Collaboration Opportunity',
    'Other',
  ]);
  await expect(form.getByLabel('How did you hear about us?').locator('option:not([value=""])')).toHaveText([
    'Search Engine',
    'Social Media',
    'Friend/Family',
    'Local Event',
    'Other',
  ]);
});

test('a visitor sends a message to the real backend and sees it confirmed', async ({ page }) => {
  await page.goto('/contact');
  const form = await fillForm(page);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/rpc/submit_buzz_haven_contact_message')),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatch(/^[0-9a-f-]{36}$/);
  const body = response.request().postDataJSON();
  expect(body).toEqual({
    p_name: 'Rosa Mendez',
    p_email: 'rosa@example.com',
    p_phone: '(510) 555-0100',
    p_subject: 'Swarm Report',
    p_message: 'A swarm the size of a football is hanging from our plum tree.',
    p_hear_about: 'Friend/Family',
    p_locale: 'en',
  });
  await expect(form.getByRole('status')).toContainText(SUCCESS);
  await expect(form.getByLabel('Name')).toHaveValue('');
});

test('optional fields left empty are sent as null', async ({ page }) => {
  await page.goto('/contact');
  const form = page.locator('#contact-form');
  await form.getByLabel('Name').fill('Sam');
  await form.getByLabel('Email').fill('sam@example.com');
  await form.getByLabel('Subject').selectOption('Other');
  await form.getByLabel('Message').fill('Hello bees');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/rpc/submit_buzz_haven_contact_message')),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ p_phone: null, p_hear_about: null });
  await expect(form.getByRole('status')).toContainText(SUCCESS);
});

test('an incomplete form is not sent', async ({ page }) => {
  await page.goto('/contact');
  let calls = 0;
  await page.route(RPC, (route) => {
    calls += 1;
    return route.continue();
  });
  const form = page.locator('#contact-form');
  await form.getByLabel('Name').fill('Only a name');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
  expect(calls).toBe(0);
});

test.describe('when the backend fails', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] });

  test('the error is shown and everything typed is kept', async ({ page }) => {
    await page.route(RPC, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"database unavailable"}' }),
    );
    await page.goto('/contact');
    const form = await fillForm(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toContainText(FAILURE);
    await expect(form.getByLabel('Name')).toHaveValue('Rosa Mendez');
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('rosa@example.com');
    await expect(form.getByLabel('Phone')).toHaveValue('(510) 555-0100');
    await expect(form.getByLabel('Subject')).toHaveValue('Swarm Report');
    await expect(form.getByLabel('Message')).toHaveValue('A swarm the size of a football is hanging from our plum tree.');
    await expect(form.getByLabel('How did you hear about us?')).toHaveValue('Friend/Family');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});

test('while sending, the button is disabled and a second submit sends nothing', async ({ page }) => {
  let calls = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(RPC, async (route: Route) => {
    calls += 1;
    await held;
    await route.continue();
  });
  await page.goto('/contact');
  const form = await fillForm(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  const sending = form.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeDisabled();
  await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
  release();
  await expect(form.getByRole('status')).toContainText(SUCCESS);
  expect(calls).toBe(1);
});

test('direct details, social links, map placeholder, quick FAQ and newsletter', async ({ page }) => {
  await page.goto('/contact');
  const details = page.locator('#contact-details');
  await expect(details).toContainText('Monday-Friday 9am-5pm PST');
  await expect(details.getByRole('link', { name: 'hello@buzzhaven.org' })).toHaveAttribute('href', 'mailto:hello@buzzhaven.org');
  await expect(details.locator('.pages-social a')).toHaveText(['Instagram', 'Facebook', 'YouTube']);
  await expect(page.getByRole('img', { name: /Map of the Buzz Haven sanctuary/ })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('[data-accordion="contact-faq"] details')).toHaveCount(3);
  await expect(page.locator('form[data-form="newsletter-contact"]').getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('the page describes the business as schema.org LocalBusiness', async ({ page }) => {
  await page.goto('/contact');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = blocks.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'LocalBusiness');
  expect(business).toMatchObject({ name: 'Buzz Haven', email: 'hello@buzzhaven.org', areaServed: 'East Hills, California' });
  expect(business.openingHoursSpecification).toMatchObject({ opens: '09:00', closes: '17:00' });
});
