/**
 * Scheduled workshops and volunteer shifts as schema.org Event structured data, read from the
 * built pages in both languages: the workshops page lists the workshops, the impact page the
 * shifts, the home page both; prices are the price table's, availability follows the places left.
 */
import { LOCAL_ANON_KEY } from '../../../supabase/local/src/keys';
import { expect, test } from './pages-fixtures';
import type { Page } from '@playwright/test';

const API = 'http://127.0.0.1:54321';

interface EventLd {
  '@type': string;
  name: string;
  startDate: string;
  endDate?: string;
  inLanguage: string;
  location: { '@type': string; name: string; address: object };
  offers: { price: string; priceCurrency: string; availability: string; url: string };
}

async function rpc<T>(page: Page, fn: string): Promise<T> {
  const response = await page.request.post(`${API}/rest/v1/rpc/${fn}`, {
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
    data: {},
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

async function eventsOn(page: Page, path: string): Promise<EventLd[]> {
  await page.goto(path);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text)).filter((data) => data['@type'] === 'Event');
}

test('the workshops, impact and home pages describe each scheduled event in their language', async ({ page }) => {
  const offerings = await rpc<{ slug: string; price: number }[]>(page, 'get_buzz_haven_workshop_offerings');
  const workshops = await rpc<{ offering: string | null; start_time: string; spots_left: number | null }[]>(page, 'get_buzz_haven_workshop_availability');
  const shifts = await rpc<{ title: string; start_time: string }[]>(page, 'get_buzz_haven_volunteer_shifts');
  const scheduled = workshops.filter((w) => w.offering);
  expect(scheduled.length).toBeGreaterThan(0);
  expect(shifts.length).toBeGreaterThan(0);
  const priceOf = new Map(offerings.map((o) => [o.slug, (o.price / 100).toFixed(2)]));

  for (const locale of ['en', 'es'] as const) {
    const prefix = locale === 'es' ? '/es' : '';
    const onWorkshops = await eventsOn(page, `${prefix}/services/workshops`);
    expect(onWorkshops).toHaveLength(scheduled.length);
    for (const event of onWorkshops) {
      const row = scheduled.find((w) => new Date(w.start_time).getTime() === new Date(event.startDate).getTime());
      expect(row, event.startDate).toBeDefined();
      expect(event).toMatchObject({ inLanguage: locale, location: { '@type': 'Place' } });
      expect(event.name.length).toBeGreaterThan(3);
      expect(event.endDate).toBeTruthy();
      expect(event.offers).toMatchObject({ price: priceOf.get(row!.offering!), priceCurrency: 'USD' });
      expect(event.offers.availability).toBe(row!.spots_left === 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock');
      expect(new URL(event.offers.url).pathname).toBe(`${prefix}/services/workshops`);
    }

    const onImpact = await eventsOn(page, `${prefix}/impact`);
    expect(onImpact.map((e) => e.name)).toEqual(shifts.map((s) => s.title));
    for (const event of onImpact) expect(event).toMatchObject({ inLanguage: locale, offers: { price: '0.00', priceCurrency: 'USD' } });

    const onHome = await eventsOn(page, prefix || '/');
    expect(onHome).toHaveLength(scheduled.length + shifts.length);
  }
});
