/**
 * POST /object/{bucket}/{path} (create; `x-upsert: true` replaces) and PUT (replace), in
 * Storage's order (supabase/storage src/storage/object.ts uploadFromRequest, uploader.ts):
 * key and bucket, the body's MIME type and declared size (415/413), an RLS test of the insert (or
 * upsert) as the caller, rolled back (403), then the file streams to a temporary file (413 past the
 * limit; 415 for markup declared as a raster image, sniff.ts; an image bound for a public bucket
 * re-encoded without its metadata, strip-metadata.ts) and, in one transaction, the row is
 * written as the caller and the file renamed into place. A refusal, an abort or a failed insert
 * leaves no file and no row behind. User metadata (multipart `metadata`, `x-metadata`) goes to
 * storage.objects.user_metadata. Uploads with a signed upload URL (sign-upload.ts) share all but
 * the RLS test. Answers `{Id, Key}` with Key = `<bucket>/<path>`.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types.js';
import { actAs, findBucket, identify, inTransaction, testPermission, type Caller, type StorageContext } from './context.js';
import { ERRORS } from './errors.js';
import { placeFile, removeFile, writeTemp } from './files.js';
import { mustBeValidBucketName, mustBeValidKey } from './paths.js';
import { isRasterImage, markupGuard } from './sniff.js';
import { stripImageMetadata, stripsMetadata } from './strip-metadata.js';
import { readUploadBody, type UploadBody } from './upload-body.js';
import type { UserMetadata } from './user-metadata.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ObjectWrite {
  bucket: string;
  key: string;
  version: string;
  metadata: Record<string, unknown>;
  /** storage.objects.user_metadata; `{}` when none was given, as Storage stores it. */
  userMetadata: UserMetadata | null;
  upsert: boolean;
}

/**
 * Inserts (or upserts) the object row in `tx` as it stands (caller or server). `owner` is the
 * uploader's JWT `sub`: owner_id as given, owner when it is a UUID (Storage's upsertObject).
 */
export async function writeRow(tx: Queryable, owner: string | undefined, w: ObjectWrite): Promise<void> {
  const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3, $4, $5, $6, $7, $8)`;
  const params = [randomUUID(), w.bucket, w.key, owner && UUID.test(owner) ? owner : null, owner ?? null,
    JSON.stringify(w.metadata), w.userMetadata === null ? null : JSON.stringify(w.userMetadata), w.version];
  try {
    await tx.query(w.upsert
      ? `${insert} on conflict (bucket_id, name) do update set metadata = excluded.metadata,
          user_metadata = excluded.user_metadata, version = excluded.version, owner = excluded.owner,
          owner_id = excluded.owner_id, updated_at = now()`
      : insert, params);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw ERRORS.KeyAlreadyExists();
    throw err;
  }
}

export interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
  /** The uploader's JWT `sub` (the row's owner). */
  owner: string | undefined;
  /**
   * The caller whose RLS policies decide (tested before any byte is read, then the row written as
   * them); null for an upload with a signed upload URL, which the signing already checked and
   * which Storage writes as itself (uploadSignedObject.ts: `asSuperUser()`).
   */
  as: { caller: Caller; req: FastifyRequest } | null;
}

/**
 * Reads the request's body within the bucket's size and type limits (and the markup check), tests
 * RLS when there is a caller, and stores the file and its row. Answers the row's id and `<bucket>/<key>`.
 */
export function storeUpload(ctx: StorageContext, req: FastifyRequest, t: UploadTarget): Promise<{ id: string; key: string }> {
  const declared = Number(req.headers['content-length']);
  return storeBody(ctx, t, (limit, allowed) => readUploadBody(req, limit, allowed), Number.isFinite(declared) ? declared : undefined);
}

/** Opens an upload's body within the bucket's limits: `limit` bytes, the bucket's allowed types. */
export type BodySource = (limit: number, allowedTypes: string[] | null) => Promise<UploadBody>;

/**
 * storeUpload for any body: `open` is called once the bucket's limits are known; `declared` is the
 * length announced before the bytes (Content-Length), when there is one. Also used for the seeded
 * objects of a new database (../db/seedStorage.ts), which have no request.
 */
export async function storeBody(
  ctx: StorageContext, t: UploadTarget, open: BodySource, declared: number | undefined,
): Promise<{ id: string; key: string }> {
  const { bucket, key, upsert } = t;
  const row = await findBucket(ctx, bucket);
  const limit = Math.min(row.file_size_limit ?? Number.POSITIVE_INFINITY, ctx.fileSizeLimit);
  const body = await open(limit, row.allowed_mime_types);
  const version = randomUUID();
  const probe: ObjectWrite = {
    bucket, key, version, upsert, userMetadata: body.userMetadata ?? {},
    metadata: { mimetype: body.mimeType, ...(declared !== undefined ? { contentLength: declared } : {}) },
  };
  if (t.as) {
    const { caller } = t.as;
    try {
      await testPermission(ctx, caller, t.as.req, (tx) => writeRow(tx, t.owner, probe));
    } catch (err) {
      body.stream.resume(); // drain what the client still sends
      throw err;
    }
  }

  const check = isRasterImage(body.essence) ? markupGuard(body.mimeType) : undefined;
  const sent = await writeTemp(ctx.dirs.tmp, body.stream, limit, body.isTruncated, check);
  const temp = stripsMetadata(row, body.essence) ? await stripImageMetadata(sent, body.essence, body.mimeType) : sent;
  const target = ctx.dirs.file(bucket, key, version);
  let placed = false;
  try {
    await body.done;
    const metadata = {
      eTag: temp.eTag, size: temp.size, mimetype: body.mimeType, cacheControl: body.cacheControl,
      lastModified: new Date().toISOString(), contentLength: temp.size, httpStatusCode: 200,
    };
    const { id, previous } = await inTransaction(ctx, null, async (tx) => {
      const before = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update', [bucket, key]);
      if (t.as) await actAs(tx, t.as.caller, t.as.req);
      await writeRow(tx, t.owner, { ...probe, metadata });
      await placeFile(temp.path, target);
      placed = true;
      await tx.exec('set local role none'); // back to the server's own role for the lookup
      const { rows } = await tx.query<{ id: string }>(
        'select id from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
      return { id: rows[0]!.id, previous: before.rows[0]?.version ?? null };
    });
    if (previous && previous !== version) await removeFile(ctx.dirs.file(bucket, key, previous), ctx.dirs.root);
    return { id, key: `${bucket}/${key}` };
  } catch (err) {
    await rm(temp.path, { force: true });
    if (placed) await removeFile(target, ctx.dirs.root);
    throw err;
  }
}

export async function uploadObject(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply, upsert: boolean) {
  const { bucketName: bucket, '*': key } = req.params as { bucketName: string; '*': string };
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  const caller = await identify(ctx, req);
  const stored = await storeUpload(ctx, req, { bucket, key, upsert, owner: caller.sub, as: { caller, req } });
  return reply.code(200).send({ Id: stored.id, Key: stored.key });
}
