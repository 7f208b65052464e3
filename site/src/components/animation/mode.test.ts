import { NEAR_BOTTOM_PX } from './constants';
import { modeFromScroll, type ScrollState } from './mode';

const base: ScrollState = { viewportHeight: 800, remainingBelow: 3000, artZones: [], bloomZones: [] };

describe('modeFromScroll', () => {
  it('shows bees where no zone covers the middle of the viewport', () => {
    expect(modeFromScroll({ ...base, artZones: [{ top: 900, bottom: 1400 }], bloomZones: [{ top: -900, bottom: 100 }] })).toBe('bees');
  });

  it('shows art while the Buzz Haven Management block is under the middle of the viewport', () => {
    expect(modeFromScroll({ ...base, artZones: [{ top: 200, bottom: 600 }] })).toBe('art');
  });

  it('shows blooms over What We Stand For or the footer', () => {
    expect(modeFromScroll({ ...base, bloomZones: [{ top: -100, bottom: 401 }] })).toBe('bloom');
    expect(modeFromScroll({ ...base, bloomZones: [{ top: 399, bottom: 1200 }] })).toBe('bloom');
  });

  it('shows blooms near the bottom of the page even outside any zone', () => {
    expect(modeFromScroll({ ...base, remainingBelow: NEAR_BOTTOM_PX })).toBe('bloom');
    expect(modeFromScroll({ ...base, remainingBelow: NEAR_BOTTOM_PX + 1 })).toBe('bees');
  });

  it('gives art precedence when the art block is mid-screen near the bottom', () => {
    expect(modeFromScroll({ ...base, remainingBelow: 0, artZones: [{ top: 0, bottom: 800 }] })).toBe('art');
  });
});
