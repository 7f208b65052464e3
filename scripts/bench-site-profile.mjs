#!/usr/bin/env node
/**
 * Where the main thread goes while a page of the built site loads and hydrates, by function: loads
 * each route in Chromium with the CPU slowed RATE times (default 4, like Lighthouse mobile),
 * records a trace with V8 samples and prints, for each task of MIN ms or more (default 40), what
 * ran inside (layout, script, ...), the functions with the most self time, mapped through the
 * build's source maps, and the site's own functions that were on the stack. Companion of
 * `npm run bench:site` and `scripts/bench-site-trace.mjs`.
 *
 *   node scripts/bench-site-profile.mjs / /shop      (RATE=1 MIN=12 for an unthrottled view)
 */
import { chromium } from '@playwright/test';
import { serveDir } from './bench-site-serve.mjs';
import { mainThreadEvents } from './bench-site-report.mjs';
import { root } from './lib.mjs';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import sm from 'source-map-js';
import { sourceMapsDirOf } from './site-build.mjs';
const dir = process.env.DIR ?? join(root, 'site/public');
// Gatsby's output keeps each bundle's map beside it; an assembled dist keeps them in its sibling folder.
const mapDirs = [dir, sourceMapsDirOf(dir)];
const rate = Number(process.env.RATE ?? 4), min = Number(process.env.MIN ?? 40);
const s = await serveDir(dir);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const consumers = {};
// The build's source maps turn minified positions into source names and lines.
const mapName = (cf) => {
  const file = (cf.url ?? '').split('/').pop();
  if (!file) return cf.functionName || '(native)';
  const mp = mapDirs.map((at) => `${at}/${file}.map`).find((path) => existsSync(path));
  if (!mp) return `${cf.functionName}@${file}`;
  consumers[mp] ??= new sm.SourceMapConsumer(JSON.parse(readFileSync(mp, 'utf8')));
  const o = consumers[mp].originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  return `${o.name ?? cf.functionName}@${(o.source ?? file).replace(/.*node_modules\//, '').replace(/^webpack:\/\/\/?@buzz-haven\/site\//, '')}:${o.line}`;
};
for (const path of process.argv.slice(2)) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute'] });
  await page.goto(s.base + path, { waitUntil: 'load' }); await page.waitForTimeout(3500);
  const ev = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const on = mainThreadEvents(ev);
  const main = on[0];
  const t0 = Math.min(...on.filter(e => e.ts > 0).map(e => e.ts));
  // samples
  const nodes = new Map(); const samples = [];
  for (const e of ev.filter(e => e.name === 'ProfileChunk' && e.pid === main.pid)) {
    const d = e.args.data.cpuProfile ?? {};
    for (const n of d.nodes ?? []) nodes.set(n.id, n);
    let t = samples.length ? samples.at(-1).ts : null;
    const deltas = e.args.data.timeDeltas ?? [];
    (d.samples ?? []).forEach((id, i) => { t = (t ?? Number(ev.find(x => x.name === 'Profile' && x.pid === main.pid)?.args?.data?.startTime ?? 0)) + deltas[i]; samples.push({ ts: t, id }); });
  }
  const stack = (id) => { const out = []; let n = nodes.get(id); while (n) { out.push(n.callFrame); n = nodes.get(n.parent); } return out; };
  const tasks = on.filter(e => e.name === 'RunTask' && e.ph === 'X' && e.dur / 1000 >= min).sort((a, b) => a.ts - b.ts);
  console.log(`\n== ${path} (${tasks.length} tasks >= ${min} ms at ${rate}x)`);
  for (const t of tasks) {
    const inside = samples.filter(x => x.ts >= t.ts && x.ts <= t.ts + t.dur);
    const selfT = new Map(), appT = new Map();
    for (let i = 0; i < inside.length; i++) {
      const dt = ((inside[i + 1]?.ts ?? inside[i].ts) - inside[i].ts) / 1000;
      const st = stack(inside[i].id);
      const top = st[0] ? mapName(st[0]) : '?';
      selfT.set(top, (selfT.get(top) ?? 0) + dt);
      const seen = new Set();
      for (const cf of st) { const n = mapName(cf); if (n.includes('src/') && !seen.has(n)) { seen.add(n); appT.set(n, (appT.get(n) ?? 0) + dt); } }
    }
    const kinds = {};
    for (const e of on.filter(e => e.ph === 'X' && e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && ['Layout', 'UpdateLayoutTree', 'ParseHTML', 'Paint', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'RunMicrotasks', 'FireIdleCallback', 'EventDispatch'].includes(e.name))) kinds[e.name] = (kinds[e.name] ?? 0) + e.dur / 1000;
    console.log(`@${((t.ts - t0) / 1000).toFixed(0)} ${(t.dur / 1000).toFixed(0)} ms  ${Object.entries(kinds).filter(([, v]) => v > 3).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
    console.log('   self: ' + [...selfT].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | '));
    console.log('   app:  ' + [...appT].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | '));
  }
  await page.close();
}
await browser.close(); s.stop();
