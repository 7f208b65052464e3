/**
 * The publisher's site builds, kept warm, so a published change is live in seconds, not a full build later.
 * A builder process (scripts/site-builder.mjs) does its first build as `gatsby build` does and then
 * stays up with Gatsby's state loaded; a later build where only data changed re-runs in it only
 * what depends on the changed data (the queries and pages of the changed nodes), in a few seconds.
 * It falls back to a full build in a new builder process whenever
 * - the code may have changed: the site's files, content/ (its pictures and schemas), the shared
 *   schemas under supabase/functions/_shared, package-lock.json (by size and time), or
 * - another process built in site/ since (scripts/build.mjs, a test): Gatsby's saved state
 *   (site/.cache/redux) is not the one this builder left, or
 * - the data build failed (its process ends; nothing it wrote is live: the caller copies site/public
 *   only after a build that succeeded).
 * Builds in site/ never overlap: each one holds /tmp/gatsby.lock, as buildSite does.
 */
import { fork, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const siteDir = join(root, 'site');
const WATCHED = ['site', 'content', 'supabase/functions/_shared', 'package-lock.json'];
const SKIPPED = new Set(['site/.cache', 'site/public', 'site/node_modules', 'site/src/gatsby-types.d.ts']);

/** Size and modification time of every file the site build compiles or sources from disk. */
export function codeFingerprint() {
  const parts = [];
  const visit = (relative) => {
    if (SKIPPED.has(relative)) return;
    const full = join(root, relative);
    let stat;
    try {
      stat = statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(`${relative}/${name}`);
    } else {
      parts.push(`${relative}:${stat.size}:${stat.mtimeMs}`);
    }
  };
  WATCHED.forEach(visit);
  return parts.join('\n');
}

/** Gatsby's saved state as the last build left it (changes when any build in site/ saves it). */
function savedState() {
  const dir = join(siteDir, '.cache/redux');
  if (!existsSync(dir)) return '';
  return readdirSync(dir).sort().map((name) => {
    const stat = statSync(join(dir, name));
    return `${name}:${stat.size}:${stat.mtimeMs}`;
  }).join('\n');
}

/** Holds /tmp/gatsby.lock (flock, where there is one) until the returned function is called. */
async function lockSiteBuilds() {
  if (!existsSync('/usr/bin/flock')) return () => {};
  const holder = spawn('flock', ['/tmp/gatsby.lock', 'sh', '-c', 'echo locked; exec cat >/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise((done, fail) => {
    holder.stdout.once('data', done);
    holder.once('exit', (code) => fail(new Error(`flock /tmp/gatsby.lock exited with ${code}`)));
  });
  return () => holder.stdin.end();
}

export class WarmSiteBuilder {
  /** env: the builds' environment; echo/prefix: print the build output as buildSite does. */
  constructor(env, { echo = true, prefix = '' } = {}) {
    this.env = { GATSBY_TELEMETRY_DISABLED: '1', ...env, NODE_ENV: 'production' };
    this.echo = echo;
    this.prefix = prefix;
    this.child = null;
    this.fingerprint = null;
    this.state = null;
  }

  /** Why the next build cannot be a data build, or null when it can. */
  fullBuildReason() {
    if (!this.child) return 'no warm builder yet';
    if (codeFingerprint() !== this.fingerprint) return 'the code changed';
    if (savedState() !== this.state) return 'another build ran in site/';
    return null;
  }

  /**
   * Builds site/public and, when it succeeded, calls copy() (under the same lock: it copies
   * site/public while no other build writes there). Resolves with { code, output, mode ('data' or
   * 'full'), pages (the paths a data build rendered), deleted, fallback (why a data build was not
   * used, or how it failed), copied (what copy() returned), copyMs }.
   */
  async build({ copy } = {}) {
    const release = await lockSiteBuilds();
    try {
      const result = await this.#build();
      const copying = Date.now();
      const copied = result.code === 0 && copy ? copy() : undefined;
      return { ...result, copied, copyMs: Date.now() - copying };
    } finally {
      release();
    }
  }

  async #build() {
    let fallback = this.fullBuildReason();
    if (!fallback) {
      const fingerprint = codeFingerprint();
      const result = await this.#run();
      if (result.code === 0) return this.#remember(result, fingerprint);
      fallback = `the data build failed:\n${result.output.slice(-1024)}`;
    }
    this.stop();
    if (this.echo) console.log(`${this.prefix}full build (${fallback.split('\n')[0]})`);
    const fingerprint = codeFingerprint();
    this.child = this.#start();
    const result = await this.#run();
    if (result.code !== 0) this.stop();
    return result.code === 0 ? this.#remember({ ...result, fallback }, fingerprint) : { ...result, fallback };
  }

  stop() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
    this.child = null;
  }

  #remember(result, fingerprint) {
    this.fingerprint = fingerprint;
    this.state = savedState();
    return result;
  }

  #start() {
    const child = fork(join(root, 'scripts/site-builder.mjs'), [], { cwd: siteDir, env: this.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    child.output = '';
    const onData = (chunk) => {
      const text = chunk.toString();
      child.output = (child.output + text).slice(-8192);
      if (this.echo) process.stdout.write(this.prefix ? text.replace(/^(?=.)/gm, this.prefix) : text);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // Messages are sent once the builder listens for them.
    child.ready = new Promise((done) => {
      const onReady = (message) => {
        if (message.type !== 'ready') return;
        child.off('message', onReady);
        done();
      };
      child.on('message', onReady);
    });
    return child;
  }

  /** One build in the current builder: { code: 0, mode, pages, deleted } or { code: 1 } when it ends. */
  #run() {
    const child = this.child;
    child.output = '';
    return new Promise((done) => {
      const onMessage = (message) => {
        if (message.type !== 'built') return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        done({ code: 0, output: child.output, mode: message.mode, pages: message.pages, deleted: message.deleted, steps: message.steps });
      };
      const onExit = (code, signal) => {
        child.off('message', onMessage);
        if (this.child === child) this.child = null;
        // Let the last output arrive.
        setTimeout(() => done({ code: code || 1, output: child.output || `The site builder stopped (${signal ?? code})` }), 100);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.ready.then(() => child.send({ type: 'build' }));
    });
  }
}
