/**
 * POST /object/{bucket}/{path} (create; `x-upsert: true` replaces) and PUT (replace), in
 * Storage's order (supabase/storage src/storage/object.ts uploadFromRequest, uploader.ts):
 * key and bucket, the body's MIME type and declared size (415/413), an RLS test of the insert (or
 * upsert) as the caller, rolled back (403), then the file streams to a temporary file (413 past the
 * limit; 415 for markup declared as a raster image, sniff.ts) and, in one transaction, the row is
 * written as the caller and the file renamed into place. A refusal, an abort or a failed insert
 * leaves no file and no row behind.
 * Answers `{Id, Key}` with Key = `<bucket>/<path>`.
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
import { readUploadBody } from './upload-body.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ObjectWrite {
  bucket: string;
  key: string;
  version: string;
  metadata: Record<string, unknown>;
  upsert: boolean;
}

/** Inserts (or upserts) the object row in `tx` as it stands (caller or server). */
export async function writeRow(tx: Queryable, caller: Caller, w: ObjectWrite): Promise<void> {
  const owner = caller.sub && UUID.test(caller.sub) ? caller.sub : null;
  const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
    values ($1, $2, $3, $4, $5, $6, $7)`;
  const params = [randomUUID(), w.bucket, w.key, owner, caller.sub ?? null, JSON.stringify(w.metadata), w.version];
  try {
    await tx.query(w.upsert
      ? `${insert} on conflict (bucket_id, name) do update set metadata = excluded.metadata,
          version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
      : insert, params);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw ERRORS.KeyAlreadyExists();
    throw err;
  }
}

export async function uploadObject(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply, upsert: boolean) {
  const { bucketName: bucket, '*': key } = req.params as { bucketName: string; '*': string };
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  const caller = await identify(ctx, req);
  const row = await findBucket(ctx, bucket);
  const limit = Math.min(row.file_size_limit ?? Number.POSITIVE_INFINITY, ctx.fileSizeLimit);
  const body = await readUploadBody(req, limit, row.allowed_mime_types);
  const version = randomUUID();
  const probe: ObjectWrite = { bucket, key, version, metadata: {}, upsert };
  try {
    await testPermission(ctx, caller, req, (tx) => writeRow(tx, caller, probe));
  } catch (err) {
    body.stream.resume(); // drain what the client still sends
    throw err;
  }

  const check = isRasterImage(body.essence) ? markupGuard(body.mimeType) : undefined;
  const temp = await writeTemp(ctx.dirs.tmp, body.stream, limit, body.isTruncated, check);
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
      await actAs(tx, caller, req);
      await writeRow(tx, caller, { ...probe, metadata });
      await placeFile(temp.path, target);
      placed = true;
      await tx.exec('set local role none'); // back to the server's own role for the lookup
      const { rows } = await tx.query<{ id: string }>(
        'select id from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
      return { id: rows[0]!.id, previous: before.rows[0]?.version ?? null };
    });
    if (previous && previous !== version) await removeFile(ctx.dirs.file(bucket, key, previous), ctx.dirs.root);
    return reply.code(200).send({ Id: id, Key: `${bucket}/${key}` });
  } catch (err) {
    await rm(temp.path, { force: true });
    if (placed) await removeFile(target, ctx.dirs.root);
    throw err;
  }
}
