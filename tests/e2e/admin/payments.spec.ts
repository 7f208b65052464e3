/**
 * Card payments for orders end to end, in Chromium against the Stripe stand-in that
 * playwright.config.ts runs (its hosted page stands for Stripe Checkout; its webhooks are signed
 * and verified by stripe-webhook for real). A visitor fills the cart, chooses Pay now, pays on the
 * checkout page and comes back to /cart/paid, which shows the order paid once the webhook has
 * arrived; the owner sees the order paid in Orders with its payment and a link to Stripe's
 * dashboard, refunds part of it with a reason, and finds the payment and the refund on Payments
 * and the month's totals on Payment Months.
 */
import { expect, expectNoAxeViolations, main, signIn, test, uniqueEmail } from './fixtures';
import { addToCart, fillOrderDetails } from '../site/request-forms';
import { STAND_IN_PORT } from '../../stripe/keys';

test('a visitor pays for a cart by card and sees it paid; the owner sees the order paid and refunds part of it', async ({ page, console }) => {
  test.setTimeout(120_000);
  // The stand-in's bare page has no favicon: Chromium's request for one is no error of ours.
  console.allow(new RegExp(`127\\.0\\.0\\.1:${STAND_IN_PORT}`));
  await page.goto('/shop');
  await addToCart(page, 'wildflower', 2);
  await page.goto('/cart');
  const total = (await page.locator('[data-cart-total]').textContent())!.trim(); // "$45.95"
  const email = uniqueEmail('card-payer');
  const form = await fillOrderDetails(page, email);
  // Pay at pickup stays the first choice; Pay now by card takes the visitor to Stripe's page.
  await expect(form.getByLabel('Pay at pickup or by invoice')).toBeChecked();
  await form.getByLabel('Pay now by card').check();
  await expect(form.getByText("You pay on Stripe's secure checkout page")).toBeVisible();
  await form.getByRole('button', { name: 'Pay now' }).click();

  // The stand-in's hosted page, charging the server's total for the order.
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${STAND_IN_PORT}/c/pay/cs_test_`));
  const cents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
  await expect(page.locator(`[data-total="${cents}"]`)).toHaveText(email);
  await page.getByRole('button', { name: `Pay $${(cents / 100).toFixed(2)}` }).click();

  await expect(page).toHaveURL(/\/cart\/paid\/?\?order=BH-\d+&session_id=cs_test_/);
  const number = new URL(page.url()).searchParams.get('order')!;
  const numbered = new RegExp(`${number}\\b`);
  const paid = page.locator('[data-payment-state]');
  await expect(paid).toHaveAttribute('data-payment-state', 'paid');
  await expect(paid).toContainText('Thank you! Your payment was received.');
  await expect(paid).toContainText(number);
  await expect(paid).toContainText(total);
  await expect(page.getByRole('heading', { name: 'Your payment', level: 1 })).toBeVisible();

  // The owner: the order is paid, its payment links to Stripe's dashboard (test mode).
  await signIn(page, undefined, '/admin/orders');
  await main(page).getByRole('row', { name: numbered }).getByRole('link', { name: /View Details/ }).click();
  await expect(main(page).locator('[data-field="payment_state"] [data-status="paid"]')).toBeVisible();
  const panel = main(page).getByRole('region', { name: 'Card payments' });
  await expect(panel.locator('[data-ledger="payment"]')).toContainText(total);
  await expect(panel.getByRole('link', { name: 'View in Stripe' })).toHaveAttribute('href', /^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_/);

  // Refund $5.00 of it, requested by the customer, with a note.
  await panel.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund card payment' });
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue(total.slice(1));
  await expectNoAxeViolations(page, 'refund dialog');
  await dialog.getByLabel('Amount ($)').fill('9999');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Enter an amount between $0.01 and ${total}`);
  await dialog.getByLabel('Amount ($)').fill('5.00');
  await dialog.getByLabel('Note (staff only)').fill('One jar arrived with a cracked lid');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refunded $5.00')).toBeVisible();
  await expect(main(page).locator('[data-field="payment_state"] [data-status="partially_refunded"]')).toBeVisible();
  const refundRow = panel.locator('[data-ledger="refund"]');
  await expect(refundRow).toContainText('$5.00');
  await expect(refundRow).toContainText('Requested by customer · One jar arrived with a cracked lid');

  // Payments: the payment and its refund, newest first; Payment Months: this month's totals.
  await page.goto('/admin/payments');
  const rows = main(page).getByRole('row', { name: numbered });
  await expect(rows).toHaveCount(2);
  await expect(rows.first().locator('[data-status="refund"]')).toBeVisible();
  await expect(rows.first()).toContainText('$5.00');
  await expect(rows.nth(1).locator('[data-status="partially_refunded"]')).toBeVisible();
  await expectNoAxeViolations(page, 'payments list');
  await page.goto('/admin/payment_months');
  await expect(main(page).getByRole('row').nth(1).locator('.column-refunded')).not.toHaveText('$0.00');
});
