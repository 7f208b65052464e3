import { AVOID_RADIUS_PX, SWARM_SIZE } from './constants';
import { avoidanceVector, ringTarget, stepBee, type Bee } from './swarm';

const length = (v: { x: number; y: number }) => Math.hypot(v.x, v.y);

describe('avoidanceVector', () => {
  it('is zero at and beyond the 120 px radius', () => {
    expect(avoidanceVector({ x: 120, y: 0 }, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
    expect(avoidanceVector({ x: 300, y: 400 }, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
  });

  it('points from the pointer to the bee and grows as the bee gets closer', () => {
    const far = avoidanceVector({ x: 90, y: 0 }, { x: 0, y: 0 });
    const near = avoidanceVector({ x: 30, y: 0 }, { x: 0, y: 0 });
    expect(far.x).toBeCloseTo(0.25);
    expect(near.x).toBeCloseTo(0.75);
    expect(near.y).toBeCloseTo(0);
    const diagonal = avoidanceVector({ x: -30, y: -40 }, { x: 0, y: 0 });
    expect(diagonal.x).toBeLessThan(0);
    expect(diagonal.y).toBeLessThan(0);
    expect(length(diagonal)).toBeCloseTo((120 - 50) / 120);
  });

  it('pushes a bee sitting exactly on the pointer in a defined direction', () => {
    expect(avoidanceVector({ x: 5, y: 5 }, { x: 5, y: 5 })).toEqual({ x: 0, y: -1 });
  });
});

describe('swarm following', () => {
  it('spreads the five ring targets about 120 px or more from the pointer', () => {
    const pointer = { x: 400, y: 300 };
    for (let i = 0; i < SWARM_SIZE; i += 1) {
      const d = length({ x: ringTarget(pointer, i, SWARM_SIZE).x - pointer.x, y: ringTarget(pointer, i, SWARM_SIZE).y - pointer.y });
      expect(d).toBeGreaterThanOrEqual(AVOID_RADIUS_PX);
      expect(d).toBeLessThan(AVOID_RADIUS_PX * 1.6);
    }
  });

  it('follows a moving pointer but keeps its distance', () => {
    let bees: Bee[] = Array.from({ length: SWARM_SIZE }, () => ({ pos: { x: 0, y: 0 }, vel: { x: 0, y: 0 } }));
    let pointer = { x: 0, y: 0 };
    for (let frame = 0; frame < 900; frame += 1) {
      pointer = frame < 300 ? { x: frame * 2, y: frame } : { x: 600, y: 300 };
      bees = bees.map((bee, i) => stepBee(bee, ringTarget(pointer, i, SWARM_SIZE), pointer, 16));
    }
    for (const bee of bees) {
      const d = length({ x: bee.pos.x - pointer.x, y: bee.pos.y - pointer.y });
      expect(d).toBeGreaterThan(AVOID_RADIUS_PX - 5);
      expect(d).toBeLessThan(AVOID_RADIUS_PX * 1.6);
    }
  });

  it('never jumps more than the speed limit allows after a long pause', () => {
    const bee: Bee = { pos: { x: 0, y: 0 }, vel: { x: 0, y: 0 } };
    const next = stepBee(bee, { x: 5000, y: 0 }, { x: 4800, y: 0 }, 5000);
    expect(next.pos.x).toBeGreaterThan(0);
    expect(next.pos.x).toBeLessThanOrEqual(50);
  });
});
