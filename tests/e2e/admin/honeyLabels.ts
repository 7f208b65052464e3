/**
 * For the honey specs: the back office's form fields by label, a select's option, and a batch's
 * label sheet with its first QR code decoded (a screenshot read by jsQR).
 */
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, main } from './fixtures';

/** An input by its label (a required one's label ends with ' *'). */
export const field = (page: Page, label: string) =>
  main(page).getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

export async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await main(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Opens the label sheet on `paper` from the batch's page and decodes the first label's QR code. */
export async function labelQr(page: Page, paper: RegExp): Promise<{ url: string; sheet: Page }> {
  const popup = page.waitForEvent('popup');
  await main(page).getByRole('button', { name: paper }).click();
  const sheet = await popup;
  const qr = sheet.locator('.label .qr').first();
  await expect(qr.locator('svg')).toBeVisible();
  const png = await qr.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(decoded, 'the QR code on the label sheet decodes').not.toBeNull();
  return { url: decoded!.data, sheet };
}
