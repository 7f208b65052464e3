/**
 * Serves a built static folder for the site benches with scripts/serve.mjs (gzip and caching
 * headers, like production) on a free port, so several benches can run side by side.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './lib.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server over `dir`; resolves with its base URL and a stop() once it answers. */
export async function serveDir(dir) {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`No build in ${dir}: run \`node scripts/build.mjs\` first.`);
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--dir', dir, '--port', String(port)], { cwd: root, stdio: 'ignore', detached: true });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 50; i += 1) {
    try {
      if ((await globalThis.fetch(`${base}/`)).ok) break;
    } catch { /* not up yet */ }
    await sleep(200);
  }
  return { base, stop: () => process.kill(-child.pid, 'SIGTERM') };
}
