/**
 * Image transformations (supabase/storage src/http/routes/render/*, src/storage/renderer/image.ts,
 * renderer.ts), done here with sharp where hosted Storage asks imgproxy:
 * - `/render/image/public/{bucket}/{path}?width=&height=&resize=&quality=&format=` (public buckets),
 *   `/render/image/authenticated/...` (read as `/object/authenticated/...`: the caller's RLS),
 *   `/render/image/sign/...?token=` (a token made by `/object/sign` with a `transform`, which
 *   keeps the options in its `transformations` claim).
 * - The answer carries Content-Type, Content-Length, the object's ETag and Cache-Control,
 *   Last-Modified, `X-Transformations` (imgproxy's words) and, when signed, Expires.
 * - Like imgproxy as Storage runs it: EXIF orientation applied, metadata stripped, never enlarged,
 *   quality 80 unless asked; without a `format`, WebP when the Accept header takes it, else the
 *   source's format (`format=origin` always keeps it).
 * - Limits (transform.ts TRANSFORM_LIMITS): sizes clamped to 1..2500, a source over 25 MB or
 *   50 megapixels, and anything that is not an image, answer 400 InvalidRequest with Storage's words.
 */
import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type FormatEnum, type Sharp } from 'sharp';
import type { StorageContext } from './context.js';
import { ERRORS, StorageError } from './errors.js';
import { downloadHeader, findReadable, type Access, type ObjectRow } from './read.js';
import { verifySignedDownload } from './sign.js';
import { parseSegments, readTransform, segments, TRANSFORM_LIMITS, type TransformOptions } from './transform.js';

const DEFAULT_QUALITY = 80;
const UNSUPPORTED = 'The source image is invalid or unsupported for rendering';
/** Output formats a source keeps under `origin`; any other source (SVG, HEIF, ICO...) becomes PNG. */
const KEPT_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff']);
/** imgproxy's gravity names as sharp's positions for `cover` (`fp`, a focal point, is centred). */
const POSITION: Record<string, string> = {
  no: 'north', so: 'south', ea: 'east', we: 'west', noea: 'northeast', nowe: 'northwest',
  soea: 'southeast', sowe: 'southwest', ce: 'centre', fp: 'centre', sm: 'attention',
};
const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

const badSource = (message = UNSUPPORTED) => new StorageError(400, 'InvalidRequest', message);

function outputFormat(options: TransformOptions, source: string, accept: string | undefined): keyof FormatEnum {
  if (options.format === 'webp' || options.format === 'avif') return options.format;
  if (options.format !== 'origin' && /image\/webp/.test(accept ?? '')) return 'webp';
  return KEPT_FORMATS.has(source) ? (source as keyof FormatEnum) : 'png';
}

/** The transformed image's bytes and media type, or 400 for a source it cannot or may not render. */
export async function transformImage(input: Buffer, options: TransformOptions, accept?: string): Promise<{ body: Buffer; type: string }> {
  if (input.length > TRANSFORM_LIMITS.maxSourceBytes) throw badSource('The source image file is too large to process');
  let image: Sharp;
  let format: string;
  try {
    image = sharp(input, { limitInputPixels: false, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !meta.width || !meta.height) throw badSource();
    if (meta.width * meta.height > TRANSFORM_LIMITS.maxSourcePixels) throw badSource('The source image resolution is too large to process');
    format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  } catch (err) {
    throw err instanceof StorageError ? err : badSource();
  }
  const [width, height] = [options.width, options.height].map((n) =>
    n ? Math.min(Math.max(n, TRANSFORM_LIMITS.minSize), TRANSFORM_LIMITS.maxSize) : undefined);
  let pipeline = image.rotate();
  if (width || height) {
    pipeline = pipeline.resize({
      width, height, fit: FIT[options.resize ?? 'cover'], withoutEnlargement: true,
      position: POSITION[options.gravity ?? 'ce'],
    });
  }
  const out = outputFormat(options, format, accept);
  const quality = options.quality ?? DEFAULT_QUALITY;
  pipeline = pipeline.toFormat(out, out === 'png' || out === 'gif' || out === 'tiff' ? {} : { quality });
  try {
    return { body: await pipeline.toBuffer(), type: `image/${out}` };
  } catch {
    throw badSource();
  }
}

async function sendRendered(
  ctx: StorageContext, req: FastifyRequest, reply: FastifyReply, obj: ObjectRow, options: TransformOptions, expires?: string,
) {
  const path = ctx.dirs.file(obj.bucket_id, obj.name, obj.version);
  const info = await stat(path).catch(() => {
    throw ERRORS.NoSuchKey();
  });
  if (info.size > TRANSFORM_LIMITS.maxSourceBytes) throw badSource('The source image file is too large to process');
  const { body, type } = await transformImage(await readFile(path), options, req.headers.accept);
  const meta = obj.metadata ?? {};
  reply.header('content-type', type).header('content-length', body.length);
  if (meta.eTag) reply.header('etag', meta.eTag);
  const modified = new Date(meta.lastModified ?? obj.updated_at);
  if (!Number.isNaN(modified.getTime())) reply.header('last-modified', modified.toUTCString());
  if (expires) reply.header('expires', expires);
  else if (meta.cacheControl) reply.header('cache-control', meta.cacheControl);
  const applied = segments(options);
  if (applied.length) reply.header('x-transformations', applied.join(','));
  downloadHeader(req, reply);
  return reply.code(200).send(body);
}

/** GET /render/image/public|authenticated/{bucket}/{path}?<options> */
export const renderObject = (access: Access) => async (ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) => {
  const options = readTransform(req.query, 'querystring');
  const obj = await findReadable(ctx, req, access);
  return sendRendered(ctx, req, reply, obj, options);
};

/** GET /render/image/sign/{bucket}/{path}?token= : the options are the token's. */
export async function renderSigned(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { row, payload } = await verifySignedDownload(ctx, req);
  const claim = typeof payload.transformations === 'string' ? payload.transformations : '';
  return sendRendered(ctx, req, reply, row, parseSegments(claim), new Date((payload.exp ?? 0) * 1000).toUTCString());
}

/** The render routes, beside the object routes (`h` binds a handler to the storage context). */
export function renderRoutes(
  get: (path: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => void,
  h: (fn: (ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  get('/render/image/public/:bucketName/*', h(renderObject('public')));
  get('/render/image/authenticated/:bucketName/*', h(renderObject('jwt')));
  get('/render/image/sign/:bucketName/*', h(renderSigned));
}
