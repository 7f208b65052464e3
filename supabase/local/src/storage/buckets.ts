/**
 * `/bucket` routes (supabase/storage src/http/routes/bucket/*.ts, src/storage/storage.ts): every
 * statement runs as the caller, so with hosted Storage's RLS on storage.buckets (no policies)
 * only the service role creates, changes, lists or deletes buckets; others see none.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BUCKET_COLUMNS, actAs, identify, inTransaction, type BucketRow, type StorageContext } from './context.js';
import { ERRORS, StorageError } from './errors.js';
import { removeFile } from './files.js';
import { mustBeValidBucketName } from './paths.js';
import { bool, int, object, oneOf, str } from './validate.js';

const MIME = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/;

/** Storage's parseFileSizeToBytes: a number of bytes, or '20GB' / '20MB' / '30KB' / '3B'. */
function sizeLimit(ctx: StorageContext, value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  let bytes: number;
  if (typeof value === 'number') bytes = value;
  else {
    const m = typeof value === 'string' ? /(^[0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value) : null;
    if (!m) throw ERRORS.InvalidFileSizeLimit();
    const unit = { GB: 1e9, MB: 1e6, KB: 1000, B: 1 }[m[2]!.toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
    bytes = +parseFloat(m[1]!).toPrecision(3) * unit;
  }
  if (bytes > ctx.fileSizeLimit) throw ERRORS.EntityTooLarge();
  return bytes;
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value)) throw ERRORS.InvalidRequest('body/allowed_mime_types must be array');
  const types = value.filter((t): t is string => typeof t === 'string' && t !== '');
  for (const t of types) if (t.length > 1000 || !MIME.test(t)) throw ERRORS.InvalidMimeType(t);
  return types;
}

export async function createBucket(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const body = object(req.body);
  const name = str(body, 'name', true)!;
  const id = str(body, 'id') || name;
  mustBeValidBucketName(name);
  mustBeValidBucketName(id);
  const caller = await identify(ctx, req);
  const limit = sizeLimit(ctx, body.file_size_limit);
  const types = mimeTypes(body.allowed_mime_types);
  await inTransaction(ctx, { caller, req }, (tx) => tx.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [id, name, caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null, caller.sub ?? null,
      bool(body, 'public') ?? false, limit ?? null, types ?? null],
  )).catch((err: unknown) => {
    throw err instanceof StorageError && err.code === 'ResourceAlreadyExists' ? ERRORS.BucketAlreadyExists() : err;
  });
  return reply.code(200).send({ name });
}

export async function listBuckets(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const q = req.query as Record<string, unknown>;
  const column = oneOf(q, 'sortColumn', ['id', 'name', 'created_at', 'updated_at']) ?? 'name';
  const order = oneOf(q, 'sortOrder', ['asc', 'desc']) ?? 'asc';
  const caller = await identify(ctx, req);
  const search = str(q, 'search');
  const { rows } = await inTransaction(ctx, { caller, req }, (tx) => tx.query(
    `select ${BUCKET_COLUMNS}, type from storage.buckets
     where $1::text is null or name ilike '%' || $1 || '%'
     order by ${column} ${order} limit $2 offset $3`,
    [search ? search.replace(/[\\%_]/g, (c) => `\\${c}`) : null, int(q, 'limit', 1) ?? null, int(q, 'offset') ?? 0],
  ));
  return reply.code(200).send(rows);
}

async function visibleBucket(ctx: StorageContext, req: FastifyRequest): Promise<{ id: string; rows: BucketRow[] }> {
  const { bucketId: id } = req.params as { bucketId: string };
  const caller = await identify(ctx, req);
  const { rows } = await inTransaction(ctx, { caller, req }, (tx) =>
    tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]));
  return { id, rows };
}

export async function getBucket(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { rows } = await visibleBucket(ctx, req);
  if (!rows[0]) throw ERRORS.NoSuchBucket();
  return reply.code(200).send(rows[0]);
}

export async function updateBucket(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucketId: id } = req.params as { bucketId: string };
  mustBeValidBucketName(id);
  const body = object(req.body);
  const limit = sizeLimit(ctx, body.file_size_limit);
  const types = mimeTypes(body.allowed_mime_types);
  const caller = await identify(ctx, req);
  const { rows } = await inTransaction(ctx, { caller, req }, (tx) => tx.query(
    `update storage.buckets set public = coalesce($2, public),
       file_size_limit = case when $3 then $4 else file_size_limit end,
       allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end, updated_at = now()
     where id = $1 returning id`,
    [id, bool(body, 'public') ?? null, limit !== undefined, limit ?? null, types !== undefined, types ?? null],
  ));
  if (!rows[0]) throw ERRORS.NoSuchBucket();
  return reply.code(200).send({ message: 'Successfully updated' });
}

/** Empties synchronously; the message is hosted Storage's (which queues the work). */
export async function emptyBucket(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { id, rows } = await visibleBucket(ctx, req);
  if (!rows[0]) throw ERRORS.NoSuchBucket();
  const caller = await identify(ctx, req);
  const removed = await inTransaction(ctx, { caller, req }, (tx) =>
    tx.query<{ name: string; version: string }>('delete from storage.objects where bucket_id = $1 returning name, version', [id]));
  for (const row of removed.rows) await removeFile(ctx.dirs.file(id, row.name, row.version), ctx.dirs.root);
  return reply.code(200).send({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

export async function deleteBucket(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucketId: id } = req.params as { bucketId: string };
  const caller = await identify(ctx, req);
  await inTransaction(ctx, null, async (tx) => {
    const found = await tx.query('select 1 from storage.buckets where id = $1 for update', [id]);
    if (!found.rows[0]) throw ERRORS.NoSuchBucket();
    const used = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    if (used.rows[0]) throw ERRORS.BucketNotEmpty();
    await actAs(tx, caller, req);
    const deleted = await tx.query('delete from storage.buckets where id = $1 returning id', [id]);
    if (!deleted.rows[0]) throw ERRORS.NoSuchBucket();
  });
  return reply.code(200).send({ message: 'Successfully deleted' });
}
