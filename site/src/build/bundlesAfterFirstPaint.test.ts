import { BUNDLE_FALLBACK_MS, BUNDLE_LOADER_ID, bundleLoaderScript, loadBundlesAfterFirstPaint } from './bundlesAfterFirstPaint';

const TAGS = '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script>';
const page = (tags: string) => `<html><body><div id="___gatsby">Hello</div><script>window.___chunkMapping={};</script>${tags}</body></html>`;

test('the bundle tags become one loader, where the first tag was, with the sources in order', () => {
  const html = loadBundlesAfterFirstPaint(page(TAGS));
  expect(html).not.toBeNull();
  expect(html).not.toContain('<script src=');
  expect(html).toContain(`<script>window.___chunkMapping={};</script><script id="${BUNDLE_LOADER_ID}">`);
  expect(html).toContain('["/webpack-runtime-1.js","/framework-2.js","/app-3.js"]');
  expect(html?.match(/<script/g)).toHaveLength(2);
});

test('a page without bundle tags is left alone', () => {
  expect(loadBundlesAfterFirstPaint(page(''))).toBeNull();
  expect(loadBundlesAfterFirstPaint(loadBundlesAfterFirstPaint(page(TAGS)) ?? '')).toBeNull();
});

/** Runs the loader against a fake document and timers; returns what it appended, when. */
function runLoader() {
  const appended: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const document = {
    createElement: () => ({ src: '', async: false }),
    body: { appendChild: (element: { src: string; async: boolean }) => appended.push({ ...element }) },
  };
  new Function('document', 'requestAnimationFrame', 'setTimeout', bundleLoaderScript(['/a.js', '/b.js']))(
    document,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  );
  return { appended, frames, timers };
}

test('the loader adds the scripts after the first frame, once', () => {
  const { appended, frames, timers } = runLoader();
  expect(appended).toEqual([]);
  expect(timers.map((timer) => timer.ms)).toEqual([BUNDLE_FALLBACK_MS]);
  frames[0]();
  expect(appended).toEqual([]);
  const afterFrame = timers.find((timer) => timer.ms === 0);
  afterFrame?.fn();
  expect(appended).toEqual([{ src: '/a.js', async: true }, { src: '/b.js', async: true }]);
  timers.find((timer) => timer.ms === BUNDLE_FALLBACK_MS)?.fn();
  expect(appended).toHaveLength(2);
});

test('without a frame (a background tab) the fallback timer loads them', () => {
  const { appended, timers } = runLoader();
  timers[0].fn();
  expect(appended.map((script) => script.src)).toEqual(['/a.js', '/b.js']);
});
