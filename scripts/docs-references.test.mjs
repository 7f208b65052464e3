import { fileURLToPath } from 'node:url';
import { documentFiles, missingReferences, npmScripts, pathExists } from './docs-references.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

describe.each(documentFiles(root))('%s', (file) => {
  test('names only paths, links and npm scripts that exist', () => {
    expect(missingReferences(root, file)).toEqual([]);
  });
});

test('the front door, the contributor guide and the topic pages are all checked', () => {
  expect(documentFiles(root)).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/architecture.md']));
});

test('a missing path, link, script or workspace is reported, in prose, inline code and fenced blocks', () => {
  const markdown = [
    'See `scripts/no-such-file.mjs` and [the guide](docs/no-such-page.md); run `npm run no-such-script`.',
    '```sh',
    'npm run build -w admin && npm run nothing-here -w @buzz-haven/site',
    'node scripts/gone.mjs --flag',
    'npm test -w nowhere',
    '```',
  ].join('\n');
  expect(missingReferences(root, 'README.md', markdown)).toEqual([
    'README.md: path scripts/no-such-file.mjs',
    'README.md: path scripts/gone.mjs',
    'README.md: link docs/no-such-page.md',
    'README.md: npm script no-such-script',
    'README.md: npm script nothing-here in @buzz-haven/site',
    'README.md: workspace nowhere (npm ... -w nowhere)',
  ]);
});

test('a link to a heading that does not exist is reported', () => {
  const markdown = '[ok](docs/database.md#adding-a-table), [gone](docs/database.md#no-such-heading), [here](#nothing)';
  expect(missingReferences(root, 'README.md', markdown)).toEqual([
    'README.md: link docs/database.md#no-such-heading (no such heading)',
    'README.md: link #nothing (no such heading)',
  ]);
});

test('generated output, placeholders, globs and brace lists are read as such', () => {
  const markdown = '`dist/index.html`, `site/public`, `admin/src/resources/<name>/index.ts`, `tests/api/rest-tables*.test.ts`, `supabase/templates/{invite,recovery}.html`';
  expect(missingReferences(root, 'README.md', markdown)).toEqual([]);
  expect(pathExists(root, 'tests/api/no-such-*.test.ts')).toBe(false);
  expect(pathExists(root, 'supabase/templates/{invite,nothing}.html')).toBe(false);
  expect(pathExists(root, 'admin/nowhere/<name>/index.ts')).toBe(false);
});

test('npm commands: run, the lifecycle names, workspaces, and what is not a script', () => {
  expect(npmScripts('npm start -- --fresh; npm run bench:site -- --rounds 3 && npm install && npm ci')).toEqual([
    { name: 'start', workspace: undefined },
    { name: 'bench:site', workspace: undefined },
  ]);
  expect(npmScripts('npm run --workspace=admin size | npm run dev -w @buzz-haven/site')).toEqual([
    { name: 'size', workspace: 'admin' },
    { name: 'dev', workspace: '@buzz-haven/site' },
  ]);
});
