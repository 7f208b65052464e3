/**
 * Forms inside an island (Island.tsx) work only once their code has hydrated, which can be
 * after the visitor pressed Submit (the page's own scripts and data are still arriving, or the
 * island's code is). This tiny script, inlined in every page's <head> by gatsby-ssr, runs before
 * any of that: a submit from a form in a not-yet-hydrated island is held (no page reload with
 * the address in the URL) and queued; the island submits it again once it has hydrated.
 * Without JavaScript it never runs, so forms keep their plain HTML behaviour.
 */
export const ISLAND_ATTR = 'data-island';
export const HYDRATED_ATTR = 'data-hydrated';

declare global {
  interface Window {
    __heldSubmits?: HTMLFormElement[];
  }
}

export const HOLD_SUBMITS_SCRIPT = `window.__heldSubmits=[];document.addEventListener('submit',function(e){var t=e.target,i=t&&t.closest&&t.closest('[${ISLAND_ATTR}]');if(i&&!i.hasAttribute('${HYDRATED_ATTR}')){e.preventDefault();window.__heldSubmits.push(t)}},true);`;

/** Whether a held submit waits inside `island` (then the island should hydrate at once). */
export function hasHeldSubmit(island: Element): boolean {
  return (window.__heldSubmits ?? []).some((form) => island.contains(form));
}

/** Marks the island hydrated and submits again, through React now, what was held inside it. */
export function releaseHeldSubmits(island: Element) {
  island.setAttribute(HYDRATED_ATTR, '');
  const held = window.__heldSubmits ?? [];
  const mine = held.filter((form) => island.contains(form));
  window.__heldSubmits = held.filter((form) => !mine.includes(form));
  // One submit per form is enough, however many times it was pressed.
  for (const form of new Set(mine)) if (form.isConnected) form.requestSubmit();
}
