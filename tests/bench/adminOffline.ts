/**
 * `npm run bench:admin-offline`: what the back office's service worker (admin/pwa.ts) costs and
 * buys, on the build `npm run build` left in dist/ (nothing is built here). dist/ is served by
 * scripts/serve.mjs on a free port; the built admin calls the backend it was built for (the local
 * one on :54321), reused when it answers, else started on a fresh seeded data directory like the
 * end-to-end backend. Debian's Chromium, each step five times (p50, min and max):
 * - first visit: /auth with an empty cache until the sign-in form shows, and the JavaScript it
 *   transferred;
 * - repeat visit: signed in, /admin until the dashboard shows (the worker serves the shell);
 *   signed out, /auth until the sign-in form shows (outside the worker's scope: the browser's
 *   cache of the shell's hashed files, after one visit);
 * - offline start: the browser context offline, the inspection form opened until it can be used;
 * and the size of the shell the worker precaches (the entries of dist/admin/sw.js).
 * Prints numbers, never asserts them.
 */
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startBackend, type BenchBackend } from '../../supabase/local/bench/backend';
import { OWNER } from '../api/support/clients';
import { freePort } from '../api/support/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, load, runBench, serve, tearDown } from './browser';

const DIST = join(ROOT, 'dist');
/** Where the built admin calls its backend (admin/supabase-env.ts's local default). */
const BACKEND_PORT = 54321;
const RUNS = 5;
const TIMEOUT = 30_000;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms (min ${sorted[0]!.toFixed(0)}, ` +
    `max ${sorted.at(-1)!.toFixed(0)}; ${times.length} runs)`;
}

/** Milliseconds from starting `open` until `shown` resolves. */
async function timed(open: () => Promise<unknown>, shown: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await open();
  await shown();
  return performance.now() - start;
}

const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign In' });
const formShown = (page: Page) => () => signInForm(page).getByRole('button', { name: 'Sign In' }).waitFor({ timeout: TIMEOUT });
const dashboardShown = (page: Page) => () =>
  page.getByRole('main').getByRole('heading', { name: 'Recent Activity' }).waitFor({ timeout: TIMEOUT });
/** The inspection form can be used: its first field takes input and Save is there. */
const inspectionFormShown = (page: Page) => async () => {
  await page.getByRole('main').getByRole('button', { name: 'Save' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('main').getByLabel(/^Date\s*\*?$/).fill('2026-01-01', { timeout: TIMEOUT });
};

/** Opens `path` in a new page of `context` RUNS times, each until `shown`. */
async function repeat(context: BrowserContext, path: string, shown: (page: Page) => () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const page = await context.newPage();
    times.push(await timed(() => page.goto(path, { waitUntil: 'commit' }), shown(page)));
    await page.close();
  }
  return times;
}

/** /auth in a new context each time (empty cache, no worker): the time and the JavaScript transferred. */
async function firstVisits(browser: Browser, origin: string) {
  const times: number[] = [];
  const scripts: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
    });
    times.push(await timed(() => page.goto('/auth', { waitUntil: 'commit' }), formShown(page)));
    await page.waitForLoadState('networkidle');
    scripts.push((await Promise.all(sizes)).reduce((sum, size) => sum + size, 0));
    await context.close();
  }
  return { times, scripts };
}

/** Signs in through /auth and waits until the worker controls /admin (its precache is complete). */
async function installShell(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/auth');
  await signInForm(page).getByLabel('Email').fill(OWNER.email);
  await signInForm(page).getByLabel('Password').fill(OWNER.password);
  await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin/, { timeout: TIMEOUT });
  await page.goto('/admin');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: TIMEOUT });
  await dashboardShown(page)();
  await page.close();
}

/** The files dist/admin/sw.js precaches (Workbox's manifest: `{url:"…",revision:…}` entries) and their size. */
function precache() {
  const adminDir = join(DIST, 'admin');
  const urls = [...readFileSync(join(adminDir, 'sw.js'), 'utf8').matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]!);
  const files = urls.map((url) => join(adminDir, url)).filter(existsSync);
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
  return `${urls.length} files, ${kb(bytes)} (${kb(gzipped)} gzipped)`;
}

async function backendFor(dataDir: string): Promise<BenchBackend> {
  const url = `http://127.0.0.1:${BACKEND_PORT}`;
  const answers = await fetch(`${url}/auth/v1/health`).then((res) => res.ok, () => false);
  if (answers) {
    console.log(`reusing the backend that answers at ${url}`);
    return { url, stop: async () => undefined };
  }
  return startBackend({}, dataDir, BACKEND_PORT);
}

async function main() {
  if (!existsSync(join(DIST, 'admin', 'sw.js'))) throw new Error('No admin build with a service worker in dist/: run `npm run build` first.');
  console.log(`the admin offline, on the build in dist/ [${load()} at start]`);
  console.log(`app shell precached by the service worker: ${precache()}`);
  const dir = mkdtempSync(join(tmpdir(), 'buzz-admin-offline-'));
  let backend: BenchBackend | undefined;
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  let browser: Browser | undefined;
  try {
    backend = await backendFor(join(dir, 'pgdata'));
    const port = await freePort();
    server = await serve(DIST, port);
    const origin = `http://127.0.0.1:${port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

    const first = await firstVisits(browser, origin);
    console.log(`first visit, /auth to the sign-in form: ${summary(first.times)}; JavaScript transferred ` +
      `${kb(first.scripts[0]!)}${first.scripts.every((s) => s === first.scripts[0]) ? '' : ` (runs: ${first.scripts.map(kb).join(', ')})`}`);

    const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    await installShell(context);
    console.log(`repeat visit, /admin to the dashboard (signed in, shell from the worker): ${summary(await repeat(context, '/admin', dashboardShown))}`);
    // /auth is outside the worker's scope (/admin): its repeat visit is the browser's cache of the shell's hashed files.
    const signedOut = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
    const warmUp = await signedOut.newPage();
    await timed(() => warmUp.goto('/auth'), formShown(warmUp));
    await warmUp.close();
    console.log(`repeat visit, /auth to the sign-in form (signed out, shell cached): ${summary(await repeat(signedOut, '/auth', formShown))}`);
    await signedOut.close();

    await context.setOffline(true);
    console.log(`offline start, /admin/inspections/create until the form takes input: ${summary(await repeat(context, '/admin/inspections/create', inspectionFormShown))}`);
    await context.close();
  } finally {
    await tearDown({ browser, server, backend, dir });
  }
}

runBench(main);
