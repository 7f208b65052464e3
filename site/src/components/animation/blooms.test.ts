import { BLOOM_MAX_DELAY_MS, BLOOM_MIN_DELAY_MS, MAX_BLOOMS } from './constants';
import { addBloom, createBloom, nextBloomDelay, type Bloom } from './blooms';

describe('bloom scheduling', () => {
  it('waits between 1 and 2.2 seconds for the next bloom', () => {
    expect(BLOOM_MIN_DELAY_MS).toBe(1000);
    expect(BLOOM_MAX_DELAY_MS).toBe(2200);
    expect(nextBloomDelay(0)).toBe(1000);
    expect(nextBloomDelay(0.5)).toBe(1600);
    expect(nextBloomDelay(0.999999)).toBeLessThan(2200);
    expect(nextBloomDelay(-3)).toBe(1000);
    expect(nextBloomDelay(7)).toBe(2200);
  });

  it('keeps at most 16 blooms, dropping the oldest first', () => {
    expect(MAX_BLOOMS).toBe(16);
    let blooms: Bloom[] = [];
    for (let id = 1; id <= 40; id += 1) {
      blooms = addBloom(blooms, createBloom(id, () => 0.5));
      expect(blooms.length).toBeLessThanOrEqual(16);
    }
    expect(blooms).toHaveLength(16);
    expect(blooms[0].id).toBe(25);
    expect(blooms[15].id).toBe(40);
  });

  it('places blooms inside the viewport with a real flower glyph', () => {
    const low = createBloom(1, () => 0);
    const high = createBloom(2, () => 0.9999);
    for (const bloom of [low, high]) {
      expect(bloom.x).toBeGreaterThanOrEqual(0);
      expect(bloom.x).toBeLessThanOrEqual(100);
      expect(bloom.y).toBeGreaterThanOrEqual(0);
      expect(bloom.y).toBeLessThanOrEqual(100);
      expect(bloom.glyph).toMatch(/\p{Extended_Pictographic}/u);
    }
  });
});
