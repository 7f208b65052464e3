/**
 * Runs the local publisher once (scripts/publisher.mjs --once) into a spec's own folder, holding
 * this checkout's site-tests lock (.tmp/site-tests.lock, as tests/api/support/siteLock.ts does):
 * `npm test` runs Playwright while jest runs, and jest's publisher tests need every build in
 * `site/` between their own builds to be theirs. Resolves with the publisher's output.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../..');

export async function publishOnce(dist: string, timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const publisher = ['node', 'scripts/publisher.mjs', '--once', '--dist', dist];
  const [cmd, ...args] = existsSync('/usr/bin/flock') ? ['flock', join(ROOT, '.tmp/site-tests.lock'), ...publisher] : publisher;
  return promisify(execFile)(cmd, args, { cwd: ROOT, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
}
