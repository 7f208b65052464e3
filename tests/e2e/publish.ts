/**
 * Requests a site build and runs the local publisher once (scripts/publisher.mjs --once) into a
 * spec's own folder, both while holding this checkout's site-tests lock (.tmp/site-tests.lock,
 * tests/api/support/siteLock.ts). Jest's publisher tests need every build in `site/` between
 * their own builds to be theirs (`npm test` runs Playwright while jest runs); and the specs run
 * side by side, so another spec's publisher must not take this spec's queued build (requests
 * made while one is queued join it) nor start while a spec holds a build it claimed itself.
 * Resolves with the publisher's output.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { holdSiteLock } from '../api/support/siteLock';

const ROOT = join(__dirname, '../..');

/** Runs `work` holding the site-tests lock (where there is flock, as on Linux). */
export async function withSiteLock<T>(work: () => Promise<T>): Promise<T> {
  const release = existsSync('/usr/bin/flock') ? await holdSiteLock() : () => undefined;
  try {
    return await work();
  } finally {
    release();
  }
}

export async function publishOnce(
  dist: string,
  timeoutMs: number,
  requestBuild: () => Promise<unknown>,
): Promise<{ stdout: string; stderr: string }> {
  return withSiteLock(async () => {
    await requestBuild();
    return promisify(execFile)('node', ['scripts/publisher.mjs', '--once', '--dist', dist], {
      cwd: ROOT, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024,
    });
  });
}
