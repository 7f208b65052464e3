#!/usr/bin/env node
/**
 * `npm run bench:site`: Lighthouse 12 (mobile defaults: simulated throttling) in Debian's
 * Chromium over every public route of the built site AND a bare one-page Gatsby site built from
 * scripts/bench/bare-gatsby (same Gatsby, same node_modules), interleaved over several rounds
 * (each round visits the bare page and every route, in a rotated order), then prints per page
 * the medians of performance, TBT and LCP, TBT as a ratio of the bare page's, the first render
 * task (traced, unthrottled), gzipped JS, the other three category scores and CLS, and whether
 * the page meets the site's performance targets (bench-site-report.mjs TARGETS).
 * Measured, not asserted: the machine is shared, so only same-run ratios and medians mean much.
 *
 * Options: --rounds N (or BENCH_ROUNDS, default 5), --pages /,/shop (a subset of the routes),
 * --languages (only the pages measured in both languages: LANGUAGE_PAIRS), --rebuild-bare
 * (rebuild the fixture even if unchanged). Every English page measured with its Spanish twin is
 * also printed side by side with it (languageRows). Serves site/public itself (gzip, like
 * production) unless BASE_URL is set, and starts the local backend on :54321 if nothing answers
 * there (the built pages call it). Writes every run's numbers to .tmp/bench-site.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { root } from './lib.mjs';
import { buildBarePage } from './bench-site-bare.mjs';
import { ensureBackend, LOCAL_URL } from './site-build.mjs';
import { serveDir } from './bench-site-serve.mjs';
import { LANGUAGE_GAP_KB, TARGETS, languageRows, runMetrics, summarize, tableRows } from './bench-site-report.mjs';

const ROUTES = [
  '/', '/about', '/services', '/services/host-hive', '/services/adopt-hive', '/services/swarm-management',
  '/services/workshops', '/shop', '/honey/EH-26F-01', '/cart', '/impact', '/art', '/art/vote', '/hives', '/contact', '/faq', '/privacy', '/terms', '/shipping', '/my-hive',
  // The Spanish twins of the heaviest pages, side by side with their English ones.
  '/es', '/es/shop', '/es/contact', '/es/services/workshops',
];
const LANGUAGE_PAIRS = ['/', '/es', '/shop', '/es/shop', '/contact', '/es/contact', '/services/workshops', '/es/services/workshops'];
const BARE = 'bare Gatsby';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const rounds = Number(option('--rounds') ?? process.env.BENCH_ROUNDS ?? 5);
const pages = option('--pages') ? option('--pages').split(',') : args.includes('--languages') ? LANGUAGE_PAIRS : ROUTES;

async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port, output: 'json', logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    return runMetrics(result.lhr, result.artifacts?.Trace?.traceEvents);
  } finally {
    await chrome.kill();
  }
}

const bareDir = await buildBarePage({ force: args.includes('--rebuild-bare') });
// The pages call the backend as in production (the workshops page's live spots left): a page
// whose fetch fails logs a console error, which Lighthouse counts against best practices.
const backend = process.env.BASE_URL ? { stop: () => {} } : await ensureBackend(process.env, { port: Number(new URL(LOCAL_URL).port) });
const site = process.env.BASE_URL
  ? { base: process.env.BASE_URL.replace(/\/$/, ''), stop: () => {} }
  : await serveDir(join(root, 'site/public'));
const bare = await serveDir(bareDir);
const targets = [{ page: BARE, url: `${bare.base}/` }, ...pages.map((route) => ({ page: route, url: `${site.base}${route}` }))];
const runs = new Map(targets.map((t) => [t.page, []]));
try {
  for (let round = 0; round < rounds; round += 1) {
    // Rotate the order each round so no page always runs first or right after another.
    const shift = (round * 5) % targets.length;
    const order = [...targets.slice(shift), ...targets.slice(0, shift)];
    for (const { page, url } of order) {
      const metrics = await audit(url);
      runs.get(page).push(metrics);
      process.stdout.write(`round ${round + 1}/${rounds} ${page}: perf ${metrics.perf}, TBT ${Math.round(metrics.tbt)} ms\n`);
    }
  }
} finally {
  site.stop();
  bare.stop();
  backend.stop();
}

const summary = summarize(runs);
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(join(root, '.tmp/bench-site.json'), JSON.stringify({ rounds, runs: Object.fromEntries(runs) }, null, 1));
for (const [page, s] of summary) if (s.failing.length) console.log(`${page}: ${s.failing.join(', ')}`);
console.log(`\nMedians of ${rounds} interleaved rounds (Lighthouse mobile, simulated throttling).`);
console.log(`Targets: TBT <= ${TARGETS.tbtRatio} x bare, perf >= bare - ${TARGETS.perfBelowBare}, JS <= ${TARGETS.jsKb} KB, a11y/bp/seo 100, CLS 0.`);
console.table(tableRows(summary, BARE));
const pairs = languageRows(summary);
if (pairs.length) {
  console.log(`\nEach English page and its Spanish twin, same run (same: Spanish perf as high, JS within ${LANGUAGE_GAP_KB} KB).`);
  console.table(pairs);
}
