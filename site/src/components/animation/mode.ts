import { NEAR_BOTTOM_PX } from './constants';

export type Mode = 'bees' | 'art' | 'bloom';

/** A zone's vertical extent relative to the viewport (getBoundingClientRect top/bottom). */
export interface ZoneSpan {
  top: number;
  bottom: number;
}

export interface ScrollState {
  viewportHeight: number;
  /** Pixels of page left below the viewport (documentHeight - scrollY - viewportHeight). */
  remainingBelow: number;
  artZones: ZoneSpan[];
  bloomZones: ZoneSpan[];
}

const covers = (zone: ZoneSpan, y: number) => zone.top <= y && zone.bottom >= y;

/**
 * Which decoration to show for a scroll position. The zone under the middle of the viewport
 * decides: the Buzz Haven Management block gives 'art'; "What We Stand For" or the footer gives
 * 'bloom'; so does being near the bottom of the page. Everything else is 'bees'.
 */
export function modeFromScroll(state: ScrollState): Mode {
  const probe = state.viewportHeight / 2;
  if (state.artZones.some((zone) => covers(zone, probe))) return 'art';
  if (state.bloomZones.some((zone) => covers(zone, probe))) return 'bloom';
  if (state.remainingBelow <= NEAR_BOTTOM_PX) return 'bloom';
  return 'bees';
}

/** Reads the current scroll state from the DOM (zones are marked with data-anim-zone). */
export function readScrollState(doc: Document, win: Window): ScrollState {
  const spans = (kind: string) =>
    Array.from(doc.querySelectorAll(`[data-anim-zone="${kind}"]`)).map((el) => {
      const rect = el.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    });
  return {
    viewportHeight: win.innerHeight,
    remainingBelow: doc.documentElement.scrollHeight - win.scrollY - win.innerHeight,
    artZones: spans('art'),
    bloomZones: spans('bloom'),
  };
}
