/**
 * For the hive map specs: the staff view of a hive, tiles refused as a dead network would, the
 * markers Leaflet drew, and the check that no stored position or host's address reaches the page.
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export interface StaffHive {
  id: string;
  name: string;
  location: string | null;
  host: string | null;
  latitude: number | null;
  longitude: number | null;
  on_map: boolean;
}

/** Metres between two points (haversine). */
export function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2
    + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.sqrt(h));
}

/** No tile server can be reached in the tests: refuse every tile request, as a dead network would. */
export async function refuseTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
}

/** The markers' positions by hive name, as Leaflet drew them. */
export async function markerPositions(page: Page) {
  const markers = page.locator('[data-hive-marker]');
  await expect(markers.first()).toBeVisible({ timeout: 20_000 });
  return markers.evaluateAll((nodes) => nodes.map((node) => ({
    names: (node.getAttribute('data-hive-marker') ?? '').split('|'),
    lat: Number(node.getAttribute('data-lat')),
    lng: Number(node.getAttribute('data-lng')),
  })));
}

/** Every stored position and address must be absent from the page and far from every marker. */
export async function expectNoStoredPosition(page: Page, hives: StaffHive[]) {
  const html = await page.content();
  const positions = await markerPositions(page);
  for (const hive of hives.filter((h) => h.on_map && h.latitude !== null)) {
    expect(html).not.toContain(String(hive.latitude));
    expect(html).not.toContain(String(hive.longitude));
    // A host's address (the sanctuary's own hives have no host: its place is public).
    if (hive.location && hive.host) expect(html).not.toContain(hive.location);
    const marker = positions.find((p) => p.names.includes(hive.name));
    expect(marker, `a marker for ${hive.name}`).toBeTruthy();
    expect(metres({ lat: hive.latitude!, lng: hive.longitude! }, marker!)).toBeGreaterThanOrEqual(99);
  }
}
