/**
 * A phone photo uploaded through the Media page as staff do is served from its public URL without
 * its metadata: no GPS, EXIF or XMP, still a JPEG of the same size (the admin re-encodes it before
 * sending, admin/src/media/upload/uploadMedia.test.ts; the embedded Storage again on upload). And
 * the harvest form's Neighbourhood is a choice from the Neighbourhoods list (screenshots at 1280
 * and 390 px).
 */
import { PHOTO_SIZE, decoded, geotaggedJpeg, readMetadata } from '../../support/geotaggedImage';
import { expect, main, rpcAs, signIn, test, shot } from './fixtures';

const run = Date.now().toString(36);

test('a geotagged photo uploaded on the Media page is served without GPS, EXIF or XMP, same size', async ({ page }) => {
  await signIn(page, undefined, '/auth?next=%2Fadmin%2Fmedia');
  await main(page).getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Media' });
  const name = `wrap-installed-${run}.jpg`;
  await dialog.getByLabel('Files to upload').setInputFiles({ name, mimeType: 'image/jpeg', buffer: await geotaggedJpeg() });
  await expect(dialog.getByText('Uploaded')).toBeVisible({ timeout: 20_000 });

  const rows = (await rpcAs(page, 'get_buzz_haven_media')) as { title: string; file_path: string; width: number; height: number }[];
  const row = rows.find((r) => r.title.includes(run))!;
  expect([row.width, row.height]).toEqual([PHOTO_SIZE.width, PHOTO_SIZE.height]);
  const served = Buffer.from(await (await page.request.get(row.file_path)).body());
  expect(await readMetadata(served)).toBeUndefined();
  expect(await decoded(served)).toMatchObject({ format: 'jpeg', ...PHOTO_SIZE });
});

for (const width of [1280, 390]) {
  test(`the harvest form's neighbourhood is chosen from the list at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, undefined, '/auth?next=%2Fadmin%2Fhoney_harvests%2Fcreate');
    const select = main(page).getByRole('combobox', { name: /^Neighbourhood/ });
    await select.click();
    await expect(page.getByRole('option', { name: 'Downtown' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'East Hills' })).toBeVisible();
    await shot(page, `harvest-form-${width}`, { fullPage: true });
  });
}
