/**
 * What the browser benches share: Debian's Chromium with the flags the end-to-end tests use, and
 * a built folder served by scripts/serve.mjs (the static host's rewrites and headers) on a port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-dev-shm-usage'];

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
