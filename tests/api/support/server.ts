/**
 * Runs the embedded backend as a real child process (the way `npm start` does), on a free port and
 * a temporary data directory, so the API tests cross real HTTP and can stop it with any signal.
 * `node` itself runs the server (its bundle, or `--import tsx`), in ONE process: SIGKILL hits the
 * server itself, not a wrapper.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { LOCK_FILE_NAME } from '../../../supabase/local/src/db/lock';
import { BACKEND_ENTRY_ENV } from '../../setup/backend-bundle';
import { builtTemplate } from '../../setup/templates';

export const REPO_ROOT = resolve(__dirname, '../../..');

export interface BackendOptions {
  /** Reuse a data directory (restart tests); a new temporary one otherwise. */
  dataDir?: string;
  fresh?: boolean;
  env?: Record<string, string>;
  /** Serve the local mailbox (`--mailbox`, as `npm start` does); default true. */
  mailbox?: boolean;
}

export interface Backend {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'buzz-api-'));
}

/**
 * A new temporary data directory holding what a first start makes (migrated, seeded, the seed's
 * files in Storage): a copy of the run's backend template (tests/setup/backend-template.mjs),
 * or null when there is none ready soon enough, and the backend then starts afresh.
 */
async function seededDataDir(): Promise<string | null> {
  const path = await builtTemplate('backend', TEMPLATE_WAIT_MS);
  if (!path) return null;
  const dataDir = tempDataDir();
  cpSync(path, dataDir, { recursive: true, filter: (source) => basename(source) !== LOCK_FILE_NAME });
  return dataDir;
}

/** Waiting longer than a fresh start would take gains nothing. */
const TEMPLATE_WAIT_MS = 20_000;

export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const port = await freePort();
  // A test's own new database starts from the seeded template unless it runs on a PostgreSQL server.
  const seeded = options.dataDir === undefined && !options.env?.DATABASE_URL ? await seededDataDir() : null;
  const dataDir = options.dataDir ?? seeded ?? tempDataDir();
  // The run's bundle of the backend (tests/setup/backend-bundle.ts), or the sources through tsx.
  const entry = process.env[BACKEND_ENTRY_ENV];
  const args = [...(entry ? [entry] : ['--import', 'tsx', 'supabase/local/src/main.ts']), '--port', String(port), '--data-dir', dataDir];
  if (options.fresh ?? (options.dataDir === undefined && !seeded)) args.push('--fresh');
  // A free SMTP port of its own: test backends run side by side (support/sender.ts reads it).
  if (options.mailbox ?? true) args.push('--mailbox', '--smtp-port', '0');
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not for the server
  delete env.DATABASE_URL; // PGlite unless the test asks for a server
  Object.assign(env, options.env);
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  // A test process that dies (timeout, crash) must not leave its server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const ready = new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`backend not ready after 170 s:\n${output}`)), 170_000);
    const check = () => {
      if (output.includes(`ready at http://127.0.0.1:${port}`)) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        done();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`backend exited with ${code} before it was ready:\n${output}`));
    });
  });
  try {
    await ready;
  } catch (err) {
    // Leave nothing behind: no stray server, no temporary data directory of ours.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    if (options.dataDir === undefined) removeDataDir(dataDir);
    throw err;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
