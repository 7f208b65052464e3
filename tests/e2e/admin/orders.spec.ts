/**
 * Orders, as a new visitor and the owner meet them: a visitor sends an order request for two jars
 * and a candle (the anon RPC, supabase-js), the owner finds it in Orders with the server's total
 * and shipping, filters by status, opens it (lines, totals, address, status history), confirms,
 * ships and completes it, keeps a note, exports CSV, and sees each step in Recent Activity and
 * the order's history. The visitor's name, which holds an <img onerror>, stays text throughout.
 */
import { readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, expectNoAxeViolations, main, signIn, test, uniqueEmail, shot } from './fixtures';
import { HOSTILE, call, ownerClient, visitor } from './visitorRequests';

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

let owner: SupabaseClient;
let sent: { number: string; subtotal: number; shipping: number; total: number };
let jar: { name: string; price: number };
let candle: { name: string; price: number };
const customer = `Robin Beeline ${HOSTILE}`;

test.beforeAll(async () => {
  owner = await ownerClient();
  const anon = visitor();
  const products = await call<{ id: string; name: string; price: number; category: string }[]>(anon, 'get_buzz_haven_shop_products', {});
  const jarRow = products.find((p) => /honey/i.test(p.name) && !/set/i.test(p.name))!;
  const candleRow = products.find((p) => /candle/i.test(p.name))!;
  jar = jarRow;
  candle = candleRow;
  sent = await call(anon, 'submit_buzz_haven_order_request', {
    p_customer_name: customer,
    p_customer_email: uniqueEmail('robin'),
    p_customer_phone: '(510) 555-0142',
    p_delivery: 'standard',
    p_address: { line1: '12 Oak Street', city: 'Oakland', state: 'CA', zip: '94601' },
    p_items: [
      { product_id: jarRow.id, quantity: 2, unit_price: jarRow.price },
      { product_id: candleRow.id, quantity: 1, unit_price: candleRow.price },
    ],
  });
});

test('the order request arrives priced by the server: two jars and a candle, shipping by the shop rules', async () => {
  const subtotal = 2 * jar.price + candle.price;
  expect(sent.subtotal).toBe(subtotal);
  expect(sent.shipping).toBe(subtotal > 5000 ? 0 : 595);
  expect(sent.total).toBe(sent.subtotal + sent.shipping);
  expect(sent.number).toMatch(/^BH-\d{4,}$/);
});

