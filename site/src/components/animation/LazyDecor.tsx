import * as React from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Loads the decoration's code only once the browser is idle after the page has loaded, so the
 * animation never competes with the first paint or input (LCP/TBT).
 */
export function LazyDecor() {
  const [Decor, setDecor] = React.useState<React.ComponentType | null>(null);
  React.useEffect(() => {
    let cancelled = false;
    const win = window as IdleWindow;
    const load = () => {
      void import('./Decor').then((module) => {
        if (!cancelled) setDecor(() => module.Decor);
      });
    };
    const idle = win.requestIdleCallback ? win.requestIdleCallback(load, { timeout: 2500 }) : window.setTimeout(load, 1200);
    return () => {
      cancelled = true;
      if (win.cancelIdleCallback) win.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return Decor ? <Decor /> : null;
}
