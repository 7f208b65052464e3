/**
 * Gatsby ends every page with its bundles (webpack runtime, React, the app) as
 * `<script src="..." async></script>`. The browser's preload scanner fetches them at once, and V8
 * compiles them on a background thread while the main thread is still styling and laying out the
 * server HTML for the first paint. Where cores are few, that work competes with the first render:
 * on a 2-core machine under Lighthouse, the first render task of /terms took 33-45 ms with the
 * bundles on their way and 16-23 ms with them started after the first frame (the `render ms`
 * column of `npm run bench:site`).
 *
 * The page does not need them to be read: it is complete HTML, its links are plain links, and a
 * form holds a submit until its island has hydrated (heldSubmits.ts). So after the build every
 * page's bundle tags are replaced by one inline script that adds the same scripts, in the same
 * order and still async, right after the first frame: a requestAnimationFrame callback runs just
 * before that frame is painted and its setTimeout just after. A page opened in a background tab
 * gets no frames until it is shown; the fallback timer loads the bundles there. Without
 * JavaScript nothing changes.
 */
export const BUNDLE_FALLBACK_MS = 3000;
export const BUNDLE_LOADER_ID = 'gatsby-bundles-after-paint';

// Exactly what Gatsby's webpack stats extractor writes into the `_gatsby-scripts` slice.
const BUNDLE_TAG = /<script src="([^"]+)" async><\/script>/g;

export function bundleLoaderScript(sources: string[]): string {
  return `(function(){var d=0;function l(){if(d)return;d=1;${JSON.stringify(sources)}.forEach(function(s){var e=document.createElement('script');e.src=s;e.async=true;document.body.appendChild(e)})}requestAnimationFrame(function(){setTimeout(l,0)});setTimeout(l,${BUNDLE_FALLBACK_MS})})()`;
}

/** The page with its bundle tags replaced by the loader (where the first one was); null when it has none. */
export function loadBundlesAfterFirstPaint(html: string): string | null {
  const sources = [...html.matchAll(BUNDLE_TAG)].map((match) => match[1]);
  if (sources.length === 0) return null;
  let first = true;
  return html.replace(BUNDLE_TAG, () => {
    if (!first) return '';
    first = false;
    return `<script id="${BUNDLE_LOADER_ID}">${bundleLoaderScript(sources)}</script>`;
  });
}
