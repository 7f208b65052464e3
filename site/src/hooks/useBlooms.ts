import * as React from 'react';
import { BLOOM_LIFETIME_MS } from '../components/animation/constants';
import { addBloom, createBloom, nextBloomDelay, type Bloom } from '../components/animation/blooms';

/** While `active`, adds a bloom every 1-2.2 s (at most 16 on screen); old ones wilt after a while. */
export function useBlooms(active: boolean): Bloom[] {
  const [blooms, setBlooms] = React.useState<Bloom[]>([]);
  React.useEffect(() => {
    if (!active) {
      setBlooms([]);
      return undefined;
    }
    let id = 0;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        if (!document.hidden) {
          const now = Date.now();
          setBlooms((list) =>
            addBloom(
              list.filter((b) => now - b.id < BLOOM_LIFETIME_MS),
              createBloom(Math.max(now, ++id), Math.random),
            ),
          );
        }
        schedule();
      }, nextBloomDelay(Math.random()));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [active]);
  return blooms;
}
