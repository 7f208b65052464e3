/**
 * A 25-row list page at 1,000, 10,000 and 200,000 activity rows, on PGlite and on
 * PostgreSQL: the data of largeData.ts at 1/200, 1/20 and the whole ten years (orders, inspections
 * and the rest grow with it), loaded between runs while the backend is stopped (PGlite has one
 * process per data directory), then measured through HTTP after a warm-up: the activity page with
 * a filter and the id sort, without a count as the admin asks it (RecentActivity and RecordHistory
 * show no pager); the orders page with the status filter and the date sort as the admin asks it
 * (no count, 26 rows: declaration count 'pages'); and both with count=exact, printed for reference.
 * At the largest size, on each engine: requests/s of the admin's two pages with 20 connections
 * (autocannon, BENCH_SECONDS long; target TARGET_RPS) and the dashboard's p50 (dashboard.ts;
 * target DASHBOARD_P50_MS). Each line ends with the load average. PostgreSQL needs its binaries (PG_BIN
 * or Debian's /usr/lib/postgresql/1x/bin); without them only PGlite is measured. Prints; never
 * fails on a miss.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { findPostgresBin, startCluster, stopCluster } from '../../../tests/setup/postgres-cluster.js';
import { startBackend, type BenchBackend } from './backend.js';
import { DASHBOARD_P50_MS, DASHBOARD_REQUESTS, dashboardRounds } from './dashboard.js';
import { loadLargeData, scaled } from './largeData.js';

type Timed = (n: number, call: () => Promise<Response>) => Promise<{ p50: number; p99: number; min: number }>;

const SIZES = [1_000, 10_000, 200_000];
const TOTAL_ACTIVITY = 200_000;
const PAGE_P50_MS = 5;
const TARGET_RPS = 500;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP = 50;

const PAGES: Array<[label: string, fn: string, query: string, count: boolean]> = [
  ['activity, resource=eq.orders, order=id.desc, no count', 'get_buzz_haven_activity', 'resource=eq.orders&order=id.desc&offset=0&limit=25', false],
  ['activity, resource=eq.orders, order=id.desc, count=exact', 'get_buzz_haven_activity', 'resource=eq.orders&order=id.desc&offset=0&limit=25', true],
  ['orders (1/10 as many), status=eq.completed, order=created_at.desc,id.asc, count=exact', 'get_buzz_haven_orders',
    'status=eq.completed&order=created_at.desc,id.asc&offset=0&limit=25', true],
  // What the admin's orders list asks since it pages without a total (declaration count: 'pages'):
  // no count, one row past the 25 shown.
  ['orders (1/10 as many), status=eq.completed, order=created_at.desc,id.asc, no count, 26 rows (the admin\'s page)', 'get_buzz_haven_orders',
    'status=eq.completed&order=created_at.desc,id.asc&offset=0&limit=26', false],
];

async function signIn(url: string, anonKey: string): Promise<Record<string, string>> {
  const json = { apikey: anonKey, 'content-type': 'application/json' };
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST', headers: json, body: JSON.stringify({ email: 'owner@example.com', password: 'buzzhaven-owner' }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  return { ...json, authorization: `Bearer ${token}` };
}

async function engine(name: string, target: { dataDir?: string; databaseUrl?: string }, timed: Timed, anonKey: string) {
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  let loaded = 0;
  const first: Record<string, number> = {};
  for (const size of SIZES) {
    // Add the rows from the previous size up to this one, with the backend stopped.
    await loadLargeData(target, scaled((size - loaded) / TOTAL_ACTIVITY), `s${size}`);
    loaded = size;
    const env: Record<string, string> = target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {};
    const backend: BenchBackend = await startBackend(env, target.dataDir);
    try {
      const headers = await signIn(backend.url, anonKey);
      const largest = size === SIZES[SIZES.length - 1];
      for (const [label, fn, query, count] of PAGES) {
        const pageHeaders = count ? { ...headers, prefer: 'count=exact' } : headers;
        const call = () => fetch(`${backend.url}/rest/v1/rpc/${fn}?${query}`, { method: 'POST', headers: pageHeaders, body: '{}' });
        // Warm up as a running server is (JIT-compiled handlers, prepared statements, buffers):
        // with 10 calls the first size's p99 was 3-4x its p50.
        await timed(WARM_UP, call);
        const page = await timed(100, call);
        first[label] ??= page.p50;
        const ratio = page.p50 / first[label]!;
        // The targets are for the pages the admin asks; it asks no count on these tables (the
        // activity log's declaration count: 'none', the orders list's 'pages'), so a count=exact
        // page, which counts every matching row, is printed for reference.
        const verdict = count ? 'for reference (the admin asks no count here)'
          : `target p50 <= ${PAGE_P50_MS} ms: ${page.p50 <= PAGE_P50_MS ? 'meets target' : 'MISSES target'}`;
        console.log(`${name}, ${size.toLocaleString('en-US')} activity rows, ${label}: p50 ${ms(page.p50)}, p99 ${ms(page.p99)} ` +
          `(min ${ms(page.min)}; x${ratio.toFixed(2)} of the 1,000-row p50)   ${verdict} [load ${loadavg()[0]!.toFixed(1)}]`);
        if (largest && !count) {
          const run = await autocannon({
            url: `${backend.url}/rest/v1/rpc/${fn}?${query}`, connections: 20, duration: LOAD_SECONDS,
            method: 'POST', headers: pageHeaders, body: '{}',
          });
          const failed = run.non2xx || run.errors ? ` (${run.non2xx} non-2xx, ${run.errors} errors)` : '';
          console.log(`${name}, ${size.toLocaleString('en-US')} activity rows, ${label}, 20 connections x ${LOAD_SECONDS} s: ` +
            `${run.requests.average.toFixed(0)} req/s${failed} (latency p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms)   ` +
            `target >= ${TARGET_RPS} req/s: ${run.requests.average >= TARGET_RPS && !failed ? 'meets target' : 'MISSES target'}`);
        }
      }
      if (largest) {
        const dashboard = await dashboardRounds(backend.url, headers);
        console.log(`${name}, ten-year data set, dashboard (${DASHBOARD_REQUESTS} requests together), 20 rounds: p50 ${ms(dashboard.p50)} ` +
          `(max ${ms(dashboard.max)})   target p50 <= ${DASHBOARD_P50_MS} ms: ${dashboard.p50 <= DASHBOARD_P50_MS ? 'meets target' : 'MISSES target'}`);
      }
    } finally {
      await backend.stop();
    }
  }
}

export async function benchListsAtScale(timed: Timed, anonKey: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'buzz-bench-scale-'));
  try {
    await engine('PGlite', { dataDir: dir }, timed, anonKey);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const binDir = findPostgresBin();
  if (!binDir) {
    console.log('PostgreSQL: no binaries found (PG_BIN), the page sizes are measured on PGlite only');
    return;
  }
  const cluster = await startCluster(binDir);
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database buzz_bench');
    await admin.end();
    await engine('PostgreSQL', { databaseUrl: cluster.url.replace(/\/postgres$/, '/buzz_bench') }, timed, anonKey);
  } finally {
    stopCluster(cluster);
  }
}
