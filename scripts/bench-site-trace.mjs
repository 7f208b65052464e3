#!/usr/bin/env node
/**
 * Where a page's main-thread time goes while it loads and hydrates: loads each route of the
 * built site in Chromium (Playwright, CPU slowed 4x over CDP like Lighthouse's mobile profile),
 * records a performance trace and prints, per page, the long tasks (50 ms or more, slowed down)
 * with what ran inside them: script evaluation per file,
 * function calls, style/layout, HTML parsing, GC. Companion of `npm run bench:site`.
 *
 *   node scripts/bench-site-trace.mjs [/ /shop ... bare] [--rate 4] [--min 50] [--save .tmp/trace]
 * ("bare" is the bare Gatsby page of the bench, once `npm run bench:site` has built it).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { root } from './lib.mjs';
import { serveDir } from './bench-site-serve.mjs';
import { mainThreadEvents } from './bench-site-report.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rate = Number(option('--rate', 4));
const saveDir = option('--save', null);
// Tasks at least this long (ms, as measured) are listed; at --rate 1 use 12.5 to see what 4x would make long.
const minMs = Number(option('--min', 50));
const routes = args.filter((a, i) => (a.startsWith('/') || a === 'bare') && !['--rate', '--save', '--min'].includes(args[i - 1]));
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'];

/** The renderer main thread's top-level tasks and, for each, time per kind of nested event. */
export function longTasks(events, minMs) {
  const onMain = mainThreadEvents(events).filter((e) => e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur / 1000 >= minMs);
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    const parts = {};
    for (const e of inside) {
      const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? '';
      let key = null;
      if (e.name === 'EvaluateScript' || e.name === 'v8.compile') key = `${e.name} ${url.split('/').pop()}`;
      else if (e.name === 'FunctionCall') key = `FunctionCall ${url.split('/').pop()} ${e.args?.data?.functionName ?? ''}`.trim();
      else if (['ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'MinorGC', 'MajorGC', 'ParseAuthorStyleSheet', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'FireIdleCallback', 'HandlePostMessage'].includes(e.name)) key = e.name;
      if (key) parts[key] = (parts[key] ?? 0) + e.dur / 1000;
    }
    return { startMs: task.ts / 1000, ms: task.dur / 1000, parts };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = join(root, 'site/public');
  if (!existsSync(join(dir, 'index.html'))) throw new Error('No site build: run `node scripts/build.mjs` first.');
  const server = await serveDir(dir);
  const bare = routes.includes('bare') ? await serveDir(join(root, '.tmp/bare-gatsby/public')) : null;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const route of routes.length ? routes : ['/']) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await browser.startTracing(page, { categories: CATEGORIES });
      const started = Date.now();
      await page.goto(route === 'bare' ? `${bare.base}/` : `${server.base}${route}`, { waitUntil: 'load' });
      await page.waitForTimeout(4000);
      const trace = JSON.parse((await browser.stopTracing()).toString());
      const events = trace.traceEvents ?? trace;
      if (saveDir) {
        mkdirSync(join(root, saveDir), { recursive: true });
        writeFileSync(join(root, saveDir, `${route.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(events));
      }
      const tasks = longTasks(events, minMs);
      const first = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts)) / 1000;
      const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);
      console.log(`\n${route}: ${tasks.length} tasks >= ${minMs} ms at ${rate}x CPU slowdown, ~${Math.round(blocking)} ms blocking (loaded in ${Date.now() - started} ms)`);
      for (const t of tasks) {
        const parts = Object.entries(t.parts).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`);
        console.log(`  @${Math.round(t.startMs - first)} ms  ${t.ms.toFixed(1)} ms: ${parts.join(' | ')}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
    bare?.stop();
  }
}
