/**
 * What building the site needs, shared by scripts/build.mjs (`npm run build`) and
 * scripts/publisher.mjs (the rebuilds after Publish): where the site reads its data, starting the
 * embedded backend when the build needs it and nothing answers, the Gatsby build, and assembling
 * a dist folder (the site at /, the admin under /admin/, the host's rewrite file).
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { INLINE_SCRIPTS_FILE, knownScripts, origins, tileImageSource, withPolicy } from './contentSecurityPolicy.mjs';
import { root, startService, stopService } from './lib.mjs';

export const LOCAL_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The URL the site build reads its data from (BUZZ_SITE_DATA_URL, else GATSBY_SUPABASE_URL). */
export const siteDataUrl = (env = process.env) =>
  (env.BUZZ_SITE_DATA_URL || env.GATSBY_SUPABASE_URL || LOCAL_URL).replace(/\/+$/, '');

/** Whether a Supabase(-compatible) API answers at url. */
export async function answers(url) {
  try {
    await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/**
 * When the site would read the local default URL and nothing answers there, starts the embedded
 * backend (data in dataDir, `.data` by default, as `npm start` keeps it) on a free port for the
 * build; returns { env, stop } with BUZZ_SITE_DATA_URL pointing at it. The browser code keeps the
 * configured URL. Otherwise returns the env unchanged.
 */
export async function ensureBackend(env, { dataDir = '.data', fresh = false, port: fixedPort } = {}) {
  const url = siteDataUrl(env);
  if (url !== LOCAL_URL || (await answers(url))) return { env, stop: () => {} };
  console.log(`Nothing answers at ${url}: starting the embedded backend (data in ${dataDir})...`);
  const port = fixedPort ?? (await freePort());
  const args = ['--import', 'tsx', 'supabase/local/src/main.ts', '--port', String(port), '--data-dir', dataDir];
  if (fresh) args.push('--fresh');
  const backend = await startService('build-backend', 'node', args, { ready: /ready at http/ });
  return { env: { ...env, BUZZ_SITE_DATA_URL: `http://127.0.0.1:${port}` }, stop: () => stopService(backend) };
}

/**
 * Runs the Gatsby build of the site (site/.cache and site/public are kept between builds, so a
 * rebuild only redoes what changed) and, when it succeeds, copies site/public to `copyTo`, both
 * under one lock: builds in the one site/ folder never overlap, and a copy never sees another
 * build's half-written files. Resolves with { code, output } (output: the last ~8 KB, also echoed
 * with `prefix` when `echo`).
 */
export function buildSite(env, { copyTo, echo = true, prefix = '' } = {}) {
  const script = copyTo
    ? 'npm run build -w @buzz-haven/site && rm -rf "$1" && cp -a site/public "$1"'
    : 'npm run build -w @buzz-haven/site';
  const shell = ['sh', '-c', script, 'build-site', ...(copyTo ? [copyTo] : [])];
  const command = existsSync('/usr/bin/flock') ? ['flock', ['/tmp/gatsby.lock', ...shell]] : [shell[0], shell.slice(1)];
  return new Promise((done) => {
    const child = spawn(command[0], command[1], {
      cwd: root,
      env: { GATSBY_TELEMETRY_DISABLED: '1', ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      const text = chunk.toString();
      output = (output + text).slice(-8192);
      if (echo) process.stdout.write(prefix ? text.replace(/^(?=.)/gm, prefix) : text);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', (err) => done({ code: 1, output: err.message }));
  });
}

/**
 * Makes dir a deployable folder: the site (already copied there by buildSite's copyTo), the admin
 * under admin/, the host's _redirects and _headers (scripts/hosting.json), and in every page its
 * Content-Security-Policy with the hashes of the inline scripts the build wrote into it (an
 * inline script the build did not write throws, naming the page). The build's list of those
 * scripts and the bundles' source maps are not served: the list is read and removed, the maps
 * move to `sourceMapsTo` (removed when it is not given).
 */
export function assemble(dir, env = process.env, { sourceMapsTo } = {}) {
  const scripts = readInlineScripts(dir);
  rmSync(join(dir, INLINE_SCRIPTS_FILE));
  moveSourceMaps(dir, sourceMapsTo);
  // cp -a is several times faster than cpSync here (a data build's publish waits for it).
  if (process.platform === 'win32') cpSync(join(root, 'admin/dist'), join(dir, 'admin'), { recursive: true });
  else execFileSync('cp', ['-a', join(root, 'admin/dist'), join(dir, 'admin')]);
  const { rewrites, notFound, headers, pathHeaders } = JSON.parse(readFileSync(join(root, 'scripts/hosting.json'), 'utf8'));
  // Netlify applies a 404 rule only where no file matches; Cloudflare Pages serves the nearest 404.html itself.
  const redirects = [
    ...rewrites.map(({ source, destination }) => `${source.replace('/**', '/*')}  ${destination}  200`),
    ...notFound.map(({ source, page }) => `${source.replace('/**', '/*')}  ${page}  404`),
  ].join('\n');
  writeFileSync(join(dir, '_redirects'), `${redirects}\n`);
  const block = (path, list) => `${path}\n${list.map(({ key, value }) => `  ${key}: ${value}\n`).join('')}`;
  writeFileSync(join(dir, '_headers'), [block('/*', headers), ...pathHeaders.map(({ source, headers: own }) => block(source, own))].join(''));
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, entry);
    if (!withPolicyOf(entry) || !statSync(file).isFile()) continue;
    const before = readFileSync(file, 'utf8');
    const after = pagePolicy(entry, before, env, scripts);
    if (after !== before) writeFileSync(file, after);
  }
}

/** The site build's list of the inline scripts it wrote into the pages of dir (site/src/build/inlineScripts.ts). */
function readInlineScripts(dir) {
  const file = join(dir, INLINE_SCRIPTS_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: the site build's onPostBuild writes it (site/src/build/inlineScripts.ts)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Whether a file of the built site stays out of the deployable folder (source maps, the script list). */
const notServed = (entry) => entry.endsWith('.map') || entry === INLINE_SCRIPTS_FILE;

/**
 * Moves the source maps at the top of dir (Gatsby writes one beside each bundle) to `to`, or
 * removes them when `to` is not given: the static host never serves them.
 */
function moveSourceMaps(dir, to) {
  if (to) {
    rmSync(to, { recursive: true, force: true });
    mkdirSync(to, { recursive: true });
  }
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.map'))) {
    if (to) renameSync(join(dir, name), join(to, name));
    else rmSync(join(dir, name));
  }
}

/** Whether a file of the assembled folder is a page that carries a Content-Security-Policy. */
const withPolicyOf = (entry) => entry.endsWith('.html') && !entry.startsWith('_gatsby');

/** A page's HTML with its Content-Security-Policy (entry: its path in the assembled folder). */
function pagePolicy(entry, html, env, scripts) {
  // The browser code calls the project the site and admin were built for (their GATSBY_/VITE_ URLs).
  const api = origins([env.GATSBY_SUPABASE_URL || LOCAL_URL, env.VITE_SUPABASE_URL || LOCAL_URL]);
  // The admin shows Storage pictures from the API; the site's pictures are built into it, but
  // for /hives: its map's tiles (GATSBY_MAP_TILE_URL) and its wraps' media-library photos, and
  // for /my-hive: the media-library photos of a hive's shared inspections and wrap, and for each
  // /honey/<code>: its hives' wrap photos.
  const page = entry.split(sep).join('/');
  const images = entry.startsWith('admin') || page === 'my-hive/index.html' || /^honey\/[^/]+\/index\.html$/.test(page) ? api
    : page === 'hives/index.html' ? [...api, tileImageSource(env.GATSBY_MAP_TILE_URL || undefined)].filter(Boolean) : [];
  // The admin's page is Vite's: it writes no inline script, so none is allowed there.
  return withPolicy(html, { api, images, page, scripts: knownScripts(entry.startsWith('admin') ? null : scripts, entry) });
}

/** Every file under dir (its path relative to dir, with prefix) and what identifies its version. */
function fileVersions(dir, prefix = '') {
  const versions = new Map();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(join(dir, entry));
    if (stat.isFile()) versions.set(prefix + entry, `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`);
  }
  return versions;
}

/**
 * The publisher's assembly of a new build folder `dir` from site/public and admin/dist, as
 * `cp -a site/public dir` then assemble(dir) make it, but reusing `previous` (what the last call
 * returned: the folder it made, now live, and the versions of the files it was made from) when the
 * environment and scripts/hosting.json are the same: `dir` starts as hard links to the previous
 * folder's files (cp -al), then every file of site/public or admin/dist that is new or was written
 * since is copied in (a page with its Content-Security-Policy) and every file that is gone is
 * removed. Each of these writes is a new file renamed into place, so no file of the previous
 * folder (the live site until swapLive) is ever written. Returns what the next call reuses.
 */
export function assembleBuild(dir, { previous = null, env = process.env } = {}) {
  const site = join(root, 'site/public');
  const admin = join(root, 'admin/dist');
  const setting = JSON.stringify([env.GATSBY_SUPABASE_URL, env.VITE_SUPABASE_URL, env.GATSBY_MAP_TILE_URL,
    readFileSync(join(root, 'scripts/hosting.json'), 'utf8')]);
  const versions = new Map([...fileVersions(site), ...fileVersions(admin, `admin${sep}`)].filter(([entry]) => !notServed(entry)));
  if (!previous || previous.setting !== setting || !existsSync(previous.dir)) {
    execFileSync('cp', ['-a', site, dir]);
    assemble(dir, env);
    return { dir, setting, versions, changed: null };
  }
  execFileSync('cp', ['-al', previous.dir, dir]);
  const scripts = readInlineScripts(site);
  const changed = [];
  for (const [entry, version] of versions) {
    if (previous.versions.get(entry) === version) continue;
    const from = entry.startsWith(`admin${sep}`) ? join(admin, entry.slice(6)) : join(site, entry);
    const to = join(dir, entry);
    const temp = `${to}.assembling`;
    mkdirSync(dirname(to), { recursive: true });
    if (withPolicyOf(entry)) writeFileSync(temp, pagePolicy(entry, readFileSync(from, 'utf8'), env, scripts));
    else copyFileSync(from, temp);
    renameSync(temp, to);
    changed.push(entry);
  }
  for (const entry of previous.versions.keys()) {
    if (!versions.has(entry)) rmSync(join(dir, entry), { force: true });
  }
  return { dir, setting, versions, changed };
}

/**
 * Puts a new build live at `dist` at once: dist is a symlink to `<dist>.builds/<name>`, replaced by
 * rename (atomic), so the server never sees a half-copied site. A real dist folder (from an earlier
 * `npm run build`) is moved into <dist>.builds first. Keeps the previous build, removes older ones.
 */
export function swapLive(dist, buildDir) {
  dist = resolve(dist);
  const builds = `${dist}.builds`;
  mkdirSync(builds, { recursive: true });
  if (existsSync(dist) && !lstatSync(dist).isSymbolicLink()) {
    renameSync(dist, join(builds, `initial-${Date.now()}`));
  }
  const temp = `${dist}.next-link`;
  rmSync(temp, { force: true });
  symlinkSync(buildDir, temp);
  renameSync(temp, dist);
  const keep = new Set([basename(buildDir)]);
  const others = readdirSync(builds)
    .filter((name) => !keep.has(name))
    .map((name) => ({ name, time: lstatSync(join(builds, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const old of others.slice(1)) rmSync(join(builds, old.name), { recursive: true, force: true });
}

export const buildsDirOf = (dist) => `${resolve(dist)}.builds`;

/** Where `npm run build` keeps the bundles' source maps, beside dist and never served (for an error tracker or a profile). */
export const sourceMapsDirOf = (dist) => `${resolve(dist)}-sourcemaps`;
