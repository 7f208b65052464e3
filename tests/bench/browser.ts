/**
 * What the browser benches share: Debian's Chromium with the flags the end-to-end tests use, and
 * a built folder served by scripts/serve.mjs (the static host's rewrites and headers) on a port,
 * and the end of a run: everything started stopped, the temporary folder removed, the load printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import type { BenchBackend } from '../../supabase/local/bench/backend';

export const ROOT = resolve(__dirname, '../..');
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-dev-shm-usage'];

/** The machine's load average, printed beside the numbers (they mean little on a busy machine). */
export const load = () => `load ${loadavg()[0]!.toFixed(2)}`;

export async function serve(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--dir', dir, '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('served at')) ready(); });
    child.once('exit', (code) => fail(new Error(`serve.mjs exited (${code})`)));
  });
  return child;
}

/** Stops a server started by serve() and waits until it has exited. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Stops what a bench started (whichever got started), removes its temporary folder, prints the load. */
export async function tearDown(parts: { browser?: Browser; server?: ChildProcess; backend?: BenchBackend; dir: string }) {
  await parts.browser?.close();
  await stopServer(parts.server);
  await parts.backend?.stop();
  rmSync(parts.dir, { recursive: true, force: true });
  console.log(`[${load()} at end]`);
}

/** Runs a bench's main, printing an error and failing the process if it throws. */
export function runBench(main: () => Promise<void>) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
