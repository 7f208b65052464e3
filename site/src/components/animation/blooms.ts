import { BLOOM_MAX_DELAY_MS, BLOOM_MIN_DELAY_MS, MAX_BLOOMS } from './constants';

export interface Bloom {
  id: number;
  /** Position in % of the viewport. */
  x: number;
  y: number;
  glyph: string;
  size: number;
}

export const BLOOM_GLYPHS = ['🌸', '🌼', '🌻', '🌷', '🌺'];

/** Delay before the next bloom: uniformly between 1 and 2.2 s for random in [0, 1). */
export function nextBloomDelay(random: number): number {
  const r = Math.min(Math.max(random, 0), 1);
  return BLOOM_MIN_DELAY_MS + r * (BLOOM_MAX_DELAY_MS - BLOOM_MIN_DELAY_MS);
}

/** Adds a bloom, dropping the oldest ones so that at most `max` are ever on screen. */
export function addBloom(blooms: readonly Bloom[], bloom: Bloom, max = MAX_BLOOMS): Bloom[] {
  const next = [...blooms, bloom];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** A new bloom somewhere in the lower two thirds of the viewport, away from the edges. */
export function createBloom(id: number, random: () => number): Bloom {
  return {
    id,
    x: 4 + random() * 88,
    y: 30 + random() * 62,
    glyph: BLOOM_GLYPHS[Math.floor(random() * BLOOM_GLYPHS.length) % BLOOM_GLYPHS.length],
    size: 1.4 + random() * 1.2,
  };
}
