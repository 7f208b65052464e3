/**
 * Listing, removing, moving and copying objects, each as the caller so RLS decides
 * (supabase/storage src/http/routes/object/listObjects.ts, deleteObjects.ts, moveObject.ts,
 * copyObject.ts; src/storage/object.ts searchObjects, deleteObjects, moveObject, copyObject).
 * list-v2 is in list-v2.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types.js';
import { actAs, findBucket, identify, inTransaction, type BucketRow, type StorageContext } from './context.js';
import { ERRORS } from './errors.js';
import { copyInto, removeFile } from './files.js';
import { mustBeValidBucketName, mustBeValidKey } from './paths.js';
import type { ObjectRow } from './read.js';
import { stripPlacedFile } from './strip-metadata.js';
import { writeRow } from './upload.js';
import { metadataHeader } from './user-metadata.js';
import { bool, int, list, object, oneOf, str } from './validate.js';

/** POST /object/list/{bucket} {prefix, limit=100, offset=0, sortBy={column:'name', order:'asc'}, search} */
export async function listObjects(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucketName: bucket } = req.params as { bucketName: string };
  const body = object(req.body);
  let prefix = str(body, 'prefix', true)!;
  const sortBy = body.sortBy === undefined ? {} : object(body.sortBy, 'sortBy');
  const column = oneOf(sortBy, 'column', ['name', 'updated_at', 'created_at', 'last_accessed_at']) ?? 'name';
  const order = oneOf(sortBy, 'order', ['asc', 'desc']) ?? 'asc';
  const caller = await identify(ctx, req);
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  // The JSON is built in SQL and sent as text: half the cost of rows parsed and re-serialized
  // in Node at 1,000 entries, and timestamps come out as PostgreSQL writes them, as upstream.
  const { rows } = await inTransaction(ctx, { caller, req }, (tx) =>
    tx.query<{ body: string }>(`select coalesce(array_to_json(array_agg(s)), '[]')::text as body
      from storage.search($1, $2, $3, $4, $5, $6, $7, $8) as s`, [
      prefix, bucket, int(body, 'limit') || 100, 1, int(body, 'offset') ?? 0, str(body, 'search') ?? '', column, order,
    ]));
  return reply.code(200).type('application/json; charset=utf-8').send(rows[0]!.body);
}

/** DELETE /object/{bucket} {prefixes}: deletes what RLS lets the caller delete; answers those rows. */
export async function removeObjects(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucketName: bucket } = req.params as { bucketName: string };
  const prefixes = list(object(req.body), 'prefixes');
  if (prefixes.length === 0) throw ERRORS.InvalidRequest('body/prefixes must NOT have fewer than 1 items');
  if (prefixes.length > 1000) throw ERRORS.InvalidRequest('Bulk object requests are limited to 1000 objects per request.');
  const caller = await identify(ctx, req);
  const { rows } = await inTransaction(ctx, { caller, req }, (tx) =>
    tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [bucket, prefixes]));
  for (const row of rows) await removeFile(ctx.dirs.file(bucket, row.name, row.version), ctx.dirs.root);
  return reply.code(200).send(rows);
}

interface Transfer { bucket: string; source: string; destBucket: string; dest: string }

function transferBody(req: FastifyRequest): Transfer {
  const body = object(req.body);
  const bucket = str(body, 'bucketId', true)!;
  const t = { bucket, source: str(body, 'sourceKey', true)!, destBucket: str(body, 'destinationBucket') || bucket, dest: str(body, 'destinationKey', true)! };
  mustBeValidBucketName(t.bucket);
  mustBeValidBucketName(t.destBucket);
  mustBeValidKey(t.source);
  mustBeValidKey(t.dest);
  return t;
}

/**
 * A file just copied or moved into `bucket` at `path`: an image in a public bucket loses its
 * metadata there as an upload does (strip-metadata.ts), and its row gets the new size and eTag.
 * Leaves the transaction in the server's own role.
 */
