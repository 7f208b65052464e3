/**
 * A QR on every hive. Hives' "Print hive labels" sheet: a seeded hive's label's QR code, read from a
 * screenshot of the rendered sheet (decoded by jsQR), opens that hive's sign page on the site,
 * which shows its name, neighbourhood and wrap and carries neither its address nor its
 * coordinates, in the HTML or the page data. Staff signed in to the back office in that browser
 * get "Log an inspection", which opens the form with the hive chosen and today's date; a visitor
 * does not.
 */
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, main, rpcAs, signIn, test } from './fixtures';

test("the hive label sheet's QR opens the hive's sign: no address or position; staff can log an inspection", async ({ page, browser }) => {
  await signIn(page, undefined, '/admin/hives');
  const popup = page.waitForEvent('popup');
  await main(page).getByRole('button', { name: 'Print hive labels' }).click();
  const sheet = await popup;
  const labels = sheet.locator('.label');
  await expect(labels.first().locator('.qr svg')).toBeVisible();
  const hives = (await rpcAs(page, 'get_buzz_haven_hives')) as Record<string, any>[];
  await expect(labels).toHaveCount(hives.filter((h) => h.status !== 'retired').length);
  // A seeded hive's label: its sign page is in the site these tests open, whereas a hive another
  // spec created (a random code, which may sort first) has none until the site is built again.
  const label = labels.filter({ hasText: 'Sanctuary Hive 1' });
  const png = await label.locator('.qr').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(decoded, 'the QR code on the label decodes').not.toBeNull();
  const url = decoded!.data;
  const code = /\/hive\/([A-Z0-9]+)$/.exec(url)?.[1];
  // the site's own address (the admin build's SITE_URL, the site these tests open)
  const site = new URL(page.url()).origin;
  expect(url).toBe(`${site}/hive/${code}`);
  const hive = hives.find((h) => h.sign_code === code)!;
  await expect(label).toContainText(hive.name);
  await expect(label).toContainText(`Hive ${code}`);

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hive.name);
  if (hive.neighbourhood) await expect(page.getByText(`Kept by Buzz Haven in ${hive.neighbourhood}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to enjoy a hive safely' })).toBeVisible();
  const html = await (await page.request.get(url)).text();
  const pageData = await (await page.request.get(`${site}/page-data/hive/${code}/page-data.json`)).text();
  for (const text of [html, pageData]) {
    expect(text).toContain(hive.name);
    for (const secret of [hive.location, hive.latitude, hive.longitude].filter((v) => v !== null)) {
      expect(text).not.toContain(String(secret));
    }
  }

  const log = page.getByRole('link', { name: 'Log an inspection' });
  await expect(log).toBeVisible();
  await log.click();
  await expect(page).toHaveURL(/\/admin\/inspections\/create/);
  await expect(main(page).getByRole('combobox', { name: /^Hive/ })).toHaveText(hive.name);
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(main(page).getByLabel(/^Date/)).toHaveValue(today);

  const visitor = await browser.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(hive.name);
  await expect(visitor.getByRole('link', { name: 'Log an inspection' })).toHaveCount(0);
  await visitor.close();
});
