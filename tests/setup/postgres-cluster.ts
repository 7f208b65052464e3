/**
 * A throwaway PostgreSQL cluster for the real-server run of the SQL tests: initdb in a temporary
 * directory, pg_ctl start on a free port (Unix socket in the same directory), stop and delete at
 * the end. initdb and pg_ctl refuse to run as root, so as root they run as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Cluster {
  dir: string;
  port: number;
  /**
   * URL of the cluster's `postgres` database as its superuser `supabase_admin` (trust auth), as on
   * hosted Supabase, where `postgres` is no superuser (the bootstrap creates it).
   */
  url: string;
  binDir: string;
}

const CANDIDATE_BIN_DIRS = ['15', '16', '17'].map((v) => `/usr/lib/postgresql/${v}/bin`);

/** PG_BIN, else Debian's PostgreSQL 15 (or a newer major), else null. */
export function findPostgresBin(): string | null {
  const dirs = process.env.PG_BIN ? [process.env.PG_BIN] : CANDIDATE_BIN_DIRS;
  return dirs.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const isRoot = (): boolean => process.getuid?.() === 0;

function run(binDir: string, tool: string, args: string[]): void {
  const file = join(binDir, tool);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

export async function startCluster(binDir: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'buzz-haven-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    run(binDir, 'initdb', ['-D', data, '-A', 'trust', '-U', 'supabase_admin', '-E', 'UTF8', '--no-locale', '--no-sync']);
    // Durability is irrelevant for a throwaway cluster; speed is not.
    const options = [
      `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off',
      '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=300',
    ].join(' ');
    run(binDir, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const e = error as Error & { stderr?: Buffer };
    throw new Error(`Could not start a PostgreSQL cluster with ${binDir}: ${e.stderr?.toString() || e.message}`);
  }
  return { dir, port, url: `postgres://supabase_admin@127.0.0.1:${port}/postgres`, binDir };
}

export function stopCluster(cluster: Pick<Cluster, 'dir' | 'binDir'>): void {
  try {
    run(cluster.binDir, 'pg_ctl', ['-D', join(cluster.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(cluster.dir, { recursive: true, force: true });
  }
}
