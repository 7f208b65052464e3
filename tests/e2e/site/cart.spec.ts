/**
 * The cart: Add to Cart on /shop and the home page, the header's count shared between
 * tabs, /cart with quantities, delivery priced by content/catalog/shipping-rates.yaml, and the
 * order request sent to the real backend (submit_buzz_haven_order_request), which recomputes
 * every price: a tampered price is refused with the server's message and the cart refreshed.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './pages-fixtures';
import { addToCart, fillOrderDetails } from './request-forms';
import { staffRpc } from './staff-api';

const CART_KEY = 'buzz-haven-cart';

const cartCount = (page: Page) => page.locator('header .cart-link .cart-count');

test('two jars and a candle become an order request with a number, stored with the right total', async ({ page, request }) => {
  await page.goto('/shop');
  await expect(cartCount(page)).toHaveText('0');
  await addToCart(page, 'wildflower', 2);
  await addToCart(page, 'beeswax-candle');
  await expect(cartCount(page)).toHaveText('3');
  await expect(page.locator('header .cart-link')).toHaveAccessibleName(/Cart\s*3 items in your cart/);

  await page.locator('header .cart-link').click();
  await expect(page).toHaveURL(/\/cart$/);
  const rows = page.locator('.cart-table tbody tr');
  await expect(rows.locator('th')).toHaveText([/East Hills Wildflower Honey/, /Hand-Poured Beeswax Candle/]);
  await expect(page.getByLabel('Quantity of East Hills Wildflower Honey')).toHaveValue('2');
  await expect(page.locator('[data-cart-subtotal]')).toHaveText('$62');
  await expect(page.locator('[data-cart-shipping]')).toHaveText('Free');
  await page.getByLabel(/^Express shipping/).check();
  await expect(page.locator('[data-cart-shipping]')).toHaveText('$12.95');
  await expect(page.locator('[data-cart-total]')).toHaveText('$74.95');
  await page.getByLabel(/^Standard shipping/).check();
  await expect(page.getByText('No payment is taken now.')).toBeVisible();

  const email = `cart-${Date.now()}@example.com`;
  const form = await fillOrderDetails(page, email);
  await form.getByRole('button', { name: 'Send order request' }).click();
  const confirmation = page.locator('.cart-confirmation');
  await expect(confirmation).toContainText('Thank you! Your order request has been sent.');
  await expect(confirmation).toContainText('No payment has been taken.');
  const number = await confirmation.getAttribute('data-order-number');
  expect(number).toMatch(/^BH-\d{4,}$/);
  await expect(confirmation.locator('strong')).toHaveText(number!);
  await expect(cartCount(page)).toHaveText('0');

  const orders = await staffRpc<Array<Record<string, unknown>>>(request, 'get_buzz_haven_orders');
  const order = orders.find((o) => o.number === number);
  expect(order).toMatchObject({
    customer_email: email, delivery: 'standard', state: 'CA', zip: '94619', subtotal: 6200, shipping: 0, total: 6200,
    item_count: 3, status: 'new',
  });
});

test('the cart is shared between tabs', async ({ page, context }) => {
  await page.goto('/shop');
  const other = await context.newPage();
  await other.goto('/about');
  await expect(cartCount(other)).toHaveText('0');
  await addToCart(page, 'gift-set');
  await expect(cartCount(other)).toHaveText('1');
  await other.close();
});

test('the home page adds its featured products to the cart', async ({ page }) => {
  await page.goto('/');
  const featured = page.locator('[data-product="single-origin-honey"]');
  await featured.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(featured.getByRole('status')).toContainText('Added to your cart.');
  await expect(cartCount(page)).toHaveText('1');
});

test('quantities stay between 1 and 50, lines can be removed, and the page passes axe', async ({ page }) => {
  await page.goto('/shop');
  await addToCart(page, 'lip-balm-set');
  await addToCart(page, 'blend-honey');
  await page.goto('/cart');
  const quantity = page.getByLabel('Quantity of Beeswax Lip Balm Trio');
  await quantity.fill('3');
  await expect(page.locator('[data-cart-subtotal]')).toHaveText('$63');
  await expect(page.locator('[data-cart-shipping]')).toHaveText('Free');
  await quantity.fill('80');
  await quantity.blur();
  await expect(quantity).toHaveValue('50');
  await quantity.fill('1');
  await expect(page.locator('[data-cart-subtotal]')).toHaveText('$33');
  await expect(page.locator('[data-cart-shipping]')).toHaveText('$5.95');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Remove Community Blend Honey' }).click();
  await page.getByRole('button', { name: 'Remove Beeswax Lip Balm Trio' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(cartCount(page)).toHaveText('0');
});

test.describe('a price changed in localStorage', () => {
  test.use({ allowConsoleErrors: [/status of 409/] });

  test('is refused by the server with its message; the cart takes the real price and can be sent', async ({ page }) => {
    await page.goto('/shop');
    await page.evaluate((key) => {
      localStorage.setItem(key, JSON.stringify([
        { key: 'wildflower-honey', name: 'East Hills Wildflower Honey', size: '16 oz jar', price: 1, quantity: 1 },
      ]));
    }, CART_KEY);
    await page.goto('/cart');
    await expect(page.locator('[data-cart-subtotal]')).toHaveText('$0.01');
    const form = page.locator('#order-form');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Price Tamperer');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`tamper-${Date.now()}@example.com`);
    await page.getByLabel('Local pickup at the sanctuary (free)').check();
    await expect(form.getByLabel('City')).toHaveCount(0);
    await form.getByRole('button', { name: 'Send order request' }).click();
    await expect(page.locator('#order-status')).toHaveText(
      "Prices have changed; please review your cart. Your cart now shows the shop's current prices; please review it and send again.",
    );
    await expect(page.locator('[data-cart-subtotal]')).toHaveText('$20');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Price Tamperer');
    await form.getByRole('button', { name: 'Send order request' }).click();
    await expect(page.locator('.cart-confirmation')).toContainText(/BH-\d+/);
  });
});

test('without JavaScript the cart page says it needs it (the served HTML)', async ({ request }) => {
  const html = await (await request.get('/cart')).text();
  expect(html).toContain('<noscript><style>.cart-loading{display:none}</style><p class="notice cart-noscript">The cart needs JavaScript, which is off in this browser.');
});
