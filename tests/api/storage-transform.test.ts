/**
 * Image transformations as hosted Storage serves them, through supabase-js's storage client:
 * `getPublicUrl(path, { transform })` (/render/image/public), `download(path, { transform })`
 * (/render/image/authenticated) and `createSignedUrl(path, s, { transform })` (/render/image/sign,
 * the options kept in the token), with width, height, resize cover|contain|fill, quality and
 * format (webp, avif, origin, or WebP when Accept takes it), `X-Transformations` in imgproxy's
 * words, sizes clamped to 2500, and 400 for a non-image or an invalid option. In-process server,
 * on PGlite and, when the test cluster runs, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/src/config';
import { createServer, type RunningServer } from '../../supabase/local/src/server';
import { adminClient, client } from './support/clients';
import { createDatabase, dropDatabase, targets } from './support/serverDatabases';

/** A 400 x 300 JPEG, 4:3. */
const photo = () => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 150, b: 30 } } }).jpeg().toBuffer();
const size = async (res: Response) => {
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
};

describe.each(targets)('image transformations on %s', (target) => {
  let server: RunningServer;
  let admin: SupabaseClient;
  const database = `buzz_tf_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const databaseUrl = target === 'postgres' ? await createDatabase(database) : undefined;
    server = await createServer({ port: 0, seed: false, databaseUrl, config: loadConfig() });
    admin = adminClient(server.url);
    for (const [id, isPublic] of [['tf-public', true], ['tf-private', false]] as const) {
      const { error } = await admin.storage.createBucket(id, { public: isPublic });
      expect(error).toBeNull();
    }
    const jpeg = await photo();
    for (const bucket of ['tf-public', 'tf-private']) {
      expect((await admin.storage.from(bucket).upload('pics/hive.jpg', jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    }
    expect((await admin.storage.from('tf-public').upload('notes.txt', 'not an image', { contentType: 'image/png' })).error).toBeNull();
  }, 200_000);

  afterAll(async () => {
    await server?.close();
    if (target === 'postgres') await dropDatabase(database);
  });

  test('getPublicUrl with transform: resized by each resize mode, X-Transformations in imgproxy\'s words', async () => {
    const storage = client(server.url).storage.from('tf-public');
    const cases = [
      [{ width: 100, height: 100 }, { width: 100, height: 100 }, 'height:100,width:100,resizing_type:fill'],
      [{ width: 100, height: 100, resize: 'contain' }, { width: 100, height: 75 }, 'height:100,width:100,resizing_type:fit'],
      [{ width: 100, height: 100, resize: 'fill' }, { width: 100, height: 100 }, 'height:100,width:100,resizing_type:force'],
      [{ width: 200 }, { width: 200, height: 150 }, 'width:200,resizing_type:fill'],
    ] as const;
    for (const [transform, expected, header] of cases) {
      const { publicUrl } = storage.getPublicUrl('pics/hive.jpg', { transform }).data;
      expect(publicUrl).toContain('/storage/v1/render/image/public/tf-public/pics/hive.jpg?');
      const res = await fetch(publicUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('x-transformations')).toBe(header);
      expect(await size(res)).toEqual({ format: 'jpeg', ...expected });
    }
  });

  test('format webp and avif convert, origin keeps JPEG even when Accept takes WebP; without format Accept decides', async () => {
    const storage = client(server.url).storage.from('tf-public');
    // storage-js types `format` as 'origin' only; the render route takes webp and avif too.
    const url = (format?: 'webp' | 'avif' | 'origin') => {
      const base = storage.getPublicUrl('pics/hive.jpg', { transform: { width: 80, quality: 50 } }).data.publicUrl;
      return format ? `${base}&format=${format}` : base;
    };
    const accept = { headers: { Accept: 'image/avif,image/webp,*/*' } };
    const webp = await fetch(url('webp'));
    expect([webp.headers.get('content-type'), webp.headers.get('x-transformations')]).toEqual(['image/webp', 'width:80,resizing_type:fill,quality:50,format:webp']);
    expect((await size(webp)).format).toBe('webp');
    expect((await size(await fetch(url('avif')))).format).toBe('heif');
    expect((await size(await fetch(url('origin'), accept))).format).toBe('jpeg');
    expect((await fetch(url(), accept)).headers.get('content-type')).toBe('image/webp');
    expect((await fetch(url())).headers.get('content-type')).toBe('image/jpeg');
  });

  test('download with transform reads a private bucket as the caller; anon gets no private object', async () => {
    const { data, error } = await admin.storage.from('tf-private').download('pics/hive.jpg', { transform: { width: 50, height: 50 } });
    expect(error).toBeNull();
    expect(data?.type).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await data!.arrayBuffer())).metadata()).width).toBe(50);
    const anon = await client(server.url).storage.from('tf-private').download('pics/hive.jpg', { transform: { width: 50 } });
    expect(anon.data).toBeNull();
    const publicRender = await fetch(`${server.url}/storage/v1/render/image/public/tf-private/pics/hive.jpg?width=50`);
    expect([publicRender.status, (await publicRender.json()).code]).toEqual([400, 'NoSuchBucket']);
  });

  test('createSignedUrl with transform signs a render URL whose token keeps the options', async () => {
    const { data, error } = await admin.storage.from('tf-private').createSignedUrl('pics/hive.jpg', 60, { transform: { width: 200, height: 200, quality: 60 } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/tf-private/pics/hive.jpg?token=');
    const claims = JSON.parse(Buffer.from(new URL(data!.signedUrl).searchParams.get('token')!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ url: 'tf-private/pics/hive.jpg', scope: 'download', transformations: 'height:200,width:200,resize:undefined,quality:60' });
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(res.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fill,quality:60');
    expect(res.headers.get('expires')).not.toBeNull();
    expect(await size(res)).toEqual({ format: 'jpeg', width: 200, height: 200 });
    // Without options the URL stays an object URL; the token is bound to its object.
    const plain = await admin.storage.from('tf-private').createSignedUrl('pics/hive.jpg', 60, { transform: {} });
    expect(plain.data!.signedUrl).toContain('/storage/v1/object/sign/tf-private/pics/hive.jpg?token=');
    const forged = await fetch(data!.signedUrl.replace('pics/hive.jpg', 'pics/other.jpg'));
    expect([forged.status, (await forged.json()).code]).toEqual([400, 'InvalidSignature']);
  });

  test('limits as hosted: sizes clamped to 2500, never enlarged; a non-image or a bad option is a 400', async () => {
    const big = await fetch(`${server.url}/storage/v1/render/image/public/tf-public/pics/hive.jpg?width=9000`);
    expect(big.headers.get('x-transformations')).toBe('width:2500,resizing_type:fill');
    expect((await size(big)).width).toBe(400);
    const text = await fetch(`${server.url}/storage/v1/render/image/public/tf-public/notes.txt?width=10`);
    expect([text.status, await text.json()]).toEqual([400, {
      statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message: 'The source image is invalid or unsupported for rendering',
    }]);
    const huge = await sharp({ create: { width: 7200, height: 7200, channels: 3, background: '#fff' } }).png({ compressionLevel: 1 }).toBuffer();
    expect((await admin.storage.from('tf-public').upload('huge.png', huge, { contentType: 'image/png' })).error).toBeNull();
    const tooBig = await fetch(`${server.url}/storage/v1/render/image/public/tf-public/huge.png?width=10`);
    expect([tooBig.status, (await tooBig.json()).message]).toEqual([400, 'The source image resolution is too large to process']);
    for (const [query, message] of [
      ['quality=5', 'querystring/quality must be >= 20'],
      ['resize=stretch', 'querystring/resize must be equal to one of the allowed values'],
      ['width=ten', 'querystring/width must be integer'],
    ]) {
      const res = await fetch(`${server.url}/storage/v1/render/image/public/tf-public/pics/hive.jpg?${query}`);
      expect([res.status, (await res.json()).message]).toEqual([400, message]);
    }
  });
});
