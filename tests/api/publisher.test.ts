/**
 * The local publisher (scripts/publisher.mjs) and its warm data builds (scripts/warm-site-build.mjs)
 * against a real embedded backend and a temporary dist, one publisher through the whole file (one
 * Gatsby cache, so its builds are few: each costs minutes).
 * - Its first build is a full Gatsby build that goes live: dist, a symlink to a previous site
 *   (a hand-made folder), is swapped to the new build, which serves a published document, a
 *   product's new price and the photo uploaded to Storage as its image (resized variants).
 * - After it, a price change or a published document is a data build that renders only the pages
 *   that show it, and the new build differs from the previous one in those pages' HTML and
 *   page-data only (and the sitemap's and robots' files, rewritten by onPostBuild), keeps Gatsby's
 *   schema (no node type changed) and is assembled from hard links to the live build's files
 *   without writing into them.
 * - A data build that fails (a published document that fails its schema) falls back to a full
 *   build, which fails too: the error (naming the document and field) is recorded on the build,
 *   the publisher keeps running and dist keeps serving the previous site.
 * - Then a new publisher run with --once (handle the queued build, then exit) makes a full build of
 *   the same data: byte for byte the HTML and page-data the data build gave (but for webpack's
 *   compilation hash, see asData).
 * The builds run in site/, under this checkout's site-tests lock (support/siteLock.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/src/keys';
import { OWNER, signedIn } from './support/clients';
import { REPO_ROOT, removeDataDir, startBackend, type Backend } from './support/server';
import { holdSiteLock, SITE_LOCK_TIMEOUT } from './support/siteLock';

let backend: Backend;
let owner: SupabaseClient;
let work: string;
let releaseSite: (() => void) | undefined;
let dist: string;
let publisher: { child: ChildProcess; output: string } | null = null;

function startPublisher(...options: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['scripts/publisher.mjs', '--dist', dist, '--interval', '200', ...options], { cwd: REPO_ROOT, env });
  const running = { child, output: '' };
  child.stdout!.on('data', (c: Buffer) => (running.output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (running.output += c.toString()));
  publisher = running;
}

async function stopPublisher() {
  if (!publisher) return;
  const { child } = publisher;
  publisher = null;
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  releaseSite = await holdSiteLock();
  backend = await startBackend();
  owner = await signedIn(backend.url, OWNER.email, OWNER.password);
  work = mkdtempSync(join(tmpdir(), 'buzz-publisher-'));
  dist = join(work, 'dist');
  // The site that is live before: a previous build, served through the dist symlink.
  const previous = join(work, 'dist.builds', 'previous');
  mkdirSync(previous, { recursive: true });
  writeFileSync(join(previous, 'index.html'), '<h1>The previous site</h1>');
  symlinkSync(previous, dist);
  startPublisher();
}, SITE_LOCK_TIMEOUT + 200_000);

afterAll(async () => {
  await stopPublisher();
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
  if (work) rmSync(work, { recursive: true, force: true });
  releaseSite?.();
});

async function rpc<T>(client: SupabaseClient, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

/** Requests a build, waits until the publisher records it; returns the row and the publisher's line about it. */
async function build(reason: string): Promise<{ row: any; line: string }> {
  return finished(await rpc<string>(owner, 'request_buzz_haven_site_build', { p_reason: reason }));
}

async function finished(id: string): Promise<{ row: any; line: string }> {
  for (let i = 0; i < 2400; i++) {
    const row = (await rpc<any[]>(owner, 'get_buzz_haven_site_builds')).find((b) => b.id === id);
    const line = publisher!.output.split('\n').find((l) => l.startsWith(`publisher: build ${id} `) && !l.includes('started')) ?? '';
    if (row?.finished_at && line) return { row, line };
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`build ${id} did not finish; publisher output:\n${publisher!.output.slice(-3000)}`);
}

/** Every file of a build folder with its content hash. */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, entry);
    if (statSync(file).isFile()) out.set(entry, createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return out;
}

/** The files that differ between two builds (changed, added or removed), HTML and page-data only. */
function changedPages(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name) !== after.get(name))
    .filter((name) => name.endsWith('.html') || name.endsWith('page-data.json'))
    .sort();
}

/** Saves a draft and publishes it with the service role, as the Edge Function does (no validation here). */
async function publishBody(key: string, change: (body: any) => any): Promise<void> {
  const doc = (await rpc<any[]>(owner, 'get_buzz_haven_content_documents')).find((d) => d.key === key);
  const revision = await rpc<number>(owner, 'save_buzz_haven_content_draft', { p_key: key, p_body: change(doc.draft), p_revision: doc.revision });
  const res = await fetch(`${backend.url}/rest/v1/rpc/publish_buzz_haven_content`, {
    method: 'POST',
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_key: key, p_revision: revision }),
  });
  expect(res.status).toBe(200);
}

const setPrice = async (cents: number, imageUrl?: string) => {
  const wildflower = (await rpc<any[]>(owner, 'get_buzz_haven_products')).find((p) => p.slug === 'wildflower-honey');
  await rpc(owner, 'update_buzz_haven_product', { p_id: wildflower.id, p_price: cents, ...(imageUrl ? { p_image_url: imageUrl } : {}) });
};
const served = (page: string) => readFileSync(join(dist, page), 'utf8');
/**
 * A page as the data it shows: webpack's compilation hash (and so the CSP hash of the inline
 * script that carries it) names the JavaScript build, which differs between a build on a cold
 * webpack cache and one on a warm cache with the same bundles. Each build's HTML must carry its
 * own app-data.json's hash; the rest must be the same byte for byte.
 */
