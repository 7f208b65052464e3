/**
 * The parts of Gatsby's router, @gatsbyjs/reach-router (a dependency of gatsby, which ships no
 * types of its own), that RouterLocation.tsx uses; the types are @types/reach__router's.
 */
declare module '@gatsbyjs/reach-router' {
  import type { Context } from 'react';
  import type { History, HistoryLocation } from '@reach/router';

  /** What <Location> and useLocation() read: { location }. */
  export const LocationContext: Context<{ location: HistoryLocation } | undefined>;
  /** The browser history the router listens to; _onTransitionComplete ends a navigate(). */
  export const globalHistory: History & { _onTransitionComplete(): void };
}
