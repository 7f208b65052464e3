import * as React from 'react';

/**
 * A component whose module is fetched on its first render (like React.lazy, it suspends until
 * then) but, once loaded, renders synchronously: a later client-side navigation shows it at once
 * instead of flashing the Suspense fallback. Used inside an <Island>.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>) {
  let Loaded: React.ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        // The chunk did not load (offline): keep the server's HTML instead of failing the page.
        console.warn(error);
        return new Promise<void>(() => {});
      },
    ));
  function Lazy(props: P) {
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  }
  return Object.assign(Lazy, { preload });
}
