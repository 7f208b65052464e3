import * as React from 'react';
import { AVOID_RADIUS_PX, SWARM_SIZE } from '../components/animation/constants';
import { isSettled, ringTarget, stepBee, type Bee, type Vec } from '../components/animation/swarm';

/**
 * Drives the swarm: bees follow the latest pointer/touch position on a ring around it. Positions
 * are written straight to the elements' transforms (no React render per frame); the
 * requestAnimationFrame loop runs only while bees are moving and the tab is visible.
 */
export function useSwarm(beeRefs: React.MutableRefObject<(HTMLElement | null)[]>, enabled: boolean) {
  React.useEffect(() => {
    if (!enabled) return undefined;
    // Until the visitor moves, hover over the hero illustration (right column on wide screens,
    // below the headline on phones) rather than over the text.
    const narrow = window.innerWidth < 900;
    let pointer: Vec = { x: window.innerWidth * (narrow ? 0.5 : 0.78), y: window.innerHeight * (narrow ? 0.66 : 0.3) };
    let bees: Bee[] = Array.from({ length: SWARM_SIZE }, (_, i) => ({
      pos: ringTarget(pointer, i, SWARM_SIZE, AVOID_RADIUS_PX),
      vel: { x: 0, y: 0 },
    }));
    let frame = 0;
    let last = 0;

    const paint = () => {
      bees.forEach((bee, i) => {
        const el = beeRefs.current[i];
        if (el) el.style.transform = `translate3d(${bee.pos.x.toFixed(1)}px, ${bee.pos.y.toFixed(1)}px, 0)`;
      });
    };

    const tick = (now: number) => {
      const dt = last ? now - last : 16;
      last = now;
      const targets = bees.map((_, i) => ringTarget(pointer, i, SWARM_SIZE));
      bees = bees.map((bee, i) => stepBee(bee, targets[i], pointer, dt));
      paint();
      frame = bees.every((bee, i) => isSettled(bee, targets[i])) ? 0 : requestAnimationFrame(tick);
    };

    const start = () => {
      if (frame || document.hidden) return;
      last = 0;
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const follow = (x: number, y: number) => {
      pointer = { x, y };
      start();
    };
    const onPointer = (event: PointerEvent) => follow(event.clientX, event.clientY);
    const onTouch = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) follow(touch.clientX, touch.clientY);
    };
    const onVisibility = () => (document.hidden ? stop() : start());

    paint();
    window.addEventListener('pointermove', onPointer, { passive: true });
    window.addEventListener('touchstart', onTouch, { passive: true });
    window.addEventListener('touchmove', onTouch, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      window.removeEventListener('pointermove', onPointer);
      window.removeEventListener('touchstart', onTouch);
      window.removeEventListener('touchmove', onTouch);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [beeRefs, enabled]);
}
