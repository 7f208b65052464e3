/** The animation's numbers: sizes, speeds and counts of the bees and the hive. */
export const SWARM_SIZE = 5;
export const MAX_BLOOMS = 16;
export const BLOOM_MIN_DELAY_MS = 1000;
export const BLOOM_MAX_DELAY_MS = 2200;
export const SCROLL_DEBOUNCE_MS = 50;
/** Bees follow the pointer but keep about this far away from it. */
export const AVOID_RADIUS_PX = 120;
/** Within this distance of the bottom of the page the bloom mode starts (footer area). */
export const NEAR_BOTTOM_PX = 240;
/** How long a bloom lives on screen before it is removed. */
export const BLOOM_LIFETIME_MS = 9000;
