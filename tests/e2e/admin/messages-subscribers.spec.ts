/**
 * Beyond the specification: what visitors send through the public forms' RPCs reaches the back
 * office. Messages (newest first, read in full, mark handled, filter) and Subscribers (CSV export).
 */
import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, main, openSection, publicRpc, rpcUrl, signIn, test, uniqueEmail } from './fixtures';

test('a visitor’s contact message appears first; staff read it in full and mark it handled', async ({ page }) => {
  const subject = `Swarm Report ${Date.now()}`;
  const message =
    'A football-sized swarm is hanging from the plum tree in our backyard since this morning. ' +
    '<script>alert(1)</script> Could someone come today, please? We are home all afternoon.';
  await publicRpc('submit_buzz_haven_contact_message', {
    p_name: 'Dana Visitor', p_email: uniqueEmail('dana'), p_phone: '555-0199', p_subject: subject,
    p_message: message, p_hear_about: 'Friend/Family',
  });

  await signIn(page);
  await openSection(page, 'Site', 'Messages');
  await expect(page).toHaveURL(/\/admin\/messages/);
  const rows = main(page).locator('tbody tr.RaDataTable-row');
  const row = rows.first();
  await expect(row).toContainText(subject);
  await expect(row).toContainText('Dana Visitor');
  await expect(row).toContainText('Unhandled');
  await expect(row).not.toContainText('We are home all afternoon'); // shortened in the table

  await row.getByText(subject).click();
  await expect(main(page).getByText(message)).toBeVisible(); // whole, as text
  await expect(main(page).getByText('Phone: 555-0199', { exact: false })).toBeVisible();
  // The expand column has a name (axe 'empty-table-header'); the open panel passes axe too.
  await expect(main(page).getByRole('columnheader', { name: 'Details' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'messages, one expanded');

  await row.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Message marked as handled')).toBeVisible();
  await expect(row).toContainText('Handled');
  await expect(row.getByRole('button', { name: 'Mark unhandled' })).toBeVisible();

  await main(page).getByRole('button', { name: 'Unhandled', exact: true }).click();
  await expect(main(page).getByText(subject)).toHaveCount(0);
  await main(page).getByRole('button', { name: 'Handled', exact: true }).click();
  await expect(main(page).getByText(subject)).toBeVisible();
});

test('no messages yet: the empty text', async ({ page }) => {
  await signIn(page);
  await page.route(rpcUrl('get_buzz_haven_contact_messages'), (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.goto('/admin/messages');
  await expect(main(page).getByText('No messages yet.')).toBeVisible();
});

test('a newsletter sign-up appears first among subscribers and in the CSV export', async ({ page }) => {
  const email = uniqueEmail('reader');
  expect(await publicRpc('subscribe_buzz_haven_newsletter', { p_email: email })).toBe(true);
  expect(await publicRpc('subscribe_buzz_haven_newsletter', { p_email: email })).toBe(true); // answers alike: nothing tells who is subscribed

  await signIn(page, undefined, '/admin/subscribers');
  await expect(main(page).getByRole('heading', { name: 'Subscribers' })).toBeVisible();
  const first = main(page).locator('tbody tr').first();
  await expect(first).toContainText(email);
  await expect(first).toContainText(new Date().toLocaleDateString('en-US'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main(page).getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('subscribers.csv');
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('email,subscribed_at');
  expect(lines[1]).toMatch(new RegExp(`^${email.replace(/[.+]/g, '\\$&')},\\d{4}-\\d{2}-\\d{2}T`));
  expect(lines.filter((l) => l.startsWith(`${email},`))).toHaveLength(1);
});

test('no subscribers yet: the empty text', async ({ page }) => {
  await signIn(page);
  await page.route(rpcUrl('get_buzz_haven_newsletter_subscribers'), (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.goto('/admin/subscribers');
  await expect(main(page).getByText('No subscribers yet.')).toBeVisible();
});
