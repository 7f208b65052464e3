/**
 * `npm run bench:admin-scale`: is the back office usable on the ten-year data set?
 * Real parts only: a temporary PGlite data directory migrated with the seed plus largeDataSql(TEN_YEARS)
 * (as supabase/local/bench/listsAtScale.ts loads it), the backend as its own process on a free
 * port, the admin built into a temporary directory against THAT backend (VITE_SUPABASE_URL) and
 * served by scripts/serve.mjs on a free port (never 54321 or 8000), and Debian's Chromium signed in
 * as the demo owner through /auth. For every list in the sidebar it times opening the list until
 * its first row (or empty state) shows, its first filter, a search matching nothing (every row is
 * looked at), and the first row's detail until its fields and History show; then the dashboard
 * until its cards and Recent Activity show. Each line names the list requests of the step, their
 * Prefer count and their time from the browser's request timing. Prints numbers, never asserts
 * timings; a step that throws, shows an error toast or logs a console error is printed as FAILED.
 * Screenshots (1280 px) of the orders list and the dashboard go to a temporary directory that is kept.
 *   npm run bench:admin-scale                 (PGlite)
 *   npm run bench:admin-scale -- --database-url postgres://...   (an empty PostgreSQL database)
 *   BENCH_ONLY=orders,hives npm run bench:admin-scale             (only the lists whose path ends so)
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startBackend, type BenchBackend } from '../../supabase/local/bench/backend';
import { loadLargeData, TEN_YEARS } from '../../supabase/local/bench/largeData';
import { ANON_KEY, OWNER } from '../api/support/clients';
import { freePort } from '../api/support/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, load, runBench, serve, tearDown } from './browser';
import { applyFilter, applySearch, openDashboard, openDetail, openList, SEARCH_TERM, watch, type StepResult } from './adminAtScaleSteps';

/** A step that failed by itself (not by a console error while there was nothing to do). */
const thrown = (r: StepResult) => Boolean(r.failed && !r.failed.startsWith('console error'));
const secs = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The admin built against `backendUrl` into `<dir>/admin` (base /admin/), with a stub / for serve.mjs. */
function buildAdmin(dir: string, backendUrl: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title><a href="/admin">admin</a>');
  const built = spawnSync('npx', ['vite', 'build', '--outDir', join(dir, 'admin'), '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(ROOT, 'admin'), encoding: 'utf8',
    env: { ...process.env, VITE_SUPABASE_URL: backendUrl, VITE_SUPABASE_ANON_KEY: ANON_KEY },
  });
  if (built.status !== 0) throw new Error(`admin build failed:\n${built.stdout}${built.stderr}`);
}

async function drive(browser: Browser, origin: string, shots: string): Promise<StepResult[]> {
  const page = await browser.newPage({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const { step } = watch(page);
  const results: StepResult[] = [];
  const record = (r: StepResult) => {
    results.push(r);
    console.log(`${r.step}: ${r.failed ? `FAILED after ${r.ms.toFixed(0)} ms: ${r.failed}` : `${r.ms.toFixed(0)} ms`} (${r.note})`);
  };
  record(await step('sign in until the dashboard', async () => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill(OWNER.email);
    await form.getByLabel('Password').fill(OWNER.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Signed in successfully!').waitFor();
    await page.waitForURL(/\/admin/);
  }));
  const menu = page.locator('nav[aria-label="Admin sections"] a');
  await menu.first().waitFor();
  const links = (await menu.evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? ''])))
    .filter(([, href]) => href !== '/admin');
  console.log(`${links.length} lists in the sidebar [${load()}]`);
  for (const [label, path] of links.filter(([, h]) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').some((o) => h!.endsWith(o)))) {
    const name = label.toLowerCase();
    let shown = '';
    const opened = await step(`${name} list: first row`, async () => { shown = await openList(page, path!); });
    record(shown === 'empty' ? { ...opened, step: `${name} list: empty state` } : opened);
    if (path === '/admin/orders') await page.screenshot({ path: join(shots, 'orders-list.png'), fullPage: true });
    let filter: string | null = null;
    const filtered = await step(`${name} list: filter`, async () => { filter = await applyFilter(page); });
    if (filter || thrown(filtered)) record({ ...filtered, step: `${name} list: filter ${filter ?? ''}`.trim() });
    await openList(page, path!).catch(() => undefined);
    let searched = false;
    const search = await step(`${name} list: search '${SEARCH_TERM}'`, async () => { searched = await applySearch(page); });
    if (searched || thrown(search)) record(search);
    const detail: { note: string; ms: number }[] = [];
    const detailed = await step(`${name}: first row's detail`, async () => {
      const opened = await openDetail(page, path!);
      if (opened) detail.push(opened);
      return opened?.ms;
    });
    if (detail.length || thrown(detailed)) record({ ...detailed, note: `from the click; ${detail[0]?.note ?? ''}; ${detailed.note}` });
  }
  record(await step('dashboard: cards and Recent Activity', async () => { console.log(`  ${await openDashboard(page)}`); }));
  await page.screenshot({ path: join(shots, 'dashboard.png'), fullPage: true });
  await page.close();
  return results;
}

async function main() {
  const args = process.argv.slice(2);
  const databaseUrl = args.includes('--database-url') ? args[args.indexOf('--database-url') + 1] : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'buzz-admin-scale-'));
  const shots = mkdtempSync(join(tmpdir(), 'buzz-admin-scale-shots-'));
  const dataDir = databaseUrl ? undefined : join(dir, 'pgdata');
  let backend: BenchBackend | undefined;
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  console.log(`admin at scale on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} [${load()} at start]`);
  try {
    let t = performance.now();
    await loadLargeData(databaseUrl ? { databaseUrl } : { dataDir }, TEN_YEARS);
    console.log(`ten-year data set loaded (${Object.entries(TEN_YEARS).map(([k, v]) => `${v} ${k}`).join(', ')}) in ${secs(t)}`);
    backend = await startBackend(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, dataDir);
    t = performance.now();
    buildAdmin(join(dir, 'public'), backend.url);
    const port = await freePort();
    server = await serve(join(dir, 'public'), port);
    console.log(`admin built against the backend at ${backend.url} in ${secs(t)}, served by scripts/serve.mjs at ` +
      `http://127.0.0.1:${port} (no request intercepted)`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const results = await drive(browser, `http://127.0.0.1:${port}`, shots);
    const ok = results.filter((r) => !r.failed).sort((a, b) => b.ms - a.ms);
    const failed = results.filter((r) => r.failed);
    console.log(`\nsummary: ${results.length} steps, ${failed.length} FAILED; slowest: ` +
      ok.slice(0, 3).map((r) => `${r.step} ${r.ms.toFixed(0)} ms`).join(', '));
    for (const r of failed) console.log(`FAILED ${r.step}: ${r.failed}`);
    console.log(`screenshots (1280 px): ${join(shots, 'orders-list.png')}, ${join(shots, 'dashboard.png')}`);
  } finally {
    await tearDown({ browser, server, backend, dir });
  }
}

runBench(main);
