/**
 * Staff see the language each visitor request was made in: a Language column and filter on the
 * request lists (swarm reports, subscribers), light and dark, at desktop and phone widths.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, main, openSection, publicRpc, signIn, test, uniqueEmail, shot } from './fixtures';

/** Chooses `language` in the list's Language filter. */
async function filterLanguage(page: Page, language: string) {
  // once the list has loaded (its toolbar is then in place)
  await expect(main(page).locator('tbody tr.RaDataTable-row').first()).toBeVisible();
  await main(page).getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: language, exact: true }).click();
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test(`a Spanish swarm report and sign-up show their language, and the filter keeps them (${scheme})`, async ({ page }) => {
      const location = `${Date.now()} Calle Huntington, El Sereno`;
      await publicRpc('submit_buzz_haven_swarm_report', {
        p_location: location, p_formed_when: 'under_24h', p_size: 'football', p_height: 'reachable', p_in_structure: false,
        p_phone: `323555${String(Date.now()).slice(-4)}`, p_name: 'Rosa', p_locale: 'es',
      });
      const email = uniqueEmail('lucia');
      await publicRpc('subscribe_buzz_haven_newsletter', { p_email: email, p_locale: 'es' });

      await signIn(page);
      await openSection(page, 'Requests', 'Swarm Reports');
      await filterLanguage(page, 'Spanish');
      const report = main(page).locator('tbody tr.RaDataTable-row', { hasText: location });
      await expect(report).toContainText('Spanish');
      await expect(main(page).locator('tbody tr.RaDataTable-row', { hasText: 'English' })).toHaveCount(0);
      await expectNoAxeViolations(page, `swarm reports by language, ${scheme}`);
      await shot(page, `swarm-reports-spanish-1280-${scheme}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(report.first()).toBeVisible();
      await shot(page, `swarm-reports-spanish-390-${scheme}`);
      await page.setViewportSize({ width: 1280, height: 800 });

      // By address: the sidebar is still settling back from the phone width (the navigation has its own spec).
      await page.goto('/admin/subscribers');
      await expect(main(page).getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible();
      await filterLanguage(page, 'Spanish');
      await expect(main(page).locator('tbody tr.RaDataTable-row', { hasText: email })).toContainText('Spanish');
      await expectNoAxeViolations(page, `subscribers by language, ${scheme}`);
      await shot(page, `subscribers-spanish-1280-${scheme}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, `subscribers-spanish-390-${scheme}`);
    });
  });
}
