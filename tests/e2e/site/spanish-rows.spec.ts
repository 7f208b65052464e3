/**
 * Words staff type into rows, in the page's language: a product's name and description (the
 * products table's name_es, description_es), a honey batch's notes (notes_es) and its hives' names
 * (hives.name_es), as the seed gives them in both languages. The Spanish pages show the Spanish,
 * the English pages the English; the cart names its lines in the page's language.
 */
import { expect, test } from './pages-fixtures';

// Every test reads the build (and the browser's own cart): they may run on any worker at once.
test.describe.configure({ mode: 'parallel' });

const WILDFLOWER = { en: 'East Hills Wildflower Honey', es: 'Miel de Flores Silvestres de East Hills' };
const WILDFLOWER_TEXT = {
  en: 'Raw, unfiltered honey from hives across East Hills backyards',
  es: 'Miel cruda y sin filtrar de colmenas en patios, jardines y azoteas de East Hills',
};
const BATCH_NOTES = {
  en: 'A late-season blend: light amber, with a long floral finish.',
  es: 'Una mezcla de fin de temporada: ámbar claro, con un final floral largo.',
};

test("the shop: each product's name and description in the page's language", async ({ page }) => {
  await page.goto('/es/shop');
  const spanish = page.locator('main');
  await expect(spanish.getByRole('heading', { name: WILDFLOWER.es })).toBeVisible();
  await expect(spanish.getByText(WILDFLOWER_TEXT.es)).toBeVisible();
  await expect(spanish).not.toContainText(WILDFLOWER.en);
  await expect(spanish).not.toContainText(WILDFLOWER_TEXT.en);

  await page.goto('/shop');
  const english = page.locator('main');
  await expect(english.getByRole('heading', { name: WILDFLOWER.en })).toBeVisible();
  await expect(english.getByText(WILDFLOWER_TEXT.en)).toBeVisible();
  await expect(english).not.toContainText(WILDFLOWER.es);
});

test("a honey batch page: the batch's notes, its product and its hives in the page's language", async ({ page }) => {
  await page.goto('/es/honey/EH-26F-01');
  const spanish = page.locator('main');
  await expect(spanish.getByText(BATCH_NOTES.es)).toBeVisible();
  await expect(spanish.getByRole('heading', { name: WILDFLOWER.es })).toBeVisible();
  await expect(spanish.getByRole('heading', { name: 'Colmena de la Azotea', exact: true })).toBeVisible();
  await expect(spanish).not.toContainText(BATCH_NOTES.en);

  await page.goto('/honey/EH-26F-01');
  const english = page.locator('main');
  await expect(english.getByText(BATCH_NOTES.en)).toBeVisible();
  await expect(english.getByRole('heading', { name: WILDFLOWER.en })).toBeVisible();
  await expect(english.getByRole('heading', { name: 'Rooftop Hive', exact: true })).toBeVisible();
  await expect(english).not.toContainText(BATCH_NOTES.es);
});

test('a hive sign in Spanish names the hive in Spanish', async ({ page }) => {
  await page.goto('/es/hive/ROOFTOP2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Colmena de la Azotea');
  await page.goto('/hive/ROOFTOP2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rooftop Hive');
});

test('the cart names a line added on the English shop in Spanish on the Spanish cart', async ({ page }) => {
  await page.goto('/shop');
  // the line as Add to Cart on the English shop stores it
  await page.evaluate((name) => localStorage.setItem('buzz-haven-cart', JSON.stringify([
    { key: 'wildflower-honey', name, size: '16 oz jar', price: 2000, quantity: 1 },
  ])), WILDFLOWER.en);
  await page.goto('/es/cart');
  await expect(page.locator('main')).toContainText(WILDFLOWER.es);
  await expect(page.locator('main')).not.toContainText(WILDFLOWER.en);
});