test('Orders lists it newest first with customer, items, total and a New badge; the status filter asks the server', async ({ page }) => {
  await signIn(page, undefined, '/admin/orders');
  await expect(main(page).getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const first = main(page).locator('table tbody tr').first();
  await expect(first).toContainText(sent.number);
  await expect(first).toContainText(customer);
  await expect(first).toContainText(`2 × ${jar.name}`);
  await expect(first).toContainText(`1 × ${candle.name}`);
  await expect(first).toContainText(usd(sent.total));
  await expect(first.locator('[data-status="new"]')).toHaveText('New');
  expect(await page.locator('main img').count()).toBe(0);

  const filtered = page.waitForRequest((r) => r.url().includes('get_buzz_haven_orders') && r.url().includes('status=eq.completed'));
  await main(page).getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await filtered;
  await expect(main(page).getByText(sent.number)).toHaveCount(0);
  await expectNoAxeViolations(page, 'orders list');
});

test('detail, then confirm, ship and complete; each change in the status history with who and when', async ({ page }) => {
  await signIn(page, undefined, '/admin/orders');
  await main(page).getByRole('row', { name: new RegExp(sent.number) }).getByRole('link', { name: /View Details/ }).click();
  await expect(main(page).getByRole('heading', { name: 'Order details' })).toBeVisible();
  const lines = main(page).getByRole('region', { name: 'Line items', exact: true });
  await expect(lines.getByRole('row', { name: new RegExp(jar.name) })).toContainText(usd(2 * jar.price));
  await expect(lines.getByRole('row', { name: new RegExp(candle.name) })).toContainText(usd(candle.price));
  for (const [label, cents] of [['Subtotal', sent.subtotal], ['Shipping', sent.shipping], ['Total', sent.total]] as const) {
    await expect(main(page).locator(`[data-field="${label.toLowerCase()}"]`)).toContainText(usd(cents));
  }
  await expect(main(page).getByText('Standard shipping')).toBeVisible();
  await expect(main(page).getByText('12 Oak Street')).toBeVisible();
  await expect(main(page).getByText(customer)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(main(page).getByRole('button', { name: 'Ready for Pickup' })).toHaveCount(0);

  await main(page).getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByText('Order confirmed')).toBeVisible();
  await expect(main(page).locator('[data-field="status"] [data-status="confirmed"]')).toBeVisible();
  await main(page).getByRole('button', { name: 'Mark Shipped' }).click();
  await expect(page.getByText('Order shipped')).toBeVisible();
  await main(page).getByRole('button', { name: 'Mark Completed' }).click();
  await expect(page.getByText('Order completed')).toBeVisible();
  await expect(main(page).locator('[data-field="status"] [data-status="completed"]')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Cancel Order' })).toHaveCount(0); // closed

  const history = main(page).getByRole('region', { name: 'Status history' });
  const rows = history.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Visitor');
  for (const [i, to] of [[1, 'Confirmed'], [2, 'Shipped'], [3, 'Completed']] as const) {
    await expect(rows.nth(i)).toContainText(to);
    await expect(rows.nth(i)).toContainText('Demo Owner');
    await expect(rows.nth(i)).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
  }
  const activity = main(page).getByRole('region', { name: 'History', exact: true });
  await expect(activity.getByTestId('history-entry').first()).toContainText(`Updated order ${sent.number}: status shipped → completed`);
  await expect(activity.getByTestId('history-entry').last()).toContainText('Visitor');

  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'h10admin-order-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'h10admin-order-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, 'order detail');
});

test('staff notes are kept; a status the workflow forbids is refused by the server with its message', async ({ page }) => {
  await signIn(page);
  const [order] = await call<{ id: string }[]>(owner, 'get_buzz_haven_orders', {}).then((rows) =>
    (rows as { id: string; number: string }[]).filter((r) => r.number === sent.number));
  await page.goto(`/admin/orders/${order.id}/show`);
  await main(page).getByRole('link', { name: 'Edit' }).click();
  await main(page).getByLabel('Staff notes').fill('Left at the side gate, signed by neighbour.');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Order updated successfully')).toBeVisible();
  await expect(main(page).getByText('Left at the side gate, signed by neighbour.')).toBeVisible();
  await expect(call(owner, 'update_buzz_haven_order', { p_id: order.id, p_status: 'new' }))
    .rejects.toThrow('An order that is completed cannot become new (it is closed)');
});

test('CSV export: the orders with their totals in dollars', async ({ page }) => {
  await signIn(page, undefined, '/admin/orders');
  await expect(main(page).getByText(sent.number)).toBeVisible();
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file!, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^Order,Received,Customer,Email,/);
  const line = csv.split('\r\n').find((l) => l.startsWith(`${sent.number},`))!;
  // status, then payment (at pickup / invoice: 'offline', nothing paid or refunded by card), then delivery
  expect(line).toContain(`,${(sent.total / 100).toFixed(2)},completed,offline,0.00,0.00,standard,12 Oak Street,`);
  expect(line).toContain('Left at the side gate');
});

test('Recent Activity on the dashboard shows the steps, newest first, linking to the order', async ({ page }) => {
  await signIn(page);
  const recent = main(page).getByRole('region', { name: 'Recent Activity' });
  const entries = recent.getByTestId('activity-entry');
  await expect(entries.first()).toBeVisible();
  expect(await entries.count()).toBeLessThanOrEqual(10);
  await expect(recent.getByRole('link', { name: `Updated order ${sent.number}: status shipped → completed` })).toBeVisible();
  await expect(recent.getByRole('link', { name: `Updated order ${sent.number}: status confirmed → shipped` })).toBeVisible();
  await expect(recent).toContainText(/ago|just now/);
  await shot(page, 'h10admin-dashboard-1280', { fullPage: true });
  await recent.getByRole('link', { name: `Updated order ${sent.number}: status shipped → completed` }).click();
  await expect(main(page).getByRole('heading', { name: 'Order details' })).toBeVisible();
  await expect(main(page).getByText(sent.number).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  await expect(main(page).getByRole('region', { name: 'Recent Activity' }).getByTestId('activity-entry').first()).toBeVisible();
  await shot(page, 'h10admin-dashboard-390', { fullPage: true });
});
