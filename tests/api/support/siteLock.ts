/**
 * The test files that build the site in this checkout's `site/` (the publisher's) hold this lock
 * for their whole run: the publisher's data builds need the last build in `site/` to be their own,
 * and jest runs two files at once. Another checkout's builds do not matter (they have their own
 * `site/`), so the lock file lives in this checkout.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server';

/** Waits for the lock and resolves with its release. */
export async function holdSiteLock(): Promise<() => void> {
  const dir = join(REPO_ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const holder = spawn('flock', [join(dir, 'site-tests.lock'), 'sh', '-c', 'echo locked; exec cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise((done, fail) => {
    holder.stdout.once('data', done);
    holder.once('exit', (code) => fail(new Error(`flock site-tests.lock exited with ${code}`)));
  });
  return () => holder.stdin.end();
}

/** How long a file may wait for the other to finish its builds. */
export const SITE_LOCK_TIMEOUT = 900_000;
