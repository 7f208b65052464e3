/**
 * The Edge Functions under real Deno (the `deno` npm package's binary), one process per function
 * folder as the Edge Runtime keeps one worker per function: `supabase/functions/<name>/index.ts`
 * runs unchanged through `../../deno/serve-function.ts`, which pins its `Deno.serve` to a free
 * port on 127.0.0.1. A folder's `deno.json` is its config and import map, as with the CLI.
 *
 * The environment is computed for every request (`envFor`), as the CLI's main service does when
 * it creates a worker: the backend's own environment, then `supabase/functions/.env` if present,
 * then SUPABASE_URL and the local keys. A function whose environment or code (its folder,
 * `_shared`) changed since its process started is started again before it answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forward } from './forward.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const FUNCTIONS_DIR = resolve(HERE, '../../../functions');
const SERVE_FUNCTION = resolve(HERE, '../../deno/serve-function.ts');
/** A first start may fetch the function's npm packages into Deno's cache. */
const START_TIMEOUT_MS = 90_000;

/** The real Deno binary: DENO_BIN, or the platform package the `deno` npm package installs. */
export function denoBinary(): string {
  if (process.env.DENO_BIN) return process.env.DENO_BIN;
  const os = platform() === 'win32' ? 'win32' : platform();
  const target = `@deno/${os}-${arch()}${os === 'linux' ? '-glibc' : ''}`;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${target}/package.json`)), os === 'win32' ? 'deno.exe' : 'deno');
}

/** A function is a folder with an index.ts whose name the CLI accepts (so not `_shared`). */
export function functionEntry(name: string, dir = FUNCTIONS_DIR): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) return null;
  const entry = join(dir, name, 'index.ts');
  return existsSync(entry) ? entry : null;
}

/** `supabase/functions/.env` (KEY=value lines, # comments), read as the CLI does for `functions serve`. */
export function readDotEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    out[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/**
 * The import map of a function without a deno.json of its own, as `supabase functions serve`
 * falls back to one: SUPABASE_FUNCTIONS_IMPORT_MAP (the CLI's `--import-map`), else
 * `import_map.json` beside the function folders. `supabase/local/deno/offline-import-map.json`
 * maps URL imports that cannot be fetched offline to local stand-ins.
 */
export function fallbackImportMap(functionsDir: string): string | null {
  const named = process.env.SUPABASE_FUNCTIONS_IMPORT_MAP;
  if (named) return resolve(named);
  const beside = join(functionsDir, 'import_map.json');
  return existsSync(beside) ? beside : null;
}

/** Deno's command line for one function: its folder's deno.json, else the fallback import map; no lock file written. */
export function denoArgs(entry: string): string[] {
  const config = join(dirname(entry), 'deno.json');
  const importMap = existsSync(config) ? null : fallbackImportMap(dirname(dirname(entry)));
  return [
    'run', '--no-lock', '--allow-net', '--allow-env', '--allow-read', '--allow-sys',
    ...(existsSync(config) ? ['--config', config] : []),
    ...(importMap ? ['--import-map', importMap] : []),
    SERVE_FUNCTION, entry,
  ];
}

/**
 * When the function's own folder or `_shared` beside it last changed (newest file, two levels
 * deep): a function whose code changed is started again, as `supabase functions serve` reloads it.
 */
export function sourceStamp(functionDir: string): number {
  let newest = 0;
  const visit = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      try {
        const info = statSync(path);
        if (info.isDirectory()) {
          if (depth > 0) visit(path, depth - 1);
        } else if (info.mtimeMs > newest) newest = info.mtimeMs;
      } catch {
        // removed meanwhile
      }
    }
  };
  visit(functionDir, 2);
  visit(join(dirname(functionDir), '_shared'), 2);
  return newest;
}

interface Running {
  key: string;
  child: ChildProcess;
  port: Promise<number>;
}

export class DenoFunctions {
  private running = new Map<string, Running>();
  private closed = false;

  constructor(private readonly log: (line: string) => void = (l) => console.log(l)) {}

  /**
   * Sends `request` to function `name` (started or restarted as needed) and returns its answer;
   * the function sees `request.url`'s host in its own `req.url`.
   */
  async fetch(name: string, entry: string, env: Record<string, string>, request: Request): Promise<Response> {
    const port = await this.start(name, entry, env);
    return forward(port, new URL(request.url).host, request);
  }

  private start(name: string, entry: string, env: Record<string, string>): Promise<number> {
    if (this.closed) return Promise.reject(new Error('backend closing'));
    const key = JSON.stringify([Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1)), sourceStamp(dirname(entry))]);
    const current = this.running.get(name);
    if (current && current.key === key && current.child.exitCode === null && current.child.signalCode === null) return current.port;
    if (current) this.stop(current);
    const child = spawn(denoBinary(), denoArgs(entry), {
      cwd: dirname(entry),
      env: { ...env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const port = new Promise<number>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`function ${name} did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
      const onLine = (stream: 'out' | 'err') => (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          if (!line) continue;
          const m = /^BUZZ_FUNCTION_LISTENING (\d+)$/.exec(line);
          if (m && stream === 'out') {
            clearTimeout(timer);
            done(Number(m[1]));
            continue;
          }
          if (output.length < 20_000) output += `${line}\n`;
          this.log(`[functions/${name}] ${line}`);
        }
      };
      child.stdout!.on('data', onLine('out'));
      child.stderr!.on('data', onLine('err'));
      child.once('error', (error) => { clearTimeout(timer); fail(error); });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        fail(new Error(`function ${name} exited (${signal ?? code}) before serving:\n${output}`));
        if (this.running.get(name)?.child === child) this.running.delete(name);
      });
    });
    port.catch(() => undefined);
    this.running.set(name, { key, child, port });
    return port;
  }

  private stop(running: Running): void {
    running.child.stdin?.end();
    running.child.kill('SIGTERM');
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(all.map((r) => new Promise<void>((done) => {
      if (r.child.exitCode !== null || r.child.signalCode !== null) return done();
      r.child.once('exit', () => done());
      this.stop(r);
      setTimeout(() => { r.child.kill('SIGKILL'); done(); }, 3000).unref();
    })));
  }
}
