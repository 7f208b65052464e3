#!/usr/bin/env node
/**
 * `npm test`: every test, unit to end-to-end. 1) jest (SQL on PGlite and PostgreSQL, HTTP API
 * through supabase-js, site and admin units); 2) one build of the site and admin; 3) Playwright
 * in Debian's Chromium against the built site and the embedded backend. The build reads the
 * database: with no backend on :54321 it starts one on a fresh .data-e2e for the build. Runs
 * every step even when another fails, prints one summary line, exits non-zero on any failure.
 * The build starts with jest, and Playwright as soon as the build is done, while jest still runs.
 * SKIP_BUILD=1 reuses an existing dist/. Extra arguments go to jest (e.g. --selectProjects site).
 * jest runs two workers: most of a test file's time is spent in another process (a backend, the
 * PostgreSQL server) or in PGlite, so on two cores two files at once keep both busy.
 * The end prints where the time went (scripts/test-report.mjs).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, root, run } from './lib.mjs';
import { jestFailures, playwrightFailures } from './test-failures.mjs';
import { StepClock } from './test-steps.mjs';

mkdirSync(join(root, '.tmp'), { recursive: true });
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  GATSBY_TELEMETRY_DISABLED: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
};
/** jest's workers: see the top of this file. */
const JEST_WORKERS = 2;
const started = Date.now();
const steps = new StepClock(started);

// The build starts with jest and Playwright as soon as the build is done, while jest still runs:
// each step alone leaves a core idle much of the time (a worker waiting on its backend, the
// browser on a page). The build holds this checkout's site-tests lock (tests/api/support/siteLock.ts)
// so that it never lands between jest's publisher tests' builds in site/.
const jestJson = join(root, '.tmp/jest.json');
const jestDone = steps.time('jest', run(bin('jest'), [`--maxWorkers=${JEST_WORKERS}`, '--json', '--outputFile', jestJson, ...process.argv.slice(2)], { env }));
const e2eDone = buildThenPlaywright();
const [jestCode, [buildCode, e2eCode]] = await Promise.all([jestDone, e2eDone]);
const results = [['jest', jestCode, readJest()], ['build', buildCode, null], ['playwright', e2eCode, buildCode === 0 ? readPlaywright() : null]];

let passed = 0;
let failed = 0;
console.log('\nSummary');
for (const [step, code, counts] of results) {
  const skipped = counts?.skipped ? `, ${counts.skipped} skipped` : '';
  const detail = counts ? ` (${counts.passed} passed, ${counts.failed} failed${skipped})` : '';
  console.log(`  ${step.padEnd(10)} ${code === 0 ? 'ok' : `FAILED (exit ${code})`}${detail}`);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (code !== 0 && !(counts && counts.failed)) failed += 1;
}
console.log(`  total time ${((Date.now() - started) / 60000).toFixed(1)} min`);
steps.print();
await run('node', ['scripts/test-report.mjs']);
const failures = [...jestFailures(jestJson, root), ...playwrightFailures(join(root, '.tmp/playwright.json'))];
if (failures.length) console.log(`Failed\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0);

async function buildThenPlaywright() {
  let buildCode = 0;
  if (process.env.SKIP_BUILD !== '1' || !existsSync(join(root, 'dist/index.html'))) {
    // The site is built from a fresh seeded database in the data dir Playwright's backend then
    // starts afresh (same seed, so the pages and the database agree), unless a backend already runs.
    const build = ['node', 'scripts/build.mjs', '--data-dir', '.data-e2e', '--fresh'];
    const [cmd, ...args] = existsSync('/usr/bin/flock') ? ['flock', join(root, '.tmp/site-tests.lock'), ...build] : build;
    buildCode = await steps.time('build', run(cmd, args, { env }));
  }
  if (buildCode !== 0) return [buildCode, 1];
  return [buildCode, await steps.time('playwright', run(bin('playwright'), ['test'], { env: { ...env, NODE_OPTIONS: '' } }))];
}

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
    // Skipped: test.skip, and the project that runs after the others when one of theirs failed.
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  } catch {
    return null;
  }
}
