/**
 * Art Designs on a fresh install: supabase/seed.sql's 'Bee Garden' is on this month's ballot and
 * its picture is in Storage (supabase/local/src/db/seedStorage.ts), so the gallery's "On the
 * ballot" card and the design's page show it, signed by admin/src/resources/art_designs/useArtImage.ts.
 * Before, signing it was a 400 (Object not found): no picture and a console error, which the
 * fixture's console watcher fails on.
 */
import type { Locator } from '@playwright/test';
import { expect, main, signIn, test } from './fixtures';

/** The picture's decoded width (0 until it has loaded; content/art/bee-garden.png is 2400 x 1600). */
const loadedWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

test('the seeded design on the ballot shows its picture in the gallery and on its page', async ({ page }) => {
  await signIn(page, undefined, '/auth?next=%2Fadmin%2Fart_designs');
  await expect(main(page).getByRole('heading', { name: 'Art Designs' })).toBeVisible();
  await main(page).getByRole('group', { name: 'Show designs' }).getByRole('button', { name: 'On the ballot' }).click();

  const card = main(page).getByRole('list', { name: 'Designs' }).getByRole('listitem').filter({ hasText: 'Bee Garden' });
  const picture = card.getByRole('img', { name: 'Bee Garden' });
  await expect(picture).toBeVisible();
  await expect.poll(() => loadedWidth(picture)).toBe(2400);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/art_designs\/[0-9a-f-]{36}\/show$/);
  const detail = main(page).getByRole('img', { name: 'Bee Garden' });
  await expect(detail).toBeVisible();
  await expect.poll(() => loadedWidth(detail)).toBe(2400);
});
