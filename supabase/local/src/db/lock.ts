/**
 * An exclusive lock on a data directory. PGlite lets two processes open the same directory without
 * any error and they then corrupt it, so the embedded backend takes this lock first. A lock left
 * by a dead process (SIGKILL, crash, power loss) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'buzz-haven.lock';

export interface DirLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null; // vanished or unreadable: treat as stale
  }
}

/** Takes the lock of `dir` (created if missing) or throws a message that says who holds it. */
export function lockDataDir(dir: string): DirLock {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return makeLock(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner !== null && isAlive(owner)) {
      const who = owner === process.pid ? 'this process' : `another process (pid ${owner})`;
      throw new Error(
        `The data directory ${dir} is already in use by ${who}. ` +
          'Stop that backend first, or start this one with another --data-dir.',
      );
    }
    rmSync(path, { force: true }); // stale: its owner is gone
  }
  throw new Error(`Could not take the lock ${path}; another process keeps re-creating it.`);
}

function makeLock(path: string): DirLock {
  let held = true;
  const onExit = (): void => release();
  function release(): void {
    if (!held) return;
    held = false;
    process.removeListener('exit', onExit);
    if (readOwner(path) === process.pid) rmSync(path, { force: true });
  }
  process.on('exit', onExit);
  return { path, release };
}
