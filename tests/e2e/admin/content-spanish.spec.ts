/**
 * Content in Spanish, as the owner uses it: the FAQ's Español tab opens the Spanish draft in the
 * same generated form and lists the fields that show the English words; a heading typed and an
 * intro left empty are published with the English; the Content list then shows the FAQ translated
 * with its fields in English counted, and after English alone is published again, "Needs
 * translation". Axe-clean in the light and dark themes; screenshots at 390 and 1280 px when
 * SHOTS_DIR is set.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, main, signIn, test, shot } from './fixtures';

const faqRow = (page: Page) => main(page).getByTestId('content-row').filter({ hasText: 'pages/faq' });
const languages = (page: Page) => main(page).getByRole('tablist', { name: 'Language' });

async function shoot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`, { fullPage: width !== 390 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the FAQ in Spanish: fallback fields listed, published with the English, then needing translation', async ({ page, console }) => {
  test.setTimeout(150_000);
  const heading = `Preguntas frecuentes ${Date.now().toString(36)}`;
  await signIn(page, undefined, '/admin/content/pages/faq?locale=es');
  await expect(languages(page).getByRole('tab', { name: 'Español' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  const headingInput = main(page).getByLabel(/^Heading/).first();
  await headingInput.fill(heading);
  await main(page).getByLabel(/^Intro/).fill('');
  const fallback = main(page).getByTestId('fallback-fields');
  await expect(fallback).toContainText('These fields show the English words:');
  await expect(fallback).toContainText('intro');
  await expectNoAxeViolations(page, 'Español tab');
  await shoot(page, 'editor-es-light');

  await main(page).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published version \d+\. The site is being rebuilt\.$/)).toBeVisible({ timeout: 30_000 });

  await page.goto('/admin/content');
  await expect(faqRow(page)).toContainText('Translated');
  await expect(faqRow(page).getByTestId('fallback-count')).toContainText(/\d+ fields? in English/);
  await expectNoAxeViolations(page, 'content list');
  await shoot(page, 'list-light');

  // English alone: the Spanish is behind it
  await page.goto('/admin/content/pages/faq');
  await expect(languages(page).getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await main(page).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published version \d+\. The site is being rebuilt\.$/)).toBeVisible({ timeout: 30_000 });
  await page.goto('/admin/content');
  await expect(faqRow(page)).toContainText('Needs translation');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'dark: content list');
  await shoot(page, 'list-dark');
  await page.goto('/admin/content/pages/faq?locale=es');
  await expect(main(page).getByLabel(/^Heading/).first()).toHaveValue(heading, { timeout: 30_000 });
  await expect(main(page).getByTestId('document-status')).toContainText('Needs translation');
  await expectNoAxeViolations(page, 'dark: Español tab');
  await shoot(page, 'editor-es-dark');
  await main(page).getByRole('tab', { name: 'Preview' }).click();
  await shoot(page, 'preview-es-dark');
  // the e-mails' preview in Spanish: the words the Spanish leaves empty are the English ones
  await page.goto('/admin/content/messages?locale=es');
  await main(page).getByRole('tab', { name: 'Preview' }).click({ timeout: 30_000 });
  await expect(main(page).getByRole('region', { name: 'Order received', exact: true })).toBeVisible();
  await shoot(page, 'messages-preview-es-dark');
  expect(console.errors).toEqual([]);
});