async function stripPlaced(tx: Queryable, bucket: BucketRow, key: string, path: string): Promise<void> {
  await tx.exec('set local role none');
  const where = 'where bucket_id = $1 and name = $2';
  const { rows } = await tx.query<{ metadata: Record<string, unknown> | null }>(
    `select metadata from storage.objects ${where}`, [bucket.id, key]);
  const patch = await stripPlacedFile(bucket, rows[0]?.metadata ?? null, path);
  if (patch) await tx.query(`update storage.objects set metadata = metadata || $3::jsonb ${where}`, [bucket.id, key, JSON.stringify(patch)]);
}

/** POST /object/move: the row is renamed as the caller (select + update policies), then the file. */
export async function moveObject(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const t = transferBody(req);
  const caller = await identify(ctx, req);
  const destBucket = await findBucket(ctx, t.destBucket);
  const version = randomUUID();
  const moved = await inTransaction(ctx, { caller, req }, async (tx) => {
    const { rows } = await tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [t.bucket, t.source]);
    if (!rows[0]) throw ERRORS.NoSuchKey();
    const updated = await tx.query<{ id: string }>(
      `update storage.objects set bucket_id = $3, name = $4, version = $5, updated_at = now()
       where bucket_id = $1 and name = $2 returning id`, [t.bucket, t.source, t.destBucket, t.dest, version]);
    if (!updated.rows[0]) throw ERRORS.NoSuchKey();
    await copyInto(ctx.dirs.file(t.bucket, t.source, rows[0].version), ctx.dirs.file(t.destBucket, t.dest, version));
    await stripPlaced(tx, destBucket, t.dest, ctx.dirs.file(t.destBucket, t.dest, version));
    return rows[0];
  }).catch(async (err: unknown) => {
    await removeFile(ctx.dirs.file(t.destBucket, t.dest, version), ctx.dirs.root);
    throw err;
  });
  await removeFile(ctx.dirs.file(t.bucket, t.source, moved.version), ctx.dirs.root);
  return reply.code(200).send({ message: 'Successfully moved', Id: moved.id, Key: t.dest });
}

/** POST /object/copy: the source read and the destination written as the caller. */
export async function copyObject(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const t = transferBody(req);
  const upsert = req.headers['x-upsert'] === 'true';
  const body = object(req.body);
  const copyMetadata = bool(body, 'copyMetadata') ?? true;
  const givenUserMetadata = metadataHeader(req.headers['x-metadata']);
  const caller = await identify(ctx, req);
  const destBucket = await findBucket(ctx, t.destBucket);
  const version = randomUUID();
  const target = ctx.dirs.file(t.destBucket, t.dest, version);
  const result = await inTransaction(ctx, { caller, req }, async (tx) => {
    const { rows } = await tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [t.bucket, t.source]);
    const source = rows[0];
    if (!source) throw ERRORS.NoSuchKey();
    const metadata = { ...(source.metadata ?? {}), ...(copyMetadata || body.metadata === undefined ? {} : object(body.metadata, 'metadata')) };
    // Storage's copyObject: the source's user metadata, or with copyMetadata false the x-metadata header's.
    const userMetadata = copyMetadata ? source.user_metadata : givenUserMetadata ?? null;
    await tx.exec('set local role none');
    const before = await tx.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [t.destBucket, t.dest]);
    await actAs(tx, caller, req);
    await writeRow(tx, caller.sub, { bucket: t.destBucket, key: t.dest, version, metadata, userMetadata, upsert });
    await copyInto(ctx.dirs.file(t.bucket, t.source, source.version), target);
    await stripPlaced(tx, destBucket, t.dest, target);
    const dest = await tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [t.destBucket, t.dest]);
    return { dest: dest.rows[0]!, previous: before.rows[0]?.version };
  }).catch(async (err: unknown) => {
    await removeFile(target, ctx.dirs.root);
    throw err;
  });
  if (result.previous) await removeFile(ctx.dirs.file(t.destBucket, t.dest, result.previous), ctx.dirs.root);
  return reply.code(200).send({ Id: result.dest.id, Key: `${t.destBucket}/${t.dest}`, ...result.dest });
}
