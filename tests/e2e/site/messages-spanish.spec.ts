/**
 * A visitor on the Spanish pages gets every e-mail in Spanish, through the real mailbox: an order
 * request from /es/cart, a workshop registration from /es/contact and a newsletter sign-up on /es;
 * the confirmation link lands on the Spanish home page, which says so in Spanish; a campaign written
 * in both languages reaches them in Spanish, with its unsubscribe page in Spanish.
 */
import { mailTo, onlyMail, runSender } from './mailbox';
import { expect, test } from './pages-fixtures';
import { createWorkshop, unique } from './request-forms';
import { staffRpc } from './staff-api';

test('a Spanish order, registration and newsletter sign-up each get their e-mail in Spanish', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = unique('lucia');
  const stamp = Date.now().toString(36);

  // 1. An order request from the Spanish shop and cart.
  await page.goto('/es/shop');
  const product = page.locator('#wildflower form.add-to-cart');
  await product.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(product.getByRole('status')).toContainText('Se agregó a su carrito.');
  await page.goto('/es/cart');
  const order = page.locator('#order-form');
  await order.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía Flores');
  await order.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(email);
  await order.getByRole('textbox', { name: 'Dirección', exact: true }).fill('12 Oak Street');
  await order.getByLabel('Ciudad').fill('Los Angeles');
  await order.getByRole('textbox', { name: 'Estado', exact: true }).fill('CA');
  await order.getByLabel('Código postal (ZIP)').fill('90031');
  await order.getByRole('button', { name: 'Mandar la solicitud de pedido' }).click();
  const confirmation = page.locator('.cart-confirmation');
  await expect(confirmation).toContainText('¡Gracias! Su solicitud de pedido se envió.');
  const orderNumber = await confirmation.getAttribute('data-order-number');

  // 2. A workshop registration from the Spanish contact page (a date of no offering is listed
  // under the workshop whose title it starts with, here the Spanish one).
  const title = `Tradiciones culturales de la apicultura ${stamp}`;
  const eventId = await createWorkshop(request, title, 10);
  await page.goto('/es/contact?workshop=cultural-beekeeping-traditions');
  const registration = page.locator('#workshop-registration');
  await registration.getByLabel('Fecha').selectOption(eventId);
  await registration.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía Flores');
  await registration.getByLabel('Correo electrónico').fill(email);
  await registration.getByLabel('Número de lugares').fill('1');
  await registration.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(registration.getByRole('status')).toContainText('¡Ya está inscrito!');

  // 3. The newsletter sign-up on the Spanish home page.
  await page.goto('/es');
  const newsletter = page.locator('[data-form="newsletter-home"]');
  await newsletter.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await newsletter.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(newsletter.getByRole('status')).toContainText('Revise su correo');

  expect((await runSender(request)).failed).toBe(0);
  const receipt = await onlyMail(request, email, `Recibimos su pedido ${orderNumber}`);
  expect(receipt.text_body).toContain('c/u');
  const workshop = await onlyMail(request, email, `Ya está inscrito: ${title}`);
  expect(workshop.attachments).toEqual([expect.objectContaining({ filename: 'workshop.ics' })]);
  const confirm = await onlyMail(request, email, 'Confirme su suscripción al boletín de Buzz Haven');
  expect((await mailTo(request, email)).map((m) => m.subject).filter((s) => /^(We |You|Please)/.test(s))).toEqual([]);

  // The confirmation link lands on the Spanish home page, which says so in Spanish.
  const confirmLink = /(http\S+\/functions\/v1\/newsletter\?confirm=[0-9a-f-]+&locale=es)/.exec(confirm.text_body ?? '')?.[1];
  expect(confirmLink).toBeDefined();
  await page.goto(confirmLink!);
  await expect(page).toHaveURL(/\/es\?newsletter=confirmed$/);
  await expect(page.locator('[data-newsletter-notice]')).toHaveText(/Su suscripción está confirmada/);

  // A campaign written in both languages reaches the Spanish reader in Spanish; its unsubscribe page is Spanish.
  const campaign = await staffRpc<{ id: string }>(request, 'create_buzz_haven_campaign', {
    p_subject: `Honey harvest ${stamp}`, p_body: 'The harvest is in.', p_subject_es: `Cosecha de miel ${stamp}`, p_body_es: 'Ya llegó la cosecha.',
  });
  await staffRpc(request, 'update_buzz_haven_campaign', { p_id: campaign.id, p_send: 'all' });
  expect((await runSender(request)).failed).toBe(0);
  const letter = await onlyMail(request, email, `Cosecha de miel ${stamp}`);
  expect(letter.text_body).toContain('Ya llegó la cosecha.');
  const unsubscribeLink = /Cancelar la suscripción: (http\S+)/.exec(letter.text_body ?? '')?.[1];
  expect(unsubscribeLink).toMatch(/^http:\/\/localhost:8000\/es\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}$/);
  await page.goto(unsubscribeLink!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Darse de baja del boletín');
});
