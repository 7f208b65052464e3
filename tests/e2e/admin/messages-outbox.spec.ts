/**
 * The e-mail outbox in the back office: a visitor's swarm report queues the reporter's
 * confirmation and the owner's alert; the dashboard warns of a failed one and leads to it in the
 * Outbox with its state; a message
 * that failed for good (here the sender's own RPCs with the service key mark it so, as an SMTP
 * server answering 550 would) shows its last error and is put back in line with Retry. The e2e
 * backend runs no sender of its own: the rows stay as the spec leaves them, but for one run of the
 * send-messages function that delivers a newsletter confirmation to the local mailbox.
 */
import { LOCAL_SERVICE_ROLE_KEY } from '../../../supabase/local/src/keys';
import { SUPABASE_URL, expect, expectNoAxeViolations, main, openSection, signIn, test, uniqueEmail } from './fixtures';
import { call, visitor } from './visitorRequests';

/** A request to the backend with the service key (the sender's and the mailbox's). */
async function serviceFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${SUPABASE_URL}${path}`, {
    ...init,
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const asService = <T>(fn: string, args: Record<string, unknown>) =>
  serviceFetch<T>(`/rest/v1/rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) });

test('a swarm report\'s e-mails are listed; a dead one shows its error and Retry queues it again', async ({ page }) => {
  const email = uniqueEmail('outbox');
  await call(visitor(), 'submit_buzz_haven_swarm_report', {
    p_location: `${Date.now()} Mailer Lane`, p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground',
    p_in_structure: false, p_phone: '5105550177', p_name: 'Olive Outbox', p_email: email,
  });
  // As the sender would after a 550: claim what is due, fail ours for good, put the others back.
  const claimed = await asService<{ id: string; recipient: string; tries: number }[]>('claim_buzz_haven_outbox_messages', { p_limit: 500 });
  for (const m of claimed) {
    const ours = m.recipient === email;
    await asService('mark_buzz_haven_outbox_message_failed', {
      p_id: m.id, p_try: m.tries, p_error: ours ? '550 5.1.1 Mailbox unavailable' : 'not sent by this spec',
      p_permanent: ours, p_retry_base_seconds: 0,
    });
  }

  await signIn(page);
  // The dashboard warns while an e-mail has failed for good, and leads to those in the Outbox.
  const warning = main(page).getByRole('alert').filter({ hasText: /could not be sent/ });
  await expect(warning).toContainText(/^\d+ e-mails? could not be sent\./);
  await warning.getByRole('link', { name: 'Open Outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox\?filter=/);
  const row = main(page).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('550 5.1.1 Mailbox unavailable');
  await expectNoAxeViolations(page, 'outbox list');

  await row.getByRole('link', { name: 'View Details' }).click();
  await main(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('E-mail queued again')).toBeVisible();
  await expect(main(page).getByText('Queued', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('a campaign written in the admin: a test to me, then to the confirmed subscribers, each delivery listed', async ({ page }) => {
  // One confirmed subscriber: the sender delivers the sign-up's confirmation to the local mailbox,
  // and its link's token confirms (the Outbox never shows staff the token).
  const email = uniqueEmail('reader');
  await call(visitor(), 'subscribe_buzz_haven_newsletter', { p_email: email });
  await serviceFetch('/functions/v1/send-messages', { method: 'POST' });
  const { messages } = await serviceFetch<{ messages: { text_body: string | null }[] }>(
    `/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  const token = /newsletter\?confirm=([0-9a-f-]{36})/.exec(messages[0]?.text_body ?? '')?.[1];
  expect(token, 'the confirmation link').toBeTruthy();
  await call(visitor(), 'confirm_buzz_haven_newsletter', { p_token: token });
  const subject = `Harvest news ${Date.now()}`;

  await signIn(page);
  await openSection(page, 'Community', 'Campaigns');
  await main(page).getByRole('button', { name: 'Write campaign' }).first().click();
  // The list's 'Sort by subject' is labelled too: wait for the form, then fill its text boxes.
  await expect(main(page).getByRole('heading', { level: 1, name: 'Write campaign' })).toBeVisible();
  await main(page).getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  await main(page).getByRole('textbox', { name: 'Letter', exact: true }).fill('# The harvest\n\nThe **first** jars are in.');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText(subject).first()).toBeVisible();
  // Before sending: the letter as the e-mail shows it, rendered by the sender's Markdown renderer.
  const preview = main(page).getByRole('region', { name: 'Preview of the e-mail' });
  await expect(preview.getByText(subject)).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2, name: 'The harvest' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('first');
  await expect(preview).not.toContainText('**');

  await main(page).getByRole('button', { name: 'Send Test to Me' }).click();
  await expect(page.getByText('Test queued to your address')).toBeVisible();
  await main(page).getByRole('button', { name: 'Send to Subscribers' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send to Subscribers' }).click();
  await expect(page.getByText('Campaign queued to every confirmed subscriber')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Send to Subscribers' })).toHaveCount(0);
  const deliveries = main(page).getByRole('region', { name: 'Deliveries' });
  await expect(deliveries.getByRole('row').filter({ hasText: email })).toContainText('Queued');
  await expect(deliveries.getByRole('row').filter({ hasText: 'owner@example.com' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'campaign with its deliveries');
});

test('each staff member chooses their e-mail alerts on the Security page; the choice is kept', async ({ page }) => {
  await signIn(page, undefined, '/admin/security');
  const alerts = main(page).getByRole('switch', { name: 'E-mail me each new swarm report' });
  await expect(alerts).toBeChecked(); // an owner's default
  await alerts.click();
  await expect(page.getByText('Swarm report e-mails are off')).toBeVisible();
  await page.reload();
  await expect(alerts).not.toBeChecked();
  await alerts.click();
  await expect(alerts).toBeChecked();

  // New orders and registrations: off, each one, or a daily digest; each kept after a reload.
  // (A radio shows checked once the server has saved it: the card shows what set_buzz_haven_my_alerts returned.)
  const orders = main(page).getByRole('radiogroup', { name: 'New orders' });
  const registrations = main(page).getByRole('radiogroup', { name: 'New workshop registrations' });
  await expect(orders.getByRole('radio', { name: 'Off' })).toBeChecked();
  await orders.getByRole('radio', { name: 'A daily digest' }).click();
  await expect(page.getByText('New orders: in your daily digest')).toBeVisible();
  await expect(orders.getByRole('radio', { name: 'A daily digest' })).toBeChecked();
  await registrations.getByRole('radio', { name: 'An e-mail for each new registration' }).click();
  await expect(registrations.getByRole('radio', { name: 'An e-mail for each new registration' })).toBeChecked();
  await page.reload();
  await expect(orders.getByRole('radio', { name: 'A daily digest' })).toBeChecked();
  await expect(registrations.getByRole('radio', { name: 'An e-mail for each new registration' })).toBeChecked();
  await expect(alerts).toBeChecked();
  await expectNoAxeViolations(page, 'security with e-mail alerts');
  // Back to off, so the other specs' orders and registrations e-mail no one.
  await orders.getByRole('radio', { name: 'Off' }).click();
  await expect(orders.getByRole('radio', { name: 'Off' })).toBeChecked();
  await registrations.getByRole('radio', { name: 'Off' }).click();
  await expect(registrations.getByRole('radio', { name: 'Off' })).toBeChecked();
});

test('the e-mails document previews each e-mail with sample values, as the sender fills it', async ({ page }) => {
  await signIn(page, undefined, '/admin/content/messages');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await main(page).getByRole('tab', { name: 'Preview' }).click();
  const received = main(page).getByRole('region', { name: 'Order received', exact: true });
  await expect(received.getByText('We received your order BH-1042')).toBeVisible();
  await expect(received.getByRole('table')).toContainText('Wildflower Honey, 12 oz');
  const accepted = main(page).getByRole('region', { name: 'Adoption accepted' });
  await expect(accepted).toContainText('Your hive: Hive 7, the Orchard');
  await expect(main(page).getByRole('region', { name: 'Preview of every e-mail' })).not.toContainText('{{');
  await expectNoAxeViolations(page, 'e-mails document preview');
});
