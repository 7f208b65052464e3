/**
 * Gatsby ends every page with its bundles (webpack runtime, React, the app) as
 * `<script src="..." async></script>`. The browser's preload scanner fetches them at once, and V8
 * compiles them on a background thread while the main thread is still styling and laying out the
 * server HTML for the first paint. Where cores are few, that work competes with the first render:
 * on a 2-core machine under Lighthouse, the first render task of /terms is markedly longer
 * with the bundles on their way than with them started after the first frame (the `render ms`
 * column of `npm run bench:site`; figures in docs/benchmarks.md).
 *
 * The page does not need them to be read: it is complete HTML, its links are plain links, and a
 * form holds a submit until its island has hydrated (heldSubmits.ts). So after the build every
 * page's bundle tags are replaced by one inline script that adds the same scripts, still async,
 * right after the first frame: a requestAnimationFrame callback runs just before that frame is
 * painted and its setTimeout just after. A page opened in a background tab gets no frames until
 * it is shown; the fallback timer loads the bundles there. Without JavaScript nothing changes.
 *
 * The app starts in a task of its own. Whichever bundle arrives last runs webpack's entry, and
 * that one task used to initialise React DOM's modules and start the app: a task that
 * Lighthouse's 4x CPU slowdown makes a long one. So the loader adds the webpack
 * runtime and the framework first (the app is fetched beside them, preloaded), then in a new task
 * runs the framework's modules through webpack's own chunk callback, and only then adds the app
 * (a short task of its own).
 */
export const BUNDLE_FALLBACK_MS = 3000;
export const BUNDLE_LOADER_ID = 'gatsby-bundles-after-paint';

// Exactly what Gatsby's webpack stats extractor writes into the `_gatsby-scripts` slice.
const BUNDLE_TAG = /<script src="([^"]+)" async><\/script>/g;
const FRAMEWORK = /\/framework-[^/]*\.js$/;
const RUNTIME = /\/webpack-runtime-[^/]*\.js$/;

/** Where Gatsby's framework bundle (React, React DOM, scheduler) registers its modules. */
export interface FrameworkChunk {
  /** The webpack chunk loading global, `webpackChunk_<package name>`. */
  chunkGlobal: string;
  chunkId: number;
}

/** Reads the chunk global and id from the start of the framework bundle's code. */
export function frameworkChunk(code: string): FrameworkChunk {
  const match = /\(self\.(\w+)=self\.\1\|\|\[\]\)\.push\(\[\[(\d+)\]/.exec(code);
  if (!match) throw new Error('The framework bundle does not start as a webpack chunk: has Gatsby changed it?');
  return { chunkGlobal: match[1], chunkId: Number(match[2]) };
}

export function bundleLoaderScript(sources: string[], framework: FrameworkChunk): string {
  const early = sources.filter((src) => FRAMEWORK.test(src) || RUNTIME.test(src));
  const late = sources.filter((src) => !early.includes(src));
  const constants = [early, late, framework.chunkGlobal, framework.chunkId].map((value) => JSON.stringify(value));
  return (
    `(function(){var d=0,E=${constants[0]},L=${constants[1]},G=${constants[2]},C=${constants[3]};` +
    "function add(s,f){var e=document.createElement('script');e.src=s;e.async=true;if(f)e.onload=e.onerror=f;document.body.appendChild(e)}" +
    // webpack runs a pushed chunk's third element with its require: that initialises the modules.
    "function warm(){var c=(self[G]||[]).filter(function(x){return x[0].indexOf(C)>=0})[0];if(c)self[G].push([[C+'-warm'],{},function(r){for(var k in c[1])r(k)}])}" +
    'function late(){try{warm()}finally{L.forEach(function(s){add(s)})}}' +
    "function l(){if(d)return;d=1;L.forEach(function(s){var p=document.createElement('link');p.rel='preload';p.as='script';p.href=s;document.head.appendChild(p)});" +
    'var n=E.length;if(!n)return late();E.forEach(function(s){add(s,function(){--n||setTimeout(late,0)})})}' +
    `requestAnimationFrame(function(){setTimeout(l,0)});setTimeout(l,${BUNDLE_FALLBACK_MS})})()`
  );
}

/**
 * The loader's text for the bundle tags in html (a page, or Gatsby's `_gatsby-scripts` slice that
 * every page carries); null when it has none. `readFramework` reads the framework bundle named by
 * its src.
 */
export function bundleLoaderFor(html: string, readFramework: (src: string) => FrameworkChunk): string | null {
  const sources = [...html.matchAll(BUNDLE_TAG)].map((match) => match[1]);
  if (sources.length === 0) return null;
  const frameworkSrc = sources.find((src) => FRAMEWORK.test(src));
  if (!frameworkSrc) throw new Error(`No framework bundle among Gatsby's bundles: ${sources.join(', ')}`);
  return bundleLoaderScript(sources, readFramework(frameworkSrc));
}

/** The page with its bundle tags replaced by the loader (where the first one was); null when it has none. */
export function loadBundlesAfterFirstPaint(html: string, readFramework: (src: string) => FrameworkChunk): string | null {
  const script = bundleLoaderFor(html, readFramework);
  if (script === null) return null;
  const loader = `<script id="${BUNDLE_LOADER_ID}">${script}</script>`;
  let first = true;
  return html.replace(BUNDLE_TAG, () => {
    if (!first) return '';
    first = false;
    return loader;
  });
}
