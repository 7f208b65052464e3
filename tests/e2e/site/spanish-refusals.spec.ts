/**
 * A form on a Spanish page sends the page's language (p_locale), and what only the database refuses
 * comes back in Spanish (buzz_haven.constraint_messages' Spanish rows): a rule of the registration
 * function (children's ages) and a trigger's refusal of a hold (places per e-mail while paying).
 * The browser checks neither, so the words on the page are the database's.
 */
import { expect, test } from './pages-fixtures';
import { createWorkshop, unique } from './request-forms';
import { staffRpc } from './staff-api';

test.use({ allowConsoleErrors: [/status of (400|409)/] });

test("a children's workshop on the Spanish contact page: the database's refusal of an age in Spanish", async ({ page, request }) => {
  // A session of the children's offering: the Spanish page lists it by its offering, the database
  // asks its ages by its English title.
  const eventId = await createWorkshop(request, `Children's Bee Discovery ${Date.now()}`, 12, 'childrens-bee-discovery');
  await page.goto('/es/contact?workshop=childrens-bee-discovery');
  const form = page.locator('#workshop-registration');
  await form.getByLabel('Fecha').selectOption(eventId);
  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Madre Dos');
  await form.getByLabel('Correo electrónico').fill(unique('madre'));
  await form.getByLabel('Número de lugares').fill('2');
  await form.getByLabel('Edades de los niños').fill('4, 9');
  await form.getByRole('button', { name: /^Inscribirme/ }).click();
  await expect(form.getByRole('alert')).toHaveText('Los niños deben tener de 5 a 12 años.');
  const registrations = await staffRpc<Array<{ event_id: string }>>(request, 'get_buzz_haven_event_registrations');
  expect(registrations.filter((r) => r.event_id === eventId)).toEqual([]);
});

test('a paid workshop on the Spanish contact page: the hold trigger refuses in Spanish and keeps what was typed', async ({ page, request }) => {
  const eventId = await createWorkshop(request, `Beekeeping Basics ${Date.now()}`, 10, 'beekeeping-basics');
  await page.goto('/es/contact?workshop=beekeeping-basics');
  const form = page.locator('#workshop-registration');
  await form.getByLabel('Fecha').selectOption(eventId);
  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Líder de Grupo');
  const email = unique('grupo');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Número de lugares').fill('5');
  await form.getByRole('button', { name: 'Inscribirme y pagar' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Un correo electrónico puede apartar como máximo 4 lugares a la vez mientras paga. Termine de pagar los lugares que ya apartó, o inscriba menos lugares.',
  );
  await expect(page).toHaveURL(/\/es\/contact\?workshop=beekeeping-basics$/);
  await expect(form.getByLabel('Correo electrónico')).toHaveValue(email);
  await expect(form.getByLabel('Número de lugares')).toHaveValue('5');
});
