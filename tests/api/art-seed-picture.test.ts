/**
 * The seeded art design's picture (supabase/seed.sql 'Bee Garden', storage_path
 * 'seed/bee-garden.png') is in Storage on a fresh backend (supabase/local/src/db/seedStorage.ts),
 * so the back office's signed URL for it (admin/src/resources/art_designs/useArtImage.ts) gives
 * the PNG of content/art/bee-garden.png instead of a 400. A restart neither duplicates nor
 * replaces it; a database that lacks it gets it at the next start. `npm run seed-content`
 * (scripts/seed-content.mts, the hosted project's starting content) uploads it the same way with
 * the service role and leaves an existing one alone. On PGlite, and on PostgreSQL when the test
 * cluster runs (tests/setup).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { OWNER, adminClient, signedIn } from './support/clients';
import { REPO_ROOT, removeDataDir, startBackend, tempDataDir, type Backend } from './support/server';
import { createDatabase, dropDatabase, targets } from './support/serverDatabases';

const BUCKET = 'art-submissions';
const KEY = 'seed/bee-garden.png';
const PICTURE = readFileSync(join(REPO_ROOT, 'content/art/bee-garden.png'));
/** `npm run seed-content` against the test backend; its output. */
async function seedContentScript(url: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: url };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not for the script
  delete env.SUPABASE_SERVICE_ROLE_KEY; // the local key, the script's default
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed-content.mts'], { cwd: REPO_ROOT, env });
  return stdout;
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(targets)('on %s', (target) => {
  const dataDir = tempDataDir();
  const database = `buzz_api_${randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = {};
  let backend: Backend | undefined;

  beforeAll(async () => {
    if (target === 'postgres') env.DATABASE_URL = await createDatabase(database);
    backend = await startBackend({ dataDir, fresh: true, env });
  }, 200_000);

  afterAll(async () => {
    await backend?.stop();
    removeDataDir(dataDir);
    if (target === 'postgres') await dropDatabase(database);
  });

  const restart = async () => {
    expect(await backend!.stop('SIGTERM')).toBe(0);
    backend = await startBackend({ dataDir, fresh: false, env });
  };
  const info = async () => {
    const { data, error } = await adminClient(backend!.url).storage.from(BUCKET).info(KEY);
    expect(error).toBeNull();
    return data!;
  };
  /** The signed URL the back office asks for, as the demo owner, and what it serves. */
  const ownerSign = async () => {
    const owner = await signedIn(backend!.url, OWNER.email, OWNER.password);
    return owner.storage.from(BUCKET).createSignedUrl(KEY, 3600);
  };
  const ownerDownload = async () => {
    const { data, error } = await ownerSign();
    expect(error).toBeNull();
    const res = await fetch(data!.signedUrl);
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  /** The versions stored on disk for the key (storage/paths.ts: <root>/<bucket>/<key>/<version>). */
  const versionsOnDisk = () => readdirSync(join(dataDir, 'storage', BUCKET, KEY));

  test('the seeded row describes the shipped file (type, size, width and height)', async () => {
    const owner = await signedIn(backend!.url, OWNER.email, OWNER.password);
    const { data, error } = await owner.rpc('get_buzz_haven_art_designs');
    expect(error).toBeNull();
    const seeded = (data as Array<Record<string, unknown>>).filter((d) => String(d.storage_path).startsWith('seed/'));
    expect(seeded).toEqual([expect.objectContaining({ title: 'Bee Garden', storage_path: KEY, file_type: 'image/png' })]);
    expect(Number(seeded[0]!.file_bytes)).toBe(PICTURE.length);
    const meta = await sharp(PICTURE).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', seeded[0]!.width, seeded[0]!.height]);
  });

  test('a fresh backend stores the picture: the owner signs a URL for it and gets the PNG of content/art/', async () => {
    expect(backend!.output()).toContain('storage (1 seed files)');
    const got = await ownerDownload();
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/png');
    expect(got.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(got.bytes.equals(PICTURE)).toBe(true);
    expect(await info()).toMatchObject({ size: PICTURE.length, contentType: 'image/png', cacheControl: 'max-age=3600' });
    expect(versionsOnDisk()).toHaveLength(1);
  });

  test('a restart neither duplicates nor rewrites it', async () => {
    const before = await info();
    const files = versionsOnDisk();
    await restart();
    expect(backend!.output()).toContain('up to date');
    const after = await info();
    expect(after).toMatchObject({ id: before.id, version: before.version, lastModified: before.lastModified });
    expect(versionsOnDisk()).toEqual(files);
    const { data } = await adminClient(backend!.url).storage.from(BUCKET).list('seed');
    expect(data!.map((o) => o.name)).toEqual(['bee-garden.png']);
    expect((await ownerDownload()).bytes.equals(PICTURE)).toBe(true);
  }, 400_000);

  test('an object already there is never replaced, even by another file', async () => {
    const other = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const admin = adminClient(backend!.url);
    const { error } = await admin.storage.from(BUCKET).upload(KEY, other, { contentType: 'image/png', upsert: true });
    expect(error).toBeNull();
    const replaced = await info();
    await restart();
    expect(backend!.output()).toContain('up to date');
    expect(await info()).toMatchObject({ version: replaced.version, size: other.length });
    expect((await ownerDownload()).bytes.equals(other)).toBe(true);
  }, 400_000);

  test('a database that lacks it (removed, or from before this was seeded) gets it at the next start', async () => {
    const { error } = await adminClient(backend!.url).storage.from(BUCKET).remove([KEY]);
    expect(error).toBeNull();
    // What the back office got before the seed stored it: 400, Storage's 404 Object not found.
    expect((await ownerSign()).error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
    await restart();
    expect(backend!.output()).toContain('storage (1 seed files)');
    const got = await ownerDownload();
    expect(got.status).toBe(200);
    expect(got.bytes.equals(PICTURE)).toBe(true);
  }, 400_000);

  test('npm run seed-content uploads a missing picture with the service role, and leaves one that is there', async () => {
    const admin = adminClient(backend!.url);
    expect((await admin.storage.from(BUCKET).remove([KEY])).error).toBeNull();
    expect(await seedContentScript(backend!.url)).toContain(`Uploaded ${BUCKET}/${KEY}`);
    const got = await ownerDownload();
    expect([got.status, got.type, got.bytes.equals(PICTURE)]).toEqual([200, 'image/png', true]);
    const uploaded = await info();
    expect(await seedContentScript(backend!.url)).toContain(`${BUCKET}/${KEY} is there already`);
    expect(await info()).toMatchObject({ version: uploaded.version, size: PICTURE.length, cacheControl: 'max-age=3600' });
  }, 120_000);
});
