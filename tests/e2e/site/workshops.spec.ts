/** /services/workshops: four offerings, the schedule table, private/group info, Register links. */
import { expect, hrefPath, test } from './pages-fixtures';

test('the four workshops with duration, price, ages and next session', async ({ page }) => {
  await page.goto('/services/workshops');
  const expectations: Array<[string, string, string, string]> = [
    ['beekeeping-basics', 'Beekeeping Basics', '3 hours', '$75 per person'],
    ['artistic-hive-design', 'Artistic Hive Design', '2 hours', '$45 per person'],
    ['childrens-bee-discovery', "Children's Bee Discovery", '1.5 hours', '$35 per child'],
    ['cultural-beekeeping-traditions', 'Cultural Beekeeping Traditions', '2 hours', '$45 per person'],
  ];
  for (const [id, title, duration, price] of expectations) {
    const card = page.locator(`#workshop-${id}`);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(card.locator('dd').nth(0)).toHaveText(duration);
    await expect(card.locator('dd').nth(1)).toHaveText(price);
  }
  await expect(page.locator('#workshop-childrens-bee-discovery')).toContainText('Ages5-12');
  await expect(page.locator('#workshop-beekeeping-basics time')).toHaveAttribute('datetime', '2026-03-14');
  await expect(page.locator('#workshop-beekeeping-basics')).toContainText('Next sessionSat, Mar 14, 2026');
});

test('the schedule is a captioned table of five sessions with spots left', async ({ page }) => {
  await page.goto('/services/workshops');
  const table = page.getByRole('table', { name: 'Upcoming public workshop sessions' });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Workshop', 'Time', 'Availability']);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.locator('td:nth-child(4)')).toHaveText([
    '6 spots left',
    '8 spots left',
    '12 spots left',
    '10 spots left',
    '10 spots left',
  ]);
  await expect(rows.locator('td:nth-child(2)')).toHaveText([
    'Beekeeping Basics',
    'Artistic Hive Design',
    "Children's Bee Discovery",
    'Cultural Beekeeping Traditions',
    'Beekeeping Basics',
  ]);
  await expect(rows.first().getByRole('rowheader')).toHaveText('Sat, Mar 14, 2026');
});

test('private and group workshops, and every Register button goes to /contact', async ({ page }) => {
  await page.goto('/services/workshops');
  await expect(page.locator('#private')).toContainText('Private workshops need at least 8 participants.');
  await expect(page.locator('#group').getByRole('heading')).toHaveText('Group workshops');
  const register = page.getByRole('link', { name: /^Register/ });
  await expect(register).toHaveCount(4);
  for (const link of await register.all()) expect(await hrefPath(page, link)).toBe('/contact');
  expect(await Promise.all((await register.all()).map((link) => link.getAttribute('href')))).toEqual([
    '/contact?workshop=beekeeping-basics',
    '/contact?workshop=artistic-hive-design',
    '/contact?workshop=childrens-bee-discovery',
    '/contact?workshop=cultural-beekeeping-traditions',
  ]);
  await page.getByRole('link', { name: "Register: Children's Bee Discovery" }).click();
  await expect(page).toHaveURL(/\/contact\?workshop=childrens-bee-discovery$/);
});
