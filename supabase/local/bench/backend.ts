/**
 * The bench talks to the backend as a separate process (as in production use), so the load
 * generator and the server do not share one event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface BenchBackend {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/**
 * `existingDir`: start on that data directory as it is (kept at stop); else a fresh temporary one.
 * `fixedPort`: for a build that calls the backend where it was told at build time; else a free port.
 */
export async function startBackend(env: Record<string, string>, existingDir?: string, fixedPort?: number): Promise<BenchBackend> {
  const port = fixedPort ?? await freePort();
  const dataDir = existingDir ?? mkdtempSync(join(tmpdir(), 'buzz-bench-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'supabase/local/src/main.ts', '--port', String(port), '--data-dir', dataDir, ...(existingDir ? [] : ['--fresh'])],
    { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((ready, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready at')) ready();
    });
    void exited.then(() => fail(new Error(`backend exited before it was ready:\n${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (!existingDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
