/**
 * Draws the hive map with Leaflet (this module and Leaflet's CSS are a chunk loaded by HiveMap
 * after the page's first paint). One marker per approximate position (hives in the same grid cell
 * share it); each marker is a keyboard-focusable button whose popup lists its hives with their
 * wrap, artist, neighbourhood and the names their hosts chose to show. Popups are built from DOM
 * nodes with textContent: no published text is ever parsed as HTML.
 */
import L from 'leaflet';
// Leaflet's CSS as text, put in the page with the map: a CSS import would be inlined into every
// page of the site (Gatsby bundles all imported CSS into one stylesheet).
import leafletCss from '!!raw-loader!leaflet/dist/leaflet.css';
import { DEFAULT_CENTRE, DEFAULT_ZOOM, MAX_ZOOM, TILE_ATTRIBUTION, TILE_URL } from './mapConfig';
import type { Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { hiveLines, type MapHive, type MapWords } from './hiveWords';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string | null) {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

function popupFor(hives: readonly MapHive[], words: MapWords, locale: Locale) {
  const root = element('div', 'hive-popup');
  for (const hive of hives) {
    const lines = hiveLines(hive, words, locale);
    const item = element('div', 'hive-popup-item');
    if (hive.wrapImageUrl) {
      const img = element('img', 'hive-popup-wrap');
      img.src = hive.wrapImageUrl;
      img.alt = lines.imageAlt;
      img.width = 180;
      img.height = 120;
      item.append(img);
    }
    item.append(element('p', 'hive-popup-name', hive.name), element('p', 'hive-popup-meta', hive.neighbourhood), element('p', 'hive-popup-meta', lines.wrap));
    for (const line of [lines.installed, lines.host, lines.adopters]) if (line) item.append(element('p', 'hive-popup-meta', line));
    root.append(item);
  }
  return root;
}

/** Draws the map into `box`; returns its teardown. `onTilesFailed` runs once if a tile fails. */
export function drawHiveMap(box: HTMLElement, hives: readonly MapHive[], words: MapWords, locale: Locale, onTilesFailed: () => void) {
  if (!document.getElementById('leaflet-css')) {
    const style = document.createElement('style');
    style.id = 'leaflet-css';
    style.textContent = leafletCss;
    document.head.append(style);
  }
  const map = L.map(box, { scrollWheelZoom: false, maxZoom: MAX_ZOOM }).setView(DEFAULT_CENTRE, DEFAULT_ZOOM);
  let failed = false;
  L.tileLayer(TILE_URL, { attribution: TILE_ATTRIBUTION, maxZoom: MAX_ZOOM })
    .on('tileerror', () => {
      if (!failed) onTilesFailed();
      failed = true;
    })
    .addTo(map);
  const byPosition = new Map<string, MapHive[]>();
  for (const hive of hives) {
    const key = `${hive.lat},${hive.lng}`;
    byPosition.set(key, [...(byPosition.get(key) ?? []), hive]);
  }
  const points: L.LatLngExpression[] = [];
  for (const group of byPosition.values()) {
    const label = group.map((hive) => `${hive.name}, ${hive.neighbourhood}`).join('; ');
    const icon = L.divIcon({
      className: 'hive-marker',
      html: `<span class="hive-marker-dot">${group.length > 1 ? group.length : ''}</span>`,
      iconSize: [32, 32],
      iconAnchor: [16, 16],
      popupAnchor: [0, -14],
    });
    const marker = L.marker([group[0].lat, group[0].lng], { icon, keyboard: true, title: label, riseOnHover: true })
      .bindPopup(popupFor(group, words, locale), { maxWidth: 240 })
      .addTo(map);
    const node = marker.getElement();
    node?.setAttribute('aria-label', label);
    node?.setAttribute('data-hive-marker', group.map((hive) => hive.name).join('|'));
    node?.setAttribute('data-lat', String(group[0].lat));
    node?.setAttribute('data-lng', String(group[0].lng));
    points.push([group[0].lat, group[0].lng]);
  }
  if (points.length) map.fitBounds(L.latLngBounds(points), { padding: [56, 56], maxZoom: 15 });
  return () => {
    map.remove();
  };
}
