import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jestFailures, playwrightFailures } from './test-failures.mjs';

const dir = mkdtempSync(join(tmpdir(), 'test-failures-'));
const write = (name, value) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

test('jest: each failed test by file and full name; a file that failed outside its tests by its first line', () => {
  const file = write('jest.json', {
    testResults: [
      { name: '/repo/tests/sql/a.test.ts', status: 'failed', assertionResults: [
        { status: 'passed', fullName: 'a works' }, { status: 'failed', fullName: 'on postgres › a races' }] },
      { name: '/repo/tests/sql/b.test.ts', status: 'failed', assertionResults: [], message: '  ● Test suite failed to run\n\n  Cannot find module x\n' },
      { name: '/repo/tests/sql/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'c' }] },
    ],
  });
  expect(jestFailures(file, '/repo')).toEqual([
    'tests/sql/a.test.ts › on postgres › a races',
    'tests/sql/b.test.ts (the file failed: Cannot find module x)',
  ]);
});

test('Playwright: each unexpected outcome with its project, file, line and describe titles; flaky ones pass', () => {
  const file = write('playwright.json', {
    suites: [{ title: 'admin/users.spec.ts', specs: [
      { file: 'admin/users.spec.ts', line: 34, title: 'approves', tests: [{ projectName: 'admin', status: 'unexpected' }] },
      { file: 'admin/users.spec.ts', line: 50, title: 'retried', tests: [{ projectName: 'admin', status: 'flaky' }] },
    ], suites: [{ title: 'offline', specs: [
      { file: 'admin/users.spec.ts', line: 70, title: 'queues', tests: [{ projectName: 'admin', status: 'unexpected' }] }] }] }],
  });
  expect(playwrightFailures(file)).toEqual([
    '[admin] admin/users.spec.ts:34 › approves',
    '[admin] admin/users.spec.ts:70 › offline › queues',
  ]);
});

test('a missing report lists nothing', () => {
  expect(jestFailures(join(dir, 'none.json'), '/repo')).toEqual([]);
  expect(playwrightFailures(join(dir, 'none.json'))).toEqual([]);
});
