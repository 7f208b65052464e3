/**
 * Filling the visitors' request forms, shared by the site specs (cart.spec.ts, requests.spec.ts,
 * messages-journey.spec.ts): a unique address, a scheduled workshop date created by staff, the
 * cart's Add to Cart and order details, the swarm report.
 */
import type { Page } from '@playwright/test';
import { expect } from './pages-fixtures';
import { staffRpc } from './staff-api';

/** A fresh e-mail address: the specs share one backend for the whole run. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A public workshop date 40 days ahead, created by the owner; its id. */
export async function createWorkshop(request: Parameters<typeof staffRpc>[0], title: string, capacity: number, offering?: string) {
  const start = new Date(Date.now() + 40 * 24 * 3600 * 1000);
  start.setUTCHours(17, 0, 0, 0);
  const event = await staffRpc<{ id: string }>(request, 'create_buzz_haven_event', {
    p_title: title,
    p_start_time: start.toISOString(),
    p_end_time: new Date(start.getTime() + 2 * 3600 * 1000).toISOString(),
    p_location: 'Buzz Haven Sanctuary',
    p_kind: 'workshop',
    p_capacity: capacity,
    p_is_public: true,
    p_price: 4500,
    ...(offering && { p_offering: offering }),
  });
  return event.id;
}

/** Presses a product's Add to Cart (on /shop or the home page) `times` times. */
export async function addToCart(page: Page, productId: string, times = 1) {
  const form = page.locator(`#${productId} form.add-to-cart`);
  for (let i = 0; i < times; i += 1) {
    await form.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(form.getByRole('status')).toContainText('Added to your cart.');
  }
}

/** Fills the /cart order form's contact and address fields; the form. */
export async function fillOrderDetails(page: Page, email: string) {
  const form = page.locator('#order-form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Rosa Mendez');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Phone').fill('(510) 555-0100');
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Oak Street');
  await form.getByLabel('City').fill('Oakland');
  await form.getByLabel('State').fill('ca');
  await form.getByLabel('ZIP code').fill('94619');
  return form;
}
