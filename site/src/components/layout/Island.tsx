import * as React from 'react';
import { ISLAND_ATTR, hasHeldSubmit, releaseHeldSubmits } from './heldSubmits';

/**
 * Parts of a static page that need JavaScript (forms, the accordion's fallback) as "islands":
 * the server renders them in full (they work and read the same without JavaScript), and in the
 * browser their code is fetched and hydrated only once the island nears the viewport (or the
 * visitor points at, touches or focuses it), or, for `when="idle"`, once the browser is idle;
 * never during the page's first hydration. React 18 keeps the server HTML of a Suspense
 * boundary whose content suspends while hydrating and hydrates it when the promise settles.
 * A form submitted before its island hydrated is held and submitted again once it has
 * (heldSubmits.ts).
 */
export type IslandWhen = 'idle' | 'visible';

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };

interface Gate {
  promise: Promise<void>;
  open: boolean;
}

/** Set by gatsby-browser on the first client-side navigation: later pages render at once. */
let navigated = false;
export function markNavigated() {
  navigated = true;
}

const gates = new Map<string, Gate>();
// Signs that the visitor is about to use the island: hydrate it now rather than later.
const WAKE_EVENTS = ['focusin', 'pointerover', 'pointerdown', 'touchstart', 'submit'] as const;

function createGate(when: IslandWhen, element: Element | null): Gate {
  const gate: Gate = { promise: Promise.resolve(), open: false };
  gate.promise = new Promise<void>((resolve) => {
    const observer = 'IntersectionObserver' in window && when === 'visible' && element
      ? new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wake();
      }, { rootMargin: '200px' })
      : null;
    function wake() {
      observer?.disconnect();
      for (const name of WAKE_EVENTS) element?.removeEventListener(name, wake);
      gate.open = true;
      resolve();
    }
    if (element && hasHeldSubmit(element)) wake();
    else if (observer && element) {
      observer.observe(element);
      for (const name of WAKE_EVENTS) element.addEventListener(name, wake, { passive: true });
    } else {
      const win = window as IdleWindow;
      if (win.requestIdleCallback) win.requestIdleCallback(wake, { timeout: 4000 });
      else window.setTimeout(wake, 1500);
    }
  });
  return gate;
}

const islandElement = (id: string) => document.querySelector(`[${ISLAND_ATTR}="${CSS.escape(id)}"]`);

/** Runs once the island's content is live (hydrated or rendered): marks it so, replays a held submit. */
function Hydrated({ id }: { id: string }) {
  React.useEffect(() => {
    const element = islandElement(id);
    if (element) releaseHeldSubmits(element);
  }, [id]);
  return null;
}

/** Suspends (throws a promise) until the island may hydrate; then renders its children. */
function IslandGate({ id, when, children }: { id: string; when: IslandWhen; children: React.ReactNode }) {
  if (typeof window !== 'undefined' && !navigated) {
    let gate = gates.get(id);
    if (!gate) gates.set(id, (gate = createGate(when, islandElement(id))));
    if (!gate.open) throw gate.promise;
  }
  return (
    <>
      {children}
      <Hydrated id={id} />
    </>
  );
}

/** A <div data-island> whose content hydrates (and loads its lazy code) when visible or idle. */
export function Island({ when = 'visible', className, children }: { when?: IslandWhen; className?: string; children: React.ReactNode }) {
  const id = React.useId();
  return (
    <div data-island={id} className={className}>
      <React.Suspense fallback={null}>
        <IslandGate id={id} when={when}>
          {children}
        </IslandGate>
      </React.Suspense>
    </div>
  );
}
