import * as React from 'react';
import { SCROLL_DEBOUNCE_MS } from '../components/animation/constants';
import { debounce } from '../components/animation/debounce';
import { modeFromScroll, readScrollState, type Mode } from '../components/animation/mode';

/** The animation mode for the current scroll position, re-evaluated 50 ms after scrolling stops. */
export function useScrollMode(enabled: boolean): Mode {
  const [mode, setMode] = React.useState<Mode>('bees');
  React.useEffect(() => {
    if (!enabled) return undefined;
    const update = () => setMode(modeFromScroll(readScrollState(document, window)));
    const onScroll = debounce(update, SCROLL_DEBOUNCE_MS);
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [enabled]);
  return mode;
}
