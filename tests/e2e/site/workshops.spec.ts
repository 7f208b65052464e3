/**
 * /services/workshops: four offerings, the schedule table (the public workshop events of the
 * database, built into the page; 'spots left' refreshed live), private/group info, Register links.
 */
import { expect, hrefPath, test } from './pages-fixtures';

const API = 'http://127.0.0.1:54321';
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
type Session = { id: string; start_time: string; spots_left: number; offering: string };

/**
 * The public sessions the build saw: the five seeded events (supabase/seed.sql, ids b0220000-...).
 * Other specs (requests.spec) add public workshops to the shared database after the build.
 */
const SEEDED = 'b0220000-';
async function builtSessions(): Promise<Session[]> {
  return (await rpc<Session[]>('get_buzz_haven_workshop_availability')).filter((s) => s.id.startsWith(SEEDED));
}

async function rpc<T>(fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${API}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`${fn}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const laDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
const laLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
    .format(new Date(iso));

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
  const [first] = await builtSessions();
  expect(first.offering).toBe('beekeeping-basics');
  await expect(page.locator('#workshop-beekeeping-basics time')).toHaveAttribute('datetime', laDate(first.start_time));
  await expect(page.locator('#workshop-beekeeping-basics')).toContainText(`Next session${laLabel(first.start_time)}`);
});

test('the schedule is a captioned table of the five public sessions with spots left', async ({ page }) => {
  await page.goto('/services/workshops');
  const table = page.getByRole('table', { name: 'Upcoming public workshop sessions' });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Workshop', 'Time', 'Availability']);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  const sessions = await builtSessions();
  await expect(rows.locator('td:nth-child(4)')).toHaveText(sessions.map((s) => `${s.spots_left} spots left`));
  await expect(rows.locator('td:nth-child(3)')).toHaveText([
    '9:00 AM - 12:00 PM', '10:00 AM - 12:00 PM', '10:00 AM - 11:30 AM', '1:00 PM - 3:00 PM', '9:00 AM - 12:00 PM',
  ]);
  await expect(rows.locator('td:nth-child(2)')).toHaveText([
    'Beekeeping Basics',
    'Artistic Hive Design',
    "Children's Bee Discovery",
    'Cultural Beekeeping Traditions',
    'Beekeeping Basics',
  ]);
  await expect(rows.first().getByRole('rowheader')).toHaveText(laLabel(sessions[0].start_time));
});

test("'spots left' is live: a registration made after the build shows once the browser is idle", async ({ page }) => {
  const sessions = await builtSessions();
  const last = sessions[sessions.length - 1];
  await rpc('register_buzz_haven_workshop', { p_event_id: last.id, p_name: 'Live Spots', p_email: `live-${Date.now()}@example.com`, p_places: 2 });
  await page.goto('/services/workshops');
  const cell = page.getByRole('table', { name: 'Upcoming public workshop sessions' }).locator('tbody tr').last().locator('td:nth-child(4)');
  await expect(cell).toHaveText(`${last.spots_left - 2} spots left`);
});

test('without JavaScript the schedule shows the numbers of the build', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/services/workshops');
  const cells = page.getByRole('table', { name: 'Upcoming public workshop sessions' }).locator('tbody td:nth-child(4)');
  await expect(cells).toHaveCount(5);
  for (const text of await cells.allTextContents()) expect(text).toMatch(/^\d+ spots left$/);
  await context.close();
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
