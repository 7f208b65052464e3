#!/usr/bin/env node
/**
 * `npm test`: every test, unit to end-to-end. 1) jest (SQL on PGlite and PostgreSQL, HTTP API
 * through supabase-js, site and admin units); 2) one build of the site and admin; 3) Playwright
 * in Debian's Chromium against the built site and the embedded backend. The build reads the
 * database: with no backend on :54321 it starts one on a fresh .data-e2e for the build. Runs
 * every step even when an earlier one fails, prints one summary line, exits non-zero on any failure.
 * SKIP_BUILD=1 reuses an existing dist/. Extra arguments go to jest (e.g. --selectProjects site).
 * jest runs two workers: most of a test file's time is spent in another process (a backend, the
 * PostgreSQL server) or in PGlite, so on two cores two files at once keep both busy.
 * The end prints where the time went (scripts/test-report.mjs).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, root, run } from './lib.mjs';

mkdirSync(join(root, '.tmp'), { recursive: true });
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  GATSBY_TELEMETRY_DISABLED: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
};
const started = Date.now();
const results = [];

const jestJson = join(root, '.tmp/jest.json');
const jestCode = await run(bin('jest'), ['--maxWorkers=2', '--json', '--outputFile', jestJson, ...process.argv.slice(2)], { env });
results.push(['jest', jestCode, readJest()]);

let buildCode = 0;
if (process.env.SKIP_BUILD !== '1' || !existsSync(join(root, 'dist/index.html'))) {
  // The site is built from a fresh seeded database in the data dir Playwright's backend then
  // starts afresh (same seed, so the pages and the database agree), unless a backend already runs.
  buildCode = await run('node', ['scripts/build.mjs', '--data-dir', '.data-e2e', '--fresh'], { env });
}
results.push(['build', buildCode, null]);

let e2eCode = 1;
let e2e = null;
if (buildCode === 0) {
  e2eCode = await run(bin('playwright'), ['test'], { env: { ...env, NODE_OPTIONS: '' } });
  e2e = readPlaywright();
}
results.push(['playwright', e2eCode, e2e]);

let passed = 0;
let failed = 0;
console.log('\nSummary');
for (const [step, code, counts] of results) {
  const detail = counts ? ` (${counts.passed} passed, ${counts.failed} failed)` : '';
  console.log(`  ${step.padEnd(10)} ${code === 0 ? 'ok' : `FAILED (exit ${code})`}${detail}`);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (code !== 0 && !(counts && counts.failed)) failed += 1;
}
console.log(`  total time ${((Date.now() - started) / 60000).toFixed(1)} min`);
await run('node', ['scripts/test-report.mjs']);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0);

function readJest() {
  try {
    const r = JSON.parse(readFileSync(jestJson, 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites };
  } catch {
    return null;
  }
}

function readPlaywright() {
  try {
    const { stats } = JSON.parse(readFileSync(join(root, '.tmp/playwright.json'), 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  } catch {
    return null;
  }
}
