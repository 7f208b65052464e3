/**
 * The e-mails' journey in Chromium, against the embedded backend (--mailbox) and the built site:
 * a visitor sends an order request, registers for a workshop, reports a swarm and signs up to the
 * newsletter; the sender (the send-messages Edge Function, as the schedule calls it) delivers the
 * outbox to the local SMTP sink, and the mailbox holds the order receipt, the workshop
 * confirmation with its .ics, the owner's swarm alert and the newsletter confirmation, whose link
 * confirms (the home page says so). The owner sends a campaign; its Unsubscribe link opens a page
 * that does nothing until its button is pressed (a campaign sent meanwhile still arrives); the
 * campaign after the press no longer reaches the reader.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './pages-fixtures';
import { mailTo, onlyMail, runSender } from './mailbox';
import { addToCart, createWorkshop, fillOrderDetails, unique } from './request-forms';
import { staffRpc } from './staff-api';

const OWNER = 'owner@example.com';

async function sendCampaign(request: APIRequestContext, subject: string) {
  const campaign = await staffRpc<{ id: string }>(request, 'create_buzz_haven_campaign', { p_subject: subject, p_body: `**${subject}**: the harvest is in.` });
  const sent = await staffRpc<{ state: string; recipients: number }>(request, 'update_buzz_haven_campaign', { p_id: campaign.id, p_send: 'all' });
  expect(sent.state).toBe('sent');
}

test('order, workshop, swarm and newsletter e-mails arrive; a campaign reaches the confirmed reader until they unsubscribe', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = unique('journey');
  const stamp = Date.now().toString(36);

  // 1. An order request from the cart.
  await page.goto('/shop');
  await addToCart(page, 'wildflower', 2);
  await page.goto('/cart');
  const orderForm = await fillOrderDetails(page, email);
  await orderForm.getByRole('button', { name: 'Send order request' }).click();
  const confirmation = page.locator('.cart-confirmation');
  await expect(confirmation).toContainText('Thank you! Your order request has been sent.');
  const orderNumber = await confirmation.getAttribute('data-order-number');
  expect(orderNumber).toMatch(/^BH-\d{4,}$/);

  // 2. A workshop registration.
  const title = `Cultural Beekeeping Traditions ${stamp}`;
  const eventId = await createWorkshop(request, title, 10);
  await page.goto('/contact?workshop=cultural-beekeeping-traditions');
  const registration = page.locator('#workshop-registration');
  await registration.getByLabel('Date').selectOption(eventId);
  await registration.getByLabel('Name').fill('Rosa Mendez');
  await registration.getByLabel('Email').fill(email);
  await registration.getByLabel('Number of places').fill('1');
  await registration.getByRole('button', { name: 'Register' }).click();
  await expect(registration.getByRole('status')).toContainText('You are registered!');

  // 3. A swarm report (the owner is on the swarm rota by default).
  const location = `Plum tree behind 48 Hillcrest Avenue ${stamp}`;
  await page.goto('/services/swarm-management');
  const swarm = page.locator('#swarm-report');
  await swarm.getByLabel('Where is the swarm?').fill(location);
  await swarm.getByLabel('Less than 24 hours ago').check();
  await swarm.getByLabel('Larger than a football').check();
  await swarm.getByLabel('Reachable with a ladder').check();
  await swarm.getByLabel('In the open (branch, fence, outside of a wall)').check();
  await swarm.getByLabel('Your name').fill('Rosa Mendez');
  await swarm.getByLabel('Phone number for our call back').fill('(510) 555-0100');
  await swarm.getByRole('button', { name: 'Send swarm report' }).click();
  await expect(swarm.getByRole('status')).toContainText('Your swarm report has been sent.');

  // 4. The newsletter sign-up on the home page.
  await page.goto('/');
  const newsletter = page.locator('[data-form="newsletter-home"]');
  await newsletter.getByRole('textbox', { name: 'Email address' }).fill(email);
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  await expect(newsletter.getByRole('status')).toContainText('Check your inbox');

  // The sender delivers the outbox to the local SMTP sink.
  expect((await runSender(request)).failed).toBe(0);

  const receipt = await onlyMail(request, email, `We received your order ${orderNumber}`);
  expect(receipt.text_body).toContain('East Hills Wildflower Honey');
  const workshop = await onlyMail(request, email, `You're registered: ${title}`);
  expect(workshop.attachments).toEqual([expect.objectContaining({ filename: 'workshop.ics', content_type: expect.stringMatching(/^text\/calendar/) })]);
  expect(workshop.attachments[0]!.content).toMatch(/BEGIN:VEVENT[\s\S]*STATUS:CONFIRMED[\s\S]*END:VEVENT/);
  const alert = await onlyMail(request, OWNER, `Swarm report: ${location}`);
  expect(alert.kind).toBe('staff_swarm_alert');
  expect(alert.text_body).toContain('(510) 555-0100');
  const confirm = await onlyMail(request, email, /^Please confirm your subscription/);
  const confirmLink = /(http\S+\/functions\/v1\/newsletter\?confirm=[0-9a-f-]+)/.exec(confirm.text_body ?? '')?.[1];
  expect(confirmLink).toBeDefined();

  // The confirmation link confirms; the home page says so. A link naming no sign-up says it is invalid.
  await page.goto(confirmLink!);
  await expect(page).toHaveURL(/\/\?newsletter=confirmed$/);
  await expect(page.locator('[data-newsletter-notice]')).toHaveText(/Your subscription is confirmed/);
  await expect(page.getByRole('status').filter({ hasText: 'Your subscription is confirmed' })).toBeVisible();
  await page.goto(confirmLink!.replace(/confirm=[0-9a-f-]+/, 'confirm=00000000-0000-4000-8000-000000000000'));
  await expect(page).toHaveURL(/\/\?newsletter=unknown$/);
  await expect(page.locator('[data-newsletter-notice]')).toHaveText(/not valid any more/);

  // The owner sends a campaign; the confirmed reader gets it with an Unsubscribe link.
  const first = `Honey harvest ${stamp}`;
  await sendCampaign(request, first);
  expect((await runSender(request)).failed).toBe(0);
  const letter = await onlyMail(request, email, first);
  const unsubscribeLink = /Unsubscribe: (http\S+)/.exec(letter.text_body ?? '')?.[1];
  expect(unsubscribeLink).toMatch(/^http:\/\/localhost:8000\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}$/);

  // Opening the page (as a mail scanner would) changes nothing: the next campaign still arrives.
  await page.goto(unsubscribeLink!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from the newsletter');
  const button = page.getByRole('button', { name: 'Unsubscribe', exact: true });
  await expect(button).toBeEnabled();
  const second = `Spring swarms ${stamp}`;
  await sendCampaign(request, second);
  expect((await runSender(request)).failed).toBe(0);
  await onlyMail(request, email, second);

  // The page's button unsubscribes; the campaign after that does not reach them.
  await button.click();
  await expect(page.locator('[data-form="newsletter-unsubscribe"]').getByRole('status')).toHaveText('You are unsubscribed. You will not receive the newsletter any more.');
  await expect(button).toHaveCount(0);
  const third = `Winter news ${stamp}`;
  await sendCampaign(request, third);
  expect((await runSender(request)).failed).toBe(0);
  const subjects = (await mailTo(request, email)).map((m) => m.subject);
  expect(subjects).not.toContain(third);
  expect(subjects.filter((subject) => subject === first || subject === second)).toHaveLength(2);
});

test('the unsubscribe page without a token says to use the e-mail\'s link and offers no button', async ({ page }) => {
  await page.goto('/newsletter/unsubscribe');
  await expect(page.locator('[data-form="newsletter-unsubscribe"]').getByRole('alert')).toHaveText('This link has no unsubscribe code. Please use the Unsubscribe link of the newsletter e-mail itself.');
  await expect(page.getByRole('button', { name: 'Unsubscribe', exact: true })).toHaveCount(0);
});
