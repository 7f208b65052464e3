/**
 * A phone photo uploaded through the Media page leaves the browser without its metadata (the
 * admin re-encodes it, which is what holds on hosted Storage), and the file served from its public
 * URL carries none either: no GPS, EXIF or XMP, still a JPEG of the same size. And the harvest
 * form's Neighbourhood is a choice from the Neighbourhoods list (screenshots at 1280 and 390 px).
 */
import { PHOTO_SIZE, decoded, geotaggedJpeg, readMetadata } from '../../support/geotaggedImage';
import { expect, main, rpcAs, signIn, test } from './fixtures';

const run = Date.now().toString(36);

/** The JPEG inside a multipart body: from its start-of-image marker on. */
const jpegIn = (body: Buffer) => body.subarray(body.indexOf(Buffer.from([0xff, 0xd8, 0xff])));

test('a geotagged photo is sent and served without GPS, EXIF or XMP, same size', async ({ page }) => {
  const sent: Buffer[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/storage/v1/object/media/')) sent.push(r.postDataBuffer() ?? Buffer.alloc(0));
  });
  await signIn(page, undefined, '/auth?next=%2Fadmin%2Fmedia');
  await main(page).getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Media' });
  const name = `wrap-installed-${run}.jpg`;
  await dialog.getByLabel('Files to upload').setInputFiles({ name, mimeType: 'image/jpeg', buffer: await geotaggedJpeg() });
  await expect(dialog.getByText('Uploaded')).toBeVisible({ timeout: 20_000 });

  expect(sent).toHaveLength(1);
  const body = jpegIn(sent[0]!);
  expect(await readMetadata(body)).toBeUndefined();

  const rows = (await rpcAs(page, 'get_buzz_haven_media')) as { title: string; file_path: string; width: number; height: number }[];
  const row = rows.find((r) => r.title.includes(run))!;
  expect([row.width, row.height]).toEqual([PHOTO_SIZE.width, PHOTO_SIZE.height]);
  const served = Buffer.from(await (await page.request.get(row.file_path)).body());
  expect(await readMetadata(served)).toBeUndefined();
  expect(await decoded(served)).toMatchObject({ format: 'jpeg', ...PHOTO_SIZE });
});

for (const width of [1280, 390]) {
  test(`the harvest form's neighbourhood is chosen from the list at ${width} px`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, undefined, '/auth?next=%2Fadmin%2Fhoney_harvests%2Fcreate');
    const select = main(page).getByRole('combobox', { name: /^Neighbourhood/ });
    await select.click();
    await expect(page.getByRole('option', { name: 'Downtown' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'East Hills' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`harvest-form-${width}.png`), fullPage: true });
  });
}
