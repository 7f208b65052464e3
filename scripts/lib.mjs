/** Small helpers shared by the root scripts: run a command, start a long-lived service. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => join(root, 'node_modules/.bin', name);

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

/**
 * Starts a service in its own process group (so stopping it stops its children too) and resolves
 * once a line of its output matches `ready`. Output is echoed with a prefix; the lines up to the
 * ready one stay on the child as `startupLines` (e.g. the backend's mailbox link).
 */
export function startService(name, cmd, args, { ready, env, timeoutMs = 180_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: root,
      detached: true,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => reject(new Error(`${name} did not start in ${timeoutMs / 1000} s`)), timeoutMs);
    let isReady = !ready;
    child.startupLines = [];
    const onData = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim()) console.log(`[${name}] ${line}`);
        if (!isReady) child.startupLines.push(line);
        if (!isReady && ready.test(line)) {
          isReady = true;
          clearTimeout(timer);
          resolve(child);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!isReady) reject(new Error(`${name} exited with code ${code} before it was ready`));
    });
    if (isReady) resolve(child);
  });
}

/** Stops a service started with startService: SIGTERM to its whole process group. */
export function stopService(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}
