#!/usr/bin/env node
/**
 * Builds the public site (Gatsby -> site/public) and the admin (Vite -> admin/dist), then
 * assembles dist/ as a static host will serve it: the site at /, the admin under /admin/, and
 * the host's rewrite file (_redirects, Netlify format) generated from scripts/rewrites.json.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
const hasFlock = existsSync('/usr/bin/flock');
// Builds in the same site/ folder must not overlap (they share site/.cache).
const gatsby = hasFlock
  ? ['flock', ['/tmp/gatsby.lock', 'npm', 'run', 'build', '-w', '@buzz-haven/site']]
  : ['npm', ['run', 'build', '-w', '@buzz-haven/site']];

const started = Date.now();
console.log('Building the public site (Gatsby)...');
if ((await run(gatsby[0], gatsby[1], { env })) !== 0) fail('site build failed');
console.log('Building the admin (Vite)...');
if ((await run('npm', ['run', 'build', '-w', '@buzz-haven/admin'], { env })) !== 0) fail('admin build failed');

const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
cpSync(join(root, 'site/public'), dist, { recursive: true });
cpSync(join(root, 'admin/dist'), join(dist, 'admin'), { recursive: true });
const { rewrites } = JSON.parse(readFileSync(join(root, 'scripts/rewrites.json'), 'utf8'));
const redirects = rewrites
  .map(({ source, destination }) => `${source.replace('/**', '/*')}  ${destination}  200`)
  .join('\n');
writeFileSync(join(dist, '_redirects'), `${redirects}\n`);
console.log(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(0)} s`);

function fail(message) {
  console.error(message);
  process.exit(1);
}
