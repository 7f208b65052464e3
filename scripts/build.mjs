#!/usr/bin/env node
/**
 * Builds the public site (Gatsby -> site/public) from the database and the admin (Vite ->
 * admin/dist), then assembles dist/ as a static host will serve it: the site at /, the admin under
 * /admin/, the host's _redirects and _headers (Netlify format) from scripts/hosting.json, and each
 * page's Content-Security-Policy (scripts/contentSecurityPolicy.mjs). The bundles' source maps go
 * to dist-sourcemaps/ beside it, which the static host does not serve.
 * The site reads the database at GATSBY_SUPABASE_URL (default: the local backend on :54321); when
 * that is the local default and nothing answers, the embedded backend is started for the build
 * (data in .data, or --data-dir DIR; --fresh for a new seeded database) and stopped after it.
 */
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';
import { assemble, buildsDirOf, buildSite, ensureBackend, sourceMapsDirOf } from './site-build.mjs';

const args = process.argv.slice(2);
const dataDirAt = args.indexOf('--data-dir');
const backend = await ensureBackend(
  { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  { dataDir: dataDirAt >= 0 ? args[dataDirAt + 1] : '.data', fresh: args.includes('--fresh') },
);
const fail = (message) => {
  console.error(message);
  backend.stop();
  process.exit(1);
};

const started = Date.now();
const dist = join(root, 'dist');
const next = join(root, '.tmp/dist-next');
mkdirSync(join(root, '.tmp'), { recursive: true });
console.log('Building the public site (Gatsby) from the database...');
if ((await buildSite(backend.env, { copyTo: next })).code !== 0) fail('site build failed');
backend.stop();
console.log('Building the admin (Vite)...');
if ((await run('npm', ['run', 'build', '-w', '@buzz-haven/admin'], { env: backend.env })) !== 0) fail('admin build failed');
const nextMaps = join(root, '.tmp/dist-next-sourcemaps');
try {
  assemble(next, process.env, { sourceMapsTo: nextMaps });
} catch (error) {
  fail(`assembling dist failed: ${error.message}`);
}
// A dist left as a symlink by the publisher becomes a plain folder again.
if (existsSync(dist) || isLink(dist)) rmSync(dist, { recursive: true, force: true });
rmSync(buildsDirOf(dist), { recursive: true, force: true });
renameSync(next, dist);
rmSync(sourceMapsDirOf(dist), { recursive: true, force: true });
renameSync(nextMaps, sourceMapsDirOf(dist));
console.log(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(0)} s`);

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
