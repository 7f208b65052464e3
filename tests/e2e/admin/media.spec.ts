/**
 * The Media Library on Storage, tried as a new user would: upload three photos and a
 * PDF, see them in the grid, rename one, use one as a product's image through the picker, delete
 * the PDF; a file over the bucket's limit and an .exe are refused with clear messages.
 */
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, main, rpcAs, signIn, signUp, test, uniqueEmail, shot } from './fixtures';

const FIXTURES = join(__dirname, '../fixtures/media');
const run = Date.now().toString(36);
const fixture = (file: string, mimeType: string) => ({
  name: file.replace(/\.(\w+)$/, `-${run}.$1`),
  mimeType,
  buffer: readFileSync(join(FIXTURES, file)),
});
const title = (base: string) => `${base} ${run}`;

interface MediaRow { id: string; title: string; file_path: string; file_type: string; storage_path: string | null;
  size_bytes: number | null; width: number | null; height: number | null; uploaded_by: string | null }

const tile = (page: Page, name: string) =>
  main(page).getByRole('list', { name: 'Media files' }).getByRole('listitem').filter({ hasText: name });

test.describe.configure({ mode: 'serial' });

test('upload, browse, rename, pick for a product, delete; refusals explained', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'http://localhost:8000' });
  const storageRequests: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/storage/v1/object/media/')) storageRequests.push(r.url()); });
  await signIn(page, undefined, '/auth?next=%2Fadmin%2Fmedia');
  await expect(main(page).getByRole('heading', { name: 'Media Library' })).toBeVisible();

  // Upload three photos and a PDF at once.
  await main(page).getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Media' });
  await expect(dialog.getByText('Drag and drop files here, or')).toBeVisible();
  await dialog.getByLabel('Files to upload').setInputFiles([
    fixture('hive-frame.png', 'image/png'),
    fixture('bee-closeup.png', 'image/png'),
    fixture('meadow.png', 'image/png'),
    fixture('open-day-flyer.pdf', 'application/pdf'),
  ]);
  const uploads = dialog.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('Uploaded')).toHaveCount(4, { timeout: 20_000 });
  await expect(uploads.getByRole('progressbar', { name: `Upload progress of meadow-${run}.png` }))
    .toHaveAttribute('aria-valuenow', '100');
  expect(storageRequests).toHaveLength(4);

  // Too large and a refused type: explained, and nothing is sent.
  const dir = mkdtempSync(join(tmpdir(), 'media-e2e-'));
  const huge = join(dir, 'huge-photo.png');
  writeFileSync(huge, '');
  truncateSync(huge, 60 * 1024 * 1024);
  await dialog.getByLabel('Files to upload').setInputFiles(huge);
  await dialog.getByLabel('Files to upload').setInputFiles(
    { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\x90\x00') },
  );
  await expect(uploads.getByText('huge-photo.png is too large (60 MB): the limit is 50 MB.')).toBeVisible();
  await expect(uploads.getByText(/^setup\.exe was refused: files of type application\/x-msdownload are not accepted/)).toBeVisible();
  expect(storageRequests).toHaveLength(4);
  await expectNoAxeViolations(page, 'upload dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The grid: pictures served from the bucket, the PDF as a type tile; the rows know sizes.
  for (const name of ['hive frame', 'bee closeup', 'meadow']) {
    const picture = tile(page, title(name)).getByRole('img', { name: title(name) });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(tile(page, title('open day flyer'))).toContainText('application');
  const rows = (await rpcAs(page, 'get_buzz_haven_media')) as MediaRow[];
  const frame = rows.find((r) => r.title === title('hive frame'))!;
  expect(frame).toMatchObject({ file_type: 'image/png', width: 120, height: 90 });
  // The size is the re-encoded picture's (its metadata is dropped before upload), not the file's.
  expect(frame.size_bytes).toBeGreaterThan(0);
  expect(frame.storage_path).toMatch(new RegExp(`^\\d{4}/\\d{2}/[0-9a-f-]{36}-hive-frame-${run}\\.png$`));
  expect(frame.file_path).toBe(`http://127.0.0.1:54321/storage/v1/object/public/media/${frame.storage_path}`);
  expect(frame.uploaded_by).not.toBeNull();
  expect(rows.find((r) => r.title === title('open day flyer'))).toMatchObject({ width: null, file_type: 'application/pdf' });
  await expectNoAxeViolations(page, 'media grid');

  // Rename one; copy its public URL.
  await tile(page, title('meadow')).getByRole('button', { name: `Edit title of ${title('meadow')}` }).click();
  const rename = page.getByRole('dialog', { name: 'Edit Title' });
  await rename.getByLabel('Title').fill(title('Meadow in June'));
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Title updated')).toBeVisible();
  const meadow = tile(page, title('Meadow in June'));
  await expect(meadow.getByRole('img', { name: title('Meadow in June') })).toBeVisible();
  await meadow.getByRole('button', { name: `Copy URL of ${title('Meadow in June')}` }).click();
  await expect(page.getByText('URL copied to clipboard')).toBeVisible();
  const meadowUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(meadowUrl).toMatch(new RegExp(`/storage/v1/object/public/media/\\d{4}/\\d{2}/[0-9a-f-]{36}-meadow-${run}\\.png$`));
  const served = await page.request.get(meadowUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');

  // Use it as a product's image through the picker.
  await page.goto('/admin/products');
  await main(page).getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Product' });
  await form.getByLabel('Name', { exact: true }).fill(title('Meadow Honey'));
  await form.getByRole('button', { name: 'Choose from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose from Library' });
  await expect(picker.getByRole('button', { name: `${title('open day flyer')} (application, not an image)` })).toBeDisabled();
  await expectNoAxeViolations(page, 'media picker');
  await picker.getByRole('button', { name: `Choose ${title('Meadow in June')}` }).click();
  await expect(picker).toBeHidden();
  await expect(form.getByLabel('Image URL')).toHaveValue(meadowUrl);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  const products = (await rpcAs(page, 'get_buzz_haven_products')) as { name: string; image_url: string | null }[];
  expect(products.find((p) => p.name === title('Meadow Honey'))?.image_url).toBe(meadowUrl);

  // Delete the PDF: row and file.
  await page.goto('/admin/media');
  const pdf = rows.find((r) => r.title === title('open day flyer'))!;
  await tile(page, title('open day flyer')).getByRole('button', { name: `Delete ${title('open day flyer')}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Media File' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Media file deleted')).toBeVisible();
  await expect(tile(page, title('open day flyer'))).toHaveCount(0);
  expect((await page.request.get(pdf.file_path)).status()).toBeGreaterThanOrEqual(400);
  expect(((await rpcAs(page, 'get_buzz_haven_media')) as MediaRow[]).some((r) => r.id === pdf.id)).toBe(false);
});

test('staff upload, but only owners and admins delete', async ({ page }) => {
  const email = uniqueEmail('media-staff');
  const staff = await signUp(page, 'Sam Staff', email);
  await signIn(page);
  const users = (await rpcAs(page, 'get_buzz_haven_users')) as { id: string; email: string }[];
  await rpcAs(page, 'set_buzz_haven_user_role', { p_id: users.find((u) => u.email === email)!.id, p_role: 'staff' });
  await page.evaluate(() => localStorage.clear());
  await signIn(page, staff, '/auth?next=%2Fadmin%2Fmedia');
  await main(page).getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Media' });
  await dialog.getByLabel('Files to upload').setInputFiles({ ...fixture('bee-closeup.png', 'image/png'), name: `staff-bee-${run}.png` });
  await expect(dialog.getByText('Uploaded')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const mine = tile(page, `staff bee ${run}`);
  await expect(mine.getByRole('button', { name: `Edit title of staff bee ${run}` })).toBeEnabled();
  await expect(mine.getByRole('button', { name: `Delete staff bee ${run}` })).toBeDisabled();
});

test('the Media page at 1280 px and 390 px', async ({ page }) => {
  await signIn(page, undefined, '/auth?next=%2Fadmin%2Fmedia');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(main(page).getByRole('list', { name: 'Media files' })).toBeVisible();
  await shot(page, 'media-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main(page).getByRole('button', { name: 'Upload', exact: true })).toBeInViewport();
  await shot(page, 'media-390', { fullPage: true });
  await main(page).getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Upload Media' }).getByRole('button', { name: 'Choose files' })).toBeInViewport();
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1'); // past the fade-in
  await shot(page, 'media-upload-390');
  await expectNoAxeViolations(page, 'upload dialog at 390 px');
});
