import {
  BUNDLE_FALLBACK_MS,
  BUNDLE_LOADER_ID,
  bundleLoaderScript,
  frameworkChunk,
  loadBundlesAfterFirstPaint,
} from './bundlesAfterFirstPaint';

const SOURCES = ['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'];
const TAGS = SOURCES.map((src) => `<script src="${src}" async></script>`).join('');
const page = (tags: string) => `<html><body><div id="___gatsby">Hello</div><script>window.___chunkMapping={};</script>${tags}</body></html>`;
const FRAMEWORK = { chunkGlobal: 'webpackChunk_site', chunkId: 593 };

test("the framework bundle's chunk global and id are read from its code", () => {
  const code = '/*! For license information please see framework-2.js.LICENSE.txt */\n' +
    '(self.webpackChunk_buzz_haven_site=self.webpackChunk_buzz_haven_site||[]).push([[593],{362:function(e,n,t){}}]);';
  expect(frameworkChunk(code)).toEqual({ chunkGlobal: 'webpackChunk_buzz_haven_site', chunkId: 593 });
  expect(() => frameworkChunk('console.log(1)')).toThrow(/webpack chunk/);
});

test('the bundle tags become one loader, where the first tag was, with the sources in order', () => {
  const read: string[] = [];
  const html = loadBundlesAfterFirstPaint(page(TAGS), (src) => (read.push(src), FRAMEWORK));
  expect(read).toEqual(['/framework-2.js']);
  expect(html).not.toContain('<script src=');
  expect(html).toContain(`<script>window.___chunkMapping={};</script><script id="${BUNDLE_LOADER_ID}">`);
  expect(html).toContain('E=["/webpack-runtime-1.js","/framework-2.js"],L=["/app-3.js"],G="webpackChunk_site",C=593;');
  expect(html?.match(/<script/g)).toHaveLength(2);
});

test('a page without bundle tags is left alone; bundles without a framework are an error', () => {
  expect(loadBundlesAfterFirstPaint(page(''), () => FRAMEWORK)).toBeNull();
  expect(loadBundlesAfterFirstPaint(loadBundlesAfterFirstPaint(page(TAGS), () => FRAMEWORK) ?? '', () => FRAMEWORK)).toBeNull();
  expect(() => loadBundlesAfterFirstPaint(page('<script src="/app-3.js" async></script>'), () => FRAMEWORK)).toThrow(/No framework bundle/);
});

interface FakeElement { src?: string; async?: boolean; rel?: string; as?: string; href?: string; onload?: () => void }

/** Runs the loader against a fake document, timers and webpack chunk global; records what happens, in order. */
function runLoader() {
  const events: string[] = [];
  const scripts = new Map<string, FakeElement>();
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  // What the framework bundle pushes once evaluated; the loader's own push goes through `push`.
  const chunks: unknown[][] = [[[593], { 10: () => {}, 11: () => {} }]];
  const self = { webpackChunk_site: Object.assign(chunks, {
    push: (chunk: [unknown[], object, (require: (id: string) => void) => void]) => {
      events.push(`push ${chunk[0].join()}`);
      chunk[2]((id) => events.push(`require ${id}`));
      return chunks.length;
    },
  }) };
  const document = {
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (link: FakeElement) => events.push(`${link.rel} ${link.as} ${link.href}`) },
    body: {
      appendChild: (script: FakeElement) => {
        events.push(`script ${script.src} async=${script.async}`);
        scripts.set(script.src ?? '', script);
      },
    },
  };
  new Function('document', 'self', 'requestAnimationFrame', 'setTimeout', bundleLoaderScript(SOURCES, FRAMEWORK))(
    document,
    self,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  );
  return { events, scripts, frames, timers };
}

test('after the first frame the loader adds runtime and framework, preloads the app, warms the framework, then adds the app', () => {
  const { events, scripts, frames, timers } = runLoader();
  expect(events).toEqual([]);
  expect(timers.map((timer) => timer.ms)).toEqual([BUNDLE_FALLBACK_MS]);
  frames[0]();
  expect(events).toEqual([]);
  timers[1].fn();
  expect(events).toEqual([
    'preload script /app-3.js',
    'script /webpack-runtime-1.js async=true',
    'script /framework-2.js async=true',
  ]);
  scripts.get('/framework-2.js')?.onload?.();
  expect(timers).toHaveLength(2);
  scripts.get('/webpack-runtime-1.js')?.onload?.();
  expect(timers).toHaveLength(3);
  expect(events).toHaveLength(3);
  timers[2].fn();
  expect(events.slice(3)).toEqual(['push 593-warm', 'require 10', 'require 11', 'script /app-3.js async=true']);
  timers[0].fn();
  expect(events).toHaveLength(7);
});

test('without a frame (a background tab) the fallback timer loads them', () => {
  const { events, timers } = runLoader();
  timers[0].fn();
  expect(events.filter((event) => event.startsWith('script'))).toEqual([
    'script /webpack-runtime-1.js async=true',
    'script /framework-2.js async=true',
  ]);
});
