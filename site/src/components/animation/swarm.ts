import { AVOID_RADIUS_PX } from './constants';

export interface Vec {
  x: number;
  y: number;
}

export interface Bee {
  pos: Vec;
  vel: Vec;
}

/**
 * Push a bee away from the pointer: zero at `radius` or beyond, growing linearly to a unit
 * vector (pointing from the pointer to the bee) as the bee gets closer. A bee exactly on the
 * pointer is pushed straight up so the direction is never undefined.
 */
export function avoidanceVector(bee: Vec, pointer: Vec, radius = AVOID_RADIUS_PX): Vec {
  const dx = bee.x - pointer.x;
  const dy = bee.y - pointer.y;
  const distance = Math.hypot(dx, dy);
  if (distance >= radius) return { x: 0, y: 0 };
  if (distance === 0) return { x: 0, y: -1 };
  const strength = (radius - distance) / radius;
  return { x: (dx / distance) * strength, y: (dy / distance) * strength };
}

/** Where bee `index` of `count` wants to hover: a ring a little outside the avoidance radius. */
export function ringTarget(pointer: Vec, index: number, count: number, radius = AVOID_RADIUS_PX): Vec {
  const angle = (index / count) * Math.PI * 2 - Math.PI / 2;
  const ring = radius * 1.35;
  return { x: pointer.x + Math.cos(angle) * ring, y: pointer.y + Math.sin(angle) * ring };
}

const SPRING = 0.0009; // acceleration per ms per px of distance to the target
const DAMPING = 0.9; // velocity kept per 16 ms frame
const PUSH = 0.09; // avoidance acceleration per ms at full strength
const MAX_SPEED = 0.9; // px per ms

/**
 * One physics step of `dt` ms: spring toward the bee's ring target, repelled inside the
 * avoidance radius, damped and speed-limited so the swarm drifts rather than jitters.
 */
export function stepBee(bee: Bee, target: Vec, pointer: Vec, dt: number, radius = AVOID_RADIUS_PX): Bee {
  const step = Math.min(dt, 50); // after a paused frame, do not jump
  const push = avoidanceVector(bee.pos, pointer, radius);
  const damping = Math.pow(DAMPING, step / 16);
  let vx = (bee.vel.x + ((target.x - bee.pos.x) * SPRING + push.x * PUSH) * step) * damping;
  let vy = (bee.vel.y + ((target.y - bee.pos.y) * SPRING + push.y * PUSH) * step) * damping;
  const speed = Math.hypot(vx, vy);
  if (speed > MAX_SPEED) {
    vx = (vx / speed) * MAX_SPEED;
    vy = (vy / speed) * MAX_SPEED;
  }
  return { pos: { x: bee.pos.x + vx * step, y: bee.pos.y + vy * step }, vel: { x: vx, y: vy } };
}

/** A bee has settled when it is slow and next to its target (the loop may then stop). */
export function isSettled(bee: Bee, target: Vec): boolean {
  return Math.hypot(bee.vel.x, bee.vel.y) < 0.01 && Math.hypot(target.x - bee.pos.x, target.y - bee.pos.y) < 1;
}
