import * as React from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { GatsbyBrowser } from 'gatsby';
import { markNavigated } from './src/components/layout/Island';
import { RouterLocation } from './src/components/layout/RouterLocation';
import { splitLocalePath } from '../supabase/functions/_shared/content-schema/locales.ts';
// Global stylesheet: Gatsby inlines it into every page's HTML (no runtime CSS-in-JS).
import './src/styles/global.css';

/**
 * Hydrate the server HTML as a transition: React 18 then hydrates in slices of a few
 * milliseconds that yield to the browser (instead of one long task that blocks input), and a
 * click or key press before it finishes makes React complete it at once. Each page section is
 * its own Suspense boundary (Layout), hydrated after the page frame in the same yielding way.
 */
// (Gatsby's type still describes the React 17 renderer's return value; the caller ignores it.)
// RouterLocation gives the router its location: a change of the #hash alone is rendered as a
// transition too, so that it does not reach a section before it has hydrated (RouterLocation.tsx).
export const replaceHydrateFunction = () => (element: React.ReactElement, container: Element) => {
  React.startTransition(() => {
    hydrateRoot(container, <RouterLocation>{element}</RouterLocation>);
  });
};

// From the first client-side navigation on, islands render at once (there is no server HTML).
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = ({ prevLocation }) => {
  if (prevLocation) markNavigated();
};

// A client-side navigation keeps <html lang> the new page's language (the remembered choice on the
// home page can lead its links to another language's pages).
export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => {
  document.documentElement.lang = splitLocalePath(location.pathname).locale;
};
