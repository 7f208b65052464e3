/**
 * The names of the tests that failed, from jest's and Playwright's JSON reports, printed at the
 * very end of `npm test`: a long run's log is often read from its tail only (CI keeps a part), and
 * the summary's counts alone do not say what to re-run.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** `file › test` for each failed jest test; a file that failed outside its tests, with its first line. */
export function jestFailures(file, root) {
  const report = readJson(file);
  if (!report) return [];
  const lines = [];
  for (const suite of report.testResults ?? []) {
    const name = relative(root, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failedTests) lines.push(`${name} › ${test.fullName}`);
    if (!failedTests.length && suite.status === 'failed') {
      const first = (suite.message ?? '').split('\n').map((l) => l.trim()).find((l) => l && !l.startsWith('●'));
      lines.push(`${name} (the file failed: ${first ?? 'no message'})`);
    }
  }
  return lines;
}

/** `[project] file:line › title` for each Playwright test whose outcome was unexpected. */
export function playwrightFailures(file) {
  const report = readJson(file);
  if (!report) return [];
  const lines = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') lines.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return lines;
}
