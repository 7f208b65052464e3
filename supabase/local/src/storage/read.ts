/**
 * Reading objects (supabase/storage src/http/routes/object/getObject.ts, getPublicObject.ts,
 * getObjectInfo.ts, src/storage/renderer/asset.ts, head.ts, info.ts):
 * - `/object/{bucket}/{path}` and `/object/authenticated/...`: without a valid JWT only a public
 *   bucket answers (else 404 Bucket not found); a public bucket's files are read as the server, a
 *   private bucket's through the caller's RLS (404 Object not found when hidden).
 * - `/object/public/...`: public buckets only, no JWT needed.
 * - GET sends the bytes with Content-Type, Cache-Control, ETag, Last-Modified, Content-Length
 *   (`?download[=name]` adds Content-Disposition); HEAD the same headers; `/object/info/...` JSON.
 *   The type is the stored one normalised (HTML as text/plain, SVG/XML sandboxed: media-type.ts);
 *   routes.ts adds `X-Content-Type-Options: nosniff` to every answer.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findBucket, identify, inTransaction, type StorageContext } from './context.js';
import { ERRORS } from './errors.js';
import { isScriptableDocument, servedType } from './media-type.js';
import { mustBeValidBucketName, mustBeValidKey } from './paths.js';

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string;
  metadata: Record<string, any> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

const OBJECT_SQL = `select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at
  from storage.objects where bucket_id = $1 and name = $2`;

export type Access = 'jwt' | 'optional-jwt' | 'public';

/** The object row a read may see, or Storage's 404s. */
export async function findReadable(ctx: StorageContext, req: FastifyRequest, access: Access): Promise<ObjectRow> {
  const { bucketName: bucket, '*': key } = req.params as { bucketName: string; '*': string };
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  const caller = access === 'public' ? null : await identify(ctx, req, access === 'optional-jwt');
  const row = await findBucket(ctx, bucket);
  if (!row.public && (access === 'public' || !caller?.isAuthenticated)) throw ERRORS.NoSuchBucket();
  const { rows } = await inTransaction(ctx, row.public || !caller ? null : { caller, req }, (tx) =>
    tx.query<ObjectRow>(OBJECT_SQL, [bucket, key]));
  if (!rows[0]) throw ERRORS.NoSuchKey();
  return rows[0];
}

function assetHeaders(reply: FastifyReply, obj: ObjectRow, size: number, expires?: string): void {
  const meta = obj.metadata ?? {};
  const type = servedType(meta.mimetype);
  reply.header('content-type', type);
  if (isScriptableDocument(type.split(';')[0]!)) reply.header('content-security-policy', 'sandbox');
  if (meta.eTag) reply.header('etag', meta.eTag);
  const modified = new Date(meta.lastModified ?? obj.updated_at);
  if (!Number.isNaN(modified.getTime())) reply.header('last-modified', modified.toUTCString());
  reply.header('content-length', size);
  if (expires) reply.header('expires', expires);
  else if (meta.cacheControl) reply.header('cache-control', meta.cacheControl);
}

/** `?download[=name]`: Content-Disposition attachment, with the name when given. */
export function downloadHeader(req: FastifyRequest, reply: FastifyReply): void {
  const download = (req.query as { download?: string }).download;
  if (typeof download === 'string') {
    const name = encodeURIComponent(download);
    reply.header('content-disposition', download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`);
  }
}

/** Sends the object's bytes (or, for HEAD, only its headers). */
export async function sendObject(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply, obj: ObjectRow, expires?: string) {
  const path = ctx.dirs.file(obj.bucket_id, obj.name, obj.version);
  const info = await stat(path).catch(() => {
    throw ERRORS.NoSuchKey();
  });
  assetHeaders(reply, obj, info.size, expires);
  downloadHeader(req, reply);
  if (req.method === 'HEAD') return reply.code(200).send();
  return reply.code(200).send(createReadStream(path));
}

/** `/object/info/...`: Storage's InfoRenderer body. */
export function sendInfo(reply: FastifyReply, obj: ObjectRow) {
  const meta = obj.metadata ?? {};
  if (meta.eTag) reply.header('etag', meta.eTag);
  if (meta.cacheControl) reply.header('cache-control', meta.cacheControl);
  return reply.code(200).send({
    id: obj.id,
    name: obj.name,
    version: obj.version,
    bucket_id: obj.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: obj.user_metadata,
    last_modified: obj.updated_at,
    created_at: obj.created_at,
  });
}
