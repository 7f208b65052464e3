#!/usr/bin/env node
/**
 * The local publisher (run by `npm start`): waits for queued site builds (Publish in the admin's
 * Content section, through the publish-content Edge Function), claims one, rebuilds the site from
 * the database (Gatsby, incremental: site/.cache and site/public are kept between builds),
 * assembles it into a new folder (hard links to the live build's unchanged files, copies of the
 * new ones: scripts/site-build.mjs assembleBuild) and puts it live at dist/ only when the build
 * succeeded (dist is then a symlink swapped atomically). A failed build is recorded with the end of its output and
 * dist/ keeps serving the previous site. Start, end and duration are recorded in site_builds.
 * Builds are kept warm (scripts/warm-site-build.mjs): the first is a full Gatsby build; after it,
 * when only data changed, a build re-runs only the queries and pages that depend on the changed
 * data, in a few seconds; a code change or a failure falls back to a full build.
 *
 *   node scripts/publisher.mjs [--dist DIR] [--once] [--interval MS]
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (defaults: the local backend and the CLI's key).
 * --once: handle the queued build, if any, then exit (tests).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root, run } from './lib.mjs';
import { assembleBuild, buildsDirOf, LOCAL_URL, swapLive } from './site-build.mjs';
import { WarmSiteBuilder } from './warm-site-build.mjs';

const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dist = resolve(arg('--dist', join(root, 'dist')));
const interval = Number(arg('--interval', 250));
const once = args.includes('--once');
const url = (process.env.SUPABASE_URL || LOCAL_URL).replace(/\/+$/, '');
const key = process.env.SUPABASE_SERVICE_ROLE_KEY || LOCAL_SERVICE_ROLE_KEY;

async function rpc(fn, body = {}) {
  const res = await fetch(`${url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${fn}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

// eslint-disable-next-line no-control-regex -- terminal colour codes
const plain = (text) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '\n').replace(/\n{2,}/g, '\n');

// The site reads this backend; its browser code keeps GATSBY_SUPABASE_URL (or the local default).
const builder = new WarmSiteBuilder({ ...process.env, BUZZ_SITE_DATA_URL: url }, { prefix: '[gatsby] ' });
let lastBuild = '';

/** What assembleBuild made of the live build (the next one reuses its unchanged files). */
let live = null;

/** Rebuilds and publishes; returns the error text of a failed build, or null. */
async function publish(build) {
  const dir = join(buildsDirOf(dist), `build-${Date.now()}-${build.id.slice(0, 8)}`);
  mkdirSync(buildsDirOf(dist), { recursive: true });
  if (!existsSync(join(root, 'admin/dist/index.html'))) {
    if ((await run('npm', ['run', 'build', '-w', '@buzz-haven/admin'])) !== 0) return 'The admin build failed';
  }
  const { code, output, mode, pages, deleted, steps, copied, copyMs } =
    await builder.build({ copy: () => assembleBuild(dir, { previous: live }) });
  if (code !== 0) return plain(output).trim().slice(-2048);
  lastBuild = mode === 'data'
    ? `data build: rendered ${pages.join(', ') || 'no page'}${deleted.length ? `, deleted ${deleted.join(', ')}` : ''}; ${steps.join(', ')}`
    : 'full build';
  lastBuild += copied.changed ? `, assembled from the live build and ${copied.changed.length} new file(s) in ${copyMs} ms`
    : `, copied and assembled in ${copyMs} ms`;
  const swapping = Date.now();
  swapLive(dist, dir);
  live = copied;
  lastBuild += `, swapped in ${Date.now() - swapping} ms`;
  return null;
}

async function handleOne() {
  const [build] = await rpc('claim_buzz_haven_site_build');
  if (!build) return false;
  const started = Date.now();
  console.log(`publisher: build ${build.id} started (${build.reason ?? 'no reason given'})`);
  let error;
  try {
    error = await publish(build);
  } catch (err) {
    error = `The publisher failed: ${err.message}`;
  }
  await rpc('finish_buzz_haven_site_build', { p_id: build.id, p_state: error ? 'failed' : 'succeeded', p_error: error });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (error) console.error(`publisher: build ${build.id} FAILED after ${seconds} s; ${dist} still serves the previous site.\n${error}`);
  else console.log(`publisher: build ${build.id} succeeded in ${seconds} s (${lastBuild}); ${dist} serves it`);
  return true;
}

// Builds left 'running' by a publisher that stopped midway can never finish: record them failed.
// The backend may still be starting: try for a minute.
for (let attempt = 1; ; attempt++) {
  try {
    for (const stale of (await rpc('get_buzz_haven_site_builds')).filter((b) => b.state === 'running')) {
      await rpc('finish_buzz_haven_site_build', { p_id: stale.id, p_state: 'failed', p_error: 'The publisher stopped during this build' });
    }
    break;
  } catch (err) {
    if (attempt >= 60) {
      console.error(`publisher: cannot reach ${url}: ${err.message}. Is the backend running (npm start)?`);
      process.exit(1);
    }
    await new Promise((done) => setTimeout(done, 1000));
  }
}

console.log(`publisher: waiting for builds (${url}, publishing to ${dist})`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    builder.stop();
    process.exit(0);
  });
}
for (;;) {
  let worked = false;
  try {
    worked = await handleOne();
  } catch (err) {
    console.error(`publisher: ${err.message}`);
  }
  if (once) break;
  if (!worked) await new Promise((done) => setTimeout(done, interval));
}
builder.stop();
