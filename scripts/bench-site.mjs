#!/usr/bin/env node
/**
 * `npm run bench:site`: Lighthouse 12 (mobile defaults: simulated throttling) in Debian's
 * Chromium over every public route of the built site, printing the four category scores,
 * LCP, TBT, CLS and the gzipped JavaScript transferred per page. Targets (issue 3):
 * performance >= 95, the other three 100, CLS 0, JS <= 100 KB. Measured, not asserted.
 * Serves site/public itself with scripts/serve.mjs (gzip, like production) unless BASE_URL is set.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { root } from './lib.mjs';

const ROUTES = [
  '/', '/about', '/services', '/services/host-hive', '/services/adopt-hive', '/services/swarm-management',
  '/services/workshops', '/shop', '/impact', '/contact', '/faq', '/privacy', '/terms', '/shipping',
];
const PORT = 8020;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

async function startServer() {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ''), stop: () => {} };
  const dir = join(root, 'site/public');
  if (!existsSync(join(dir, 'index.html'))) throw new Error('No site build: run `npm run build -w site` first.');
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--dir', dir, '--port', String(PORT)], { cwd: root, stdio: 'ignore', detached: true });
  const base = `http://localhost:${PORT}`;
  for (let i = 0; i < 50; i += 1) {
    try {
      if ((await globalThis.fetch(`${base}/`)).ok) break;
    } catch { /* not up yet */ }
    await sleep(200);
  }
  return { base, stop: () => process.kill(-child.pid, 'SIGTERM') };
}

const pct = (category) => (category?.score == null ? '-' : String(Math.round(category.score * 100)));
const ms = (audit) => (audit?.numericValue == null ? '-' : `${Math.round(audit.numericValue)} ms`);

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const rows = [];
try {
  for (const route of ROUTES) {
    const result = await lighthouse(`${server.base}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    const scripts = (audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
    const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    rows.push({
      page: route,
      perf: pct(categories.performance),
      a11y: pct(categories.accessibility),
      bp: pct(categories['best-practices']),
      seo: pct(categories.seo),
      LCP: ms(audits['largest-contentful-paint']),
      TBT: ms(audits['total-blocking-time']),
      CLS: audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '-',
      'JS (KB gz)': (jsBytes / 1024).toFixed(1),
    });
    const failing = Object.values(categories).flatMap((c) => c.auditRefs.filter((ref) => c.id !== 'performance' && ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1).map((ref) => `${c.id}:${ref.id}`));
    if (failing.length) console.log(`${route}: ${failing.join(', ')}`);
  }
} finally {
  await chrome.kill();
  server.stop();
}
console.table(rows);
