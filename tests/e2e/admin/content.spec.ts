/**
 * Content, as the owner uses it: open the home page's document in its generated form, edit the
 * hero title, save the draft, read the changes since the last publish and the preview; a second
 * tab's stale save is refused with the server's message and keeps what was typed; an empty
 * required field is refused at its field on Publish; publishing requests a site build shown at
 * the top; the first version restored into the draft and published brings the old title back.
 * One test walks all of it: the home document's form takes seconds to render, so it is opened as
 * few times as the steps need (a second tab reads the list and opens the draft from it).
 * 'Publish site' and a failed build: content-build.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, main, signIn, test, shot } from './fixtures';

const ORIGINAL_TITLE = 'Helping Honeybees Thrive in Every Backyard';
const STALE = 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.';

const hero = (page: Page) => main(page).getByRole('group', { name: 'Hero', exact: true });
const heroTitle = (page: Page) => hero(page).getByLabel(/^Title/);
const tab = (page: Page, name: string) => main(page).getByRole('tab', { name });

async function openHome(page: Page) {
  await page.goto('/admin/content/home');
  // The whole home document's form renders at once: seconds on a busy 2-core machine.
  await expect(main(page).getByRole('heading', { name: 'Home page', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(heroTitle(page)).toBeVisible();
}

test('the owner edits the hero title: draft, changes, preview, a stale save refused, publish with a build, then restores the first version', async ({ page, context, console }) => {
  test.setTimeout(240_000);
  const title = `Bees in Every Backyard ${Date.now().toString(36)}`;
  await signIn(page, undefined, '/admin/content');
  await expect(main(page).getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Site build' })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Publish site' })).toBeEnabled();
  const homeRow = main(page).getByTestId('content-row').filter({ hasText: 'Home page' });
  await expect(homeRow).toContainText('home');
  await expect(main(page).getByTestId('content-row').filter({ hasText: 'pages/about' })).toBeVisible();
  await expectNoAxeViolations(page, 'content list');

  await homeRow.getByRole('link', { name: 'Home page' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/home$/);
  await expect(heroTitle(page)).toHaveValue(ORIGINAL_TITLE, { timeout: 30_000 });
  await expectNoAxeViolations(page, 'content editor');

  // Save draft: the badge says the draft differs from what is live.
  await heroTitle(page).fill(title);
  await main(page).getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible();
  await expect(main(page).getByTestId('document-status')).toContainText('Unpublished changes');

  await tab(page, 'Changes since last publish').click();
  const row = main(page).getByTestId('diff-row').filter({ hasText: 'hero.title' });
  await expect(row).toContainText(ORIGINAL_TITLE);
  await expect(row).toContainText(title);
  await expect(main(page).getByTestId('diff-row')).toHaveCount(1);

  await tab(page, 'Preview').click();
  const preview = main(page).getByRole('region', { name: 'Preview of the draft (not published)' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expectNoAxeViolations(page, 'content preview');
  await tab(page, 'Edit').click();

  // A second tab opened now reads the list with the saved draft, and opens the draft from it (the
  // first tab keeps its editor: the home document's form is slow to render); then the first tab
  // saves again, so the second tab's save is stale.
  const second = await context.newPage();
  await second.goto('/admin/content');
  const secondHomeRow = main(second).getByTestId('content-row').filter({ hasText: 'Home page' });
  await expect(secondHomeRow).toContainText('Unpublished changes');
  await expect(secondHomeRow).toContainText('by Demo Owner');
  await secondHomeRow.getByRole('link', { name: 'Home page' }).click();
  await expect(heroTitle(second)).toHaveValue(title, { timeout: 30_000 });
  await hero(page).getByLabel(/^Eyebrow/).fill('Urban beekeeping in East Hills, CA');
  await main(page).getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible();
  console.allow(/409|Conflict/);
  await heroTitle(second).fill(`${title} (second tab)`);
  await main(second).getByRole('button', { name: 'Save draft' }).click();
  await expect(main(second).getByRole('alert').filter({ hasText: STALE })).toBeVisible();
  await expect(heroTitle(second)).toHaveValue(`${title} (second tab)`);
  await second.close();

  // An empty required field is refused at the field; nothing is published.
  await heroTitle(page).fill('');
  await main(page).getByRole('button', { name: 'Publish' }).click();
  await expect(hero(page).getByText('Required')).toBeVisible();
  await expect(heroTitle(page)).toHaveValue('');
  await expect(main(page).getByTestId('document-status')).toContainText('Unpublished changes');

  await heroTitle(page).fill(title);
  await main(page).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published version \d+\. The site is being rebuilt\.$/)).toBeVisible();
  await expect(main(page).getByTestId('document-status')).not.toContainText('Unpublished changes');
  const build = main(page).getByTestId('site-build');
  await expect(build).toBeVisible();
  await expect(build).toHaveAttribute('data-state', /queued|running|succeeded|triggered/);
  await expect(build).toContainText('Requested');

  await page.reload();
  await expect(heroTitle(page)).toHaveValue(title, { timeout: 30_000 });
  await tab(page, 'Changes since last publish').click();
  await expect(main(page).getByText('No changes since the last publish.')).toBeVisible();

  // Versions: the oldest restored into the draft and published brings the old title back.
  await tab(page, 'Versions').click();
  const versions = main(page).getByTestId('content-version');
  await expect(versions.first()).toContainText('Live');
  const count = await versions.count();
  expect(count).toBeGreaterThanOrEqual(2);
  // The oldest version is the starting content (content/home.yaml).
  const oldest = versions.last();
  const oldestName = (await oldest.getByText(/^Version \d+$/).textContent())!;
  await oldest.getByRole('button', { name: `Restore ${oldestName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restore ${oldestName.toLowerCase()}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`${oldestName} restored into the draft. Publish to put it on the site.`)).toBeVisible();
  await tab(page, 'Edit').click();
  await expect(heroTitle(page)).toHaveValue(ORIGINAL_TITLE);
  await expect(main(page).getByTestId('document-status')).toContainText('Unpublished changes');

  await main(page).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`Published version ${count + 1}. The site is being rebuilt.`)).toBeVisible();
  await tab(page, 'Versions').click();
  await expect(versions).toHaveCount(count + 1);
  await expect(versions.first()).toContainText(`Version ${count + 1}`);
  await expect(versions.first()).toContainText('Live');
});

for (const width of [390, 1280]) {
  test(`screenshots of the content screens at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, undefined, '/admin/content');
    await expect(main(page).getByTestId('content-row').first()).toBeVisible();
    await shot(page, `content-list-${width}`, { fullPage: true });
    await openHome(page);
    await shot(page, `content-edit-${width}`);
    await hero(page).getByLabel(/^Label/).first().scrollIntoViewIfNeeded();
    await shot(page, `content-edit-list-${width}`);
    await heroTitle(page).fill('Bees in Every Backyard');
    await hero(page).getByRole('button', { name: 'Add' }).click();
    await tab(page, 'Changes since last publish').click();
    await shot(page, `content-changes-${width}`);
    await tab(page, 'Preview').click();
    await shot(page, `content-preview-${width}`);
  });
}
