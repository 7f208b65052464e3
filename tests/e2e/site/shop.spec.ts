/** /shop: seven products with prices and sizes, anchors, Add to Cart, shipping, policies. */
import { expect, hrefPath, test } from './pages-fixtures';

const PRODUCTS: Array<[string, string, string]> = [
  ['East Hills Wildflower Honey', '$20', '16 oz jar'],
  ['Single-Origin Neighborhood Honey', '$24', '16 oz jar'],
  ['Community Blend Honey', '$18', '8 oz jar'],
  ['Honey Tasting Gift Set', '$45', '3-jar gift set'],
  ['Hand-Poured Beeswax Candle', '$22', '8 oz candle'],
  ['Beeswax Lip Balm Trio', '$15', 'set of 3 lip balms'],
  ['Beeswax Food Wrap Starter Pack', '$24', 'starter pack of 3 wraps'],
];

test('a shopper sees the seven products with name, price, size, description and image', async ({ page }) => {
  await page.goto('/shop');
  const cards = page.locator('li.pages-product');
  await expect(cards).toHaveCount(7);
  for (const [index, [name, price, size]] of PRODUCTS.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
    await expect(card.locator('.price')).toHaveText(price);
    await expect(card.locator('.pages-product-size')).toHaveText(size);
    expect((await card.locator('p').nth(2).innerText()).length).toBeGreaterThan(40);
    await expect(card.getByRole('img')).toHaveAttribute('alt', /.{10,}/);
  }
});

test('honey and beeswax sections and the product anchors', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.locator('#honey li.pages-product')).toHaveCount(4);
  await expect(page.locator('#beeswax li.pages-product')).toHaveCount(3);
  await expect(page.locator('#beeswax h2')).toHaveText('Beeswax products');
  await expect(page.locator('#wildflower h3')).toHaveText('East Hills Wildflower Honey');
  await expect(page.locator('#single-origin h3')).toHaveText('Single-Origin Neighborhood Honey');
  await expect(page.locator('#gift-set h3')).toHaveText('Honey Tasting Gift Set');
  await page.goto('/shop#gift-set');
  await expect(page.locator('#gift-set')).toBeInViewport();
});

test('every product has an Add to Cart button described by its name, and the note says no payment is taken', async ({ page }) => {
  await page.goto('/shop');
  const buttons = page.getByRole('button', { name: 'Add to Cart' });
  await expect(buttons).toHaveCount(7);
  for (const button of await buttons.all()) await expect(button).toBeEnabled();
  await expect(buttons.first()).toHaveAccessibleDescription('East Hills Wildflower Honey');
  await expect(page.locator('#cart-note')).toContainText('no payment is taken online');
});

test('shipping information, shop policies and the closing link to /contact', async ({ page }) => {
  await page.goto('/shop');
  const shipping = page.locator('#shipping');
  await expect(shipping).toContainText('Standard shipping $5.95, free on orders over $50.');
  await expect(shipping).toContainText('Express shipping $12.95.');
  await expect(shipping).toContainText('Orders ship within 48 hours.');
  await expect(shipping).toContainText('We ship within the United States only.');
  await expect(page.locator('#policies')).toContainText('Returns of unused and still sealed products are accepted within 14 days of delivery.');
  expect(await hrefPath(page, page.locator('#next-steps').getByRole('link', { name: 'Contact Us' }))).toBe('/contact');
});

test('each product is described as schema.org Product structured data', async ({ page }) => {
  await page.goto('/shop');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const products = blocks.map((text) => JSON.parse(text)).filter((data) => data['@type'] === 'Product');
  expect(products).toHaveLength(7);
  const gift = products.find((product) => product.name === 'Honey Tasting Gift Set');
  expect(gift.offers).toMatchObject({ price: '45.00', priceCurrency: 'USD' });
  expect(gift.offers.url).toMatch(/\/shop#gift-set$/);
});
