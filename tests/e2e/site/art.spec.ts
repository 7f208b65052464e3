/**
 * The hive-wrap art collective in Chromium, against the embedded backend (--mailbox)
 * and the built site: an artist submits a design on /art and confirms by the e-mailed link, which
 * opens the upload step (the art Edge Function's signed upload URL and checks); a file that is no
 * image is refused with the server's words; the staff owner approves the design for this month
 * (the API, as the back office calls it); two visitors vote by e-mailed link, one changing their
 * vote; the owner closes the vote; /art shows the winner with the right tally. The site is the
 * build served before the approval: the new design and the result appear through the pages'
 * idle-time islands until a rebuild.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../supabase/local/src/keys';
import { expect, test } from './pages-fixtures';
import { ownerToken, staffRpc } from './staff-api';

const API = 'http://127.0.0.1:54321';

async function runSender(request: APIRequestContext) {
  const response = await request.post(`${API}/functions/v1/send-messages`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The path and query of the link in the newest e-mail to `email` whose subject matches. */
async function linkIn(request: APIRequestContext, email: string, subject: RegExp, path: string): Promise<string> {
  await runSender(request);
  const response = await request.get(`${API}/mailbox/api/messages?to=${encodeURIComponent(email)}`, { headers: { apikey: LOCAL_SERVICE_ROLE_KEY } });
  const mails = ((await response.json()) as { messages: { subject: string; text_body: string | null }[] }).messages;
  const mail = mails.find((m) => subject.test(m.subject));
  expect(mail, `a mail matching ${subject} to ${email}`).toBeTruthy();
  const link = new RegExp(`https?://[^/\\s]+(${path.replace(/\//g, '\\/')}\\?token=[0-9a-f-]{36})`).exec(mail!.text_body ?? '')?.[1];
  expect(link, mail!.text_body ?? '').toBeTruthy();
  return link!;
}

async function vote(page: Page, request: APIRequestContext, title: string, email: string) {
  await page.goto('/art/vote');
  const card = page.locator('article', { has: page.getByRole('heading', { name: title }) });
  await card.getByLabel('Your email').fill(email);
  await card.getByRole('button', { name: 'Vote for this design' }).click();
  await expect(card.getByText('Check your e-mail and open the link to count your vote.')).toBeVisible();
  return linkIn(request, email, new RegExp(`Confirm your vote for "${title}"`), '/art/vote/confirm');
}

test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (400|415|422)/] });

test('an artist submits and confirms; staff approve; two visitors vote (one changes); staff close; /art shows the winner and tally', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `Clover Dance ${stamp}`;
  const artist = `artist-${stamp}@example.com`;

  // The artist submits on /art (Impact's art collective page, in the navigation).
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Art', exact: true }).first().click();
  await expect(page).toHaveURL(/\/art$/);
  const form = page.locator('form[data-form="art-submit"]');
  await form.getByLabel('Title of the design').fill(title);
  await form.getByLabel("Artist's statement").fill('Clover and bees, in the colours of our street.');
  await form.getByLabel('Name to credit').fill('Ana Artist');
  await form.getByLabel('Email').fill(artist);
  await form.getByLabel('Instagram or website').fill('https://www.instagram.com/ana.artist');
  await form.getByLabel(/I have read and accept/).check();
  await form.getByRole('button', { name: 'Send my design' }).click();
  await expect(page.getByText('Thank you! Check your e-mail')).toBeVisible();

  // The e-mailed link confirms the address and opens the upload step.
  await page.goto(await linkIn(request, artist, /Confirm your design/, '/art/upload'));
  await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible();
  const upload = page.locator('form[data-form="art-upload"]');
  // A file that is no image, named .png, is refused with the server's words; nothing is kept.
  await upload.getByLabel('Image of the design').setInputFiles({ name: 'design.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a: no image at all') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByRole('alert')).toContainText('The file is not a PNG, JPEG or WebP image');
  const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 90, g: 160, b: 60 } } }).png().toBuffer();
  await upload.getByLabel('Image of the design').setInputFiles({ name: 'clover.png', mimeType: 'image/png', buffer: png });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Thank you! Your design is in.')).toBeVisible({ timeout: 30_000 });

  // Staff approve it for this month's vote.
  const designs = await staffRpc<{ id: string; title: string; status: string; print_check: string; width: number }[]>(request, 'get_buzz_haven_art_designs');
  const design = designs.find((d) => d.title === title)!;
  expect(design).toMatchObject({ status: 'pending', print_check: 'passed', width: 2400 });
  // approve answers nothing (204): called without staffRpc's JSON parse
  const approved = await request.post(`${API}/rest/v1/rpc/approve_buzz_haven_art_design`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${await ownerToken(request)}` },
    data: { p_id: design.id },
  });
  expect(approved.status(), await approved.text()).toBe(204);

  // Two visitors vote; the second first picks the seeded design, then changes to the new one.
  const first = `voter1-${stamp}@example.com`;
  const second = `voter2-${stamp}@example.com`;
  await page.goto(await vote(page, request, title, first));
  await expect(page.getByText('Thank you! Your vote is counted.')).toBeVisible();
  await page.goto(await vote(page, request, 'Bee Garden', second));
  await expect(page.getByText('Thank you! Your vote is counted.')).toBeVisible();
  await page.goto(await vote(page, request, title, second));
  await expect(page.getByText('Your vote now counts for this design instead of your earlier choice.')).toBeVisible();
  // A forged token counts nothing.
  await page.goto('/art/vote/confirm?token=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This link is not valid')).toBeVisible();

  // Staff close the vote; the built ballot says so; /art shows the winner with its tally.
  const closed = await staffRpc<{ total_votes: number; winners: number }>(request, 'close_buzz_haven_art_vote', {});
  expect(closed).toMatchObject({ winners: 1 });
  await page.goto('/art/vote');
  await expect(page.getByText("This month's vote has closed.")).toBeVisible();
  await page.goto('/art');
  const winner = page.locator('[data-design]', { has: page.getByRole('heading', { name: title }) });
  await expect(winner.getByText('Winner')).toBeVisible();
  await expect(winner.locator('[data-votes]')).toHaveAttribute('data-votes', '2');
  await expect(winner).toContainText('2 votes');
  const seeded = page.locator('[data-design]', { has: page.getByRole('heading', { name: 'Bee Garden' }) });
  await expect(seeded.locator('[data-votes]')).toHaveAttribute('data-votes', '0');
});
