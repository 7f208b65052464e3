/**
 * The local publisher (scripts/publisher.mjs --once) against a real embedded backend and a
 * temporary dist: a published document that fails its schema makes the build fail, the error
 * (naming the document and field) is recorded on the build and the previous site keeps serving;
 * after a valid publish, the next build puts the new page live (dist swapped to the new build),
 * with a product's new price and the photo uploaded to Storage as its image.
 * Real Gatsby builds, so this file takes a few minutes.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
}, SITE_LOCK_TIMEOUT + 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
  if (work) rmSync(work, { recursive: true, force: true });
  releaseSite?.();
});

function publisher(): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY };
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, ['scripts/publisher.mjs', '--once', '--dist', dist], { cwd: REPO_ROOT, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => done({ code, output }));
  });
}

async function rpc<T>(client: SupabaseClient, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
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

const served = () => readFileSync(join(dist, 'index.html'), 'utf8');

test('a broken published document fails the build, records why, and the previous site keeps serving', async () => {
  await publishBody('home', (body) => ({ ...body, hero: { ...body.hero, title: '' } }));
  const id = await rpc<string>(owner, 'request_buzz_haven_site_build', { p_reason: 'Published Home page' });
  const run = await publisher();
  expect(run.code).toBe(0);
  expect(run.output).toContain(`build ${id} FAILED`);
  const [build] = await rpc<any[]>(owner, 'get_buzz_haven_site_builds');
  expect(build).toMatchObject({ id, state: 'failed' });
  // Gatsby wraps its error lines
  expect(build.error.replace(/\s+/g, ' ')).toContain('The published content document "home" is invalid: hero.title: Required');
  expect(build.error.length).toBeLessThanOrEqual(2048);
  expect(build.duration_ms).toBeGreaterThan(0);
  expect(served()).toBe('<h1>The previous site</h1>');
}, 240_000);

test('after a valid publish the next build goes live: dist now serves the new page', async () => {
  await publishBody('home', (body) => ({ ...body, hero: { ...body.hero, title: 'Bees in every backyard' } }));
  // A photo uploaded to the media bucket becomes the wildflower honey's image, with a new price.
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#d9a21b' } }).png().toBuffer();
  const upload = await owner.storage.from('media').upload('products/publisher-test-photo.png', photo, { contentType: 'image/png' });
  expect(upload.error).toBeNull();
  const imageUrl = owner.storage.from('media').getPublicUrl('products/publisher-test-photo.png').data.publicUrl;
  const wildflower = (await rpc<any[]>(owner, 'get_buzz_haven_products')).find((p) => p.slug === 'wildflower-honey');
  await rpc(owner, 'update_buzz_haven_product', { p_id: wildflower.id, p_price: 2150, p_image_url: imageUrl });
  const id = await rpc<string>(owner, 'request_buzz_haven_site_build', { p_reason: 'Published Home page' });
  const run = await publisher();
  expect(run.output).toContain(`build ${id} succeeded`);
  const [build] = await rpc<any[]>(owner, 'get_buzz_haven_site_builds');
  expect(build).toMatchObject({ id, state: 'succeeded', error: null });
  expect(lstatSync(dist).isSymbolicLink()).toBe(true);
  expect(realpathSync(dist)).toContain(join(work, 'dist.builds', 'build-'));
  expect(served()).toContain('Bees in every backyard');
  const shop = readFileSync(join(dist, 'shop/index.html'), 'utf8');
  expect(shop).toContain('$21.50');
  // The downloaded photo went through the image pipeline: resized variants named after it.
  expect(shop).toMatch(/\/static\/[^"' ]*publisher-test-photo[^"' ]*\.(webp|avif|png)/);
  expect(existsSync(join(dist, 'admin/index.html'))).toBe(true);
  expect(existsSync(join(dist, '_redirects'))).toBe(true);
}, 400_000);
