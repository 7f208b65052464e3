/**
 * The bare Gatsby page of `npm run bench:site`: copies the fixture (scripts/bench/bare-gatsby)
 * to .tmp/bare-gatsby and builds it there with the workspace's Gatsby (same version and
 * node_modules as the site; nothing installed), so its .cache/ and public/ stay out of the repo.
 * The build is reused while the fixture's files are unchanged.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bin, root, run } from './lib.mjs';

const fixture = join(root, 'scripts/bench/bare-gatsby');
const work = join(root, '.tmp/bare-gatsby');
const stampFile = join(work, '.fixture-hash');

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A hash of the fixture's files (names and bytes) plus the Gatsby version that builds it. */
function fixtureHash() {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(join(root, 'node_modules/gatsby/package.json'), 'utf8')).version);
  for (const file of filesUnder(fixture).sort()) {
    hash.update(relative(fixture, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Builds the bare page when needed; resolves with the folder to serve (its public/). */
export async function buildBarePage({ force = false } = {}) {
  const publicDir = join(work, 'public');
  const hash = fixtureHash();
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (!force && current === hash && existsSync(join(publicDir, 'index.html'))) return publicDir;

  console.log('Building the bare Gatsby page (scripts/bench/bare-gatsby)...');
  rmSync(work, { recursive: true, force: true });
  cpSync(fixture, work, { recursive: true });
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  const gatsby = [bin('gatsby'), ['build']];
  const [cmd, args] = existsSync('/usr/bin/flock') ? ['flock', ['/tmp/gatsby.lock', ...gatsby.flat()]] : gatsby;
  if ((await run(cmd, args, { cwd: work, env })) !== 0) throw new Error('the bare Gatsby page did not build');
  writeFileSync(stampFile, hash);
  return publicDir;
}
