import * as React from 'react';
import { LocationContext, globalHistory } from '@gatsbyjs/reach-router';

type Location = typeof globalHistory.location;

/** The same document: only the #hash (or the history state) differs. */
const samePage = (a: Location, b: Location) => a.pathname === b.pathname && a.search === b.search;

/**
 * The router's location for Gatsby's app (gatsby-browser's replaceHydrateFunction renders it
 * around the app). Gatsby's root reads the location with @gatsbyjs/reach-router's <Location>,
 * which creates its own LocationProvider when none is above it; this one keeps that provider's
 * state and timing (a history change is rendered after a microtask and an animation frame, and
 * the navigation ends once it is committed) but renders a change of the #hash alone as a
 * transition.
 *
 * Why: following an in-page anchor (/shop#gift-set) updates the router's location; Gatsby then
 * renders its root again (a new context value, cache-dir/production-app.js) and the page with the
 * new location (cache-dir/page-renderer.js). A section or island that has not hydrated yet
 * (Layout.tsx, Island.tsx: each is a Suspense boundary, hydrated later or once visible) then
 * "received an update before it finished hydrating": React tries to hydrate it at once and, if it
 * suspends (an island whose code has not arrived), gives up, logs error #421 and renders it on
 * the client (react-dom's updateDehydratedSuspenseComponent). As a transition, React instead
 * waits for those boundaries to hydrate and then renders the new location; the server HTML stays.
 * Until then Gatsby's scroll handling and onRouteUpdate see the previous location (the browser
 * has scrolled to the anchor itself; a same-page <Link> to an anchor scrolls once it commits).
 * Memoising the page is not enough: a changed context value alone marks every dehydrated boundary
 * below its provider as updated (react-dom's propagateContextChange), and Gatsby's root provides
 * a new one on every location (its DataContext).
 * A navigation to another path or query stays an urgent update, as in the router.
 */
export function RouterLocation({ children }: { children: React.ReactNode }) {
  const [context, setContext] = React.useState(() => ({ location: globalHistory.location }));
  const latest = React.useRef(context.location);

  React.useEffect(() => {
    let unmounted = false;
    const unlisten = globalHistory.listen(({ location }) => {
      Promise.resolve().then(() => {
        requestAnimationFrame(() => {
          if (unmounted) return;
          const hashOnly = samePage(latest.current, location);
          latest.current = location;
          const update = () => setContext({ location });
          if (hashOnly) React.startTransition(update);
          else update();
        });
      });
    });
    return () => {
      unmounted = true;
      unlisten();
    };
  }, []);

  React.useEffect(() => {
    globalHistory._onTransitionComplete();
  }, [context.location]);

  return <LocationContext.Provider value={context}>{children}</LocationContext.Provider>;
}