function asData(page: string, html: string, appDataHash: string): string {
  if (!page.endsWith('.html')) return html;
  expect(html).toContain(`window.___webpackCompilationHash="${appDataHash}"`);
  return html.replaceAll(appDataHash, '<compilation>').replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '<csp/>');
}
const compilationHash = () => JSON.parse(served('page-data/app-data.json')).webpackCompilationHash as string;
/** What the data build gave at $27.50, to compare with a full build's of the same data. */
const SAME_DATA_PAGES = ['shop/index.html', 'page-data/shop/page-data.json', 'index.html', 'page-data/index/page-data.json'];
let dataBuildPages: Map<string, string>;
let homeBody: unknown;

test('the first build is a full build that goes live: dist serves the new page, price and photo', async () => {
  await publishBody('home', (body) => ({ ...body, hero: { ...body.hero, title: 'Bees in every backyard' } }));
  // A photo uploaded to the media bucket becomes the wildflower honey's image, with a new price.
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#d9a21b' } }).png().toBuffer();
  const upload = await owner.storage.from('media').upload('products/publisher-test-photo.png', photo, { contentType: 'image/png' });
  expect(upload.error).toBeNull();
  await setPrice(2150, owner.storage.from('media').getPublicUrl('products/publisher-test-photo.png').data.publicUrl);
  const first = await build('first build');
  expect(first.row).toMatchObject({ state: 'succeeded', error: null });
  expect(first.line).toContain('(full build');
  expect(lstatSync(dist).isSymbolicLink()).toBe(true);
  expect(realpathSync(dist)).toContain(join(work, 'dist.builds', 'build-'));
  expect(served('index.html')).toContain('Bees in every backyard');
  const shop = served('shop/index.html');
  expect(shop).toContain('$21.50');
  // The downloaded photo went through the image pipeline: resized variants named after it.
  expect(shop).toMatch(/\/static\/[^"' ]*publisher-test-photo[^"' ]*\.(webp|avif|png)/);
  expect(existsSync(join(dist, 'admin/index.html'))).toBe(true);
  expect(existsSync(join(dist, '_redirects'))).toBe(true);
}, 600_000);

test('after it, a price and a document are data builds of only the pages that show them', async () => {
  const firstDir = realpathSync(dist);
  let before = files(firstDir);
  await setPrice(2750);
  const price = await build('Publish site');
  expect(price.row).toMatchObject({ state: 'succeeded', error: null });
  // the shop and the home page quote the price, in each language
  expect(price.line).toMatch(/\(data build: rendered \/, \/shop, \/es, \/es\/shop;/);
  // No node type or inferred field changed: Gatsby's schema is kept; the new folder is the live
  // one's files hard-linked plus the files this build wrote, and the live one is left as it was.
  expect(price.line).toContain('schema kept');
  expect(price.line).toMatch(/assembled from the live build and \d+ new file\(s\)/);
  expect(files(firstDir)).toEqual(before);
  expect(served('shop/index.html')).toContain('$27.50');
  let after = files(realpathSync(dist));
  expect(changedPages(before, after)).toEqual(['es/index.html', 'es/shop/index.html', 'index.html', 'page-data/es/page-data.json',
    'page-data/es/shop/page-data.json', 'page-data/index/page-data.json', 'page-data/shop/page-data.json', 'shop/index.html']);
  dataBuildPages = new Map(SAME_DATA_PAGES.map((page) => [page, asData(page, served(page), compilationHash())]));

  before = after;
  await publishBody('pages/about', (body) => ({ ...body, hero: { ...body.hero, title: 'Bees first, since the first swarm' } }));
  const document = await build('Published About');
  expect(document.row.state).toBe('succeeded');
  expect(document.line).toMatch(/\(data build: rendered \/about;/);
  expect(served('about/index.html')).toContain('Bees first, since the first swarm');
  after = files(realpathSync(dist));
  expect(changedPages(before, after)).toEqual(['about/index.html', 'page-data/about/page-data.json']);
}, 600_000);

test('a failing data build falls back to a full build; when that fails too, dist keeps serving the previous site', async () => {
  await setPrice(2900);
  expect((await build('Publish site')).line).toContain('(data build');
  const live = realpathSync(dist);
  const home = served('index.html');
  await publishBody('home', (body) => {
    homeBody = body;
    return { ...body, hero: { ...body.hero, title: '' } };
  });
  const failed = await build('Published Home page');
  expect(failed.row.state).toBe('failed');
  expect(failed.line).toContain('FAILED');
  // Gatsby wraps its error lines
  expect(failed.row.error.replace(/\s+/g, ' ')).toContain('The published content document "home" is invalid: hero.title: Required');
  expect(failed.row.error.length).toBeLessThanOrEqual(2048);
  expect(failed.row.duration_ms).toBeGreaterThan(0);
  expect(publisher!.output).toContain('full build (the data build failed');
  expect(publisher!.child.exitCode).toBeNull();
  expect(realpathSync(dist)).toBe(live);
  expect(served('index.html')).toBe(home);
}, 600_000);

test('a new publisher run with --once: a full build of the same data gives the HTML and page-data the data build gave', async () => {
  // Back to the data the data build had: the home document as it was, the price at $27.50.
  await publishBody('home', () => homeBody);
  await setPrice(2750);
  await stopPublisher();
  const id = await rpc<string>(owner, 'request_buzz_haven_site_build', { p_reason: 'Publish site' });
  startPublisher('--once');
  const { child } = publisher!;
  const code = child.exitCode ?? (await new Promise((done) => child.once('exit', done)));
  expect(code).toBe(0);
  const full = await finished(id);
  expect(full.row.state).toBe('succeeded');
  expect(full.line).toContain('(full build');
  for (const page of SAME_DATA_PAGES) expect([page, asData(page, served(page), compilationHash())]).toEqual([page, dataBuildPages.get(page)]);
}, 600_000);
