/**
 * POST /object/list-v2/{bucket} {prefix, limit, cursor, with_delimiter, sortBy: {column, order}}, as
 * storage-js's listV2 calls it (supabase/storage src/http/routes/object/listObjectsV2.ts,
 * src/storage/object.ts listObjectsV2, src/storage/database/pg.ts listObjectsV2,
 * migrations/tenant/0050-search-v2-optimised.sql list_objects_with_delimiter and
 * search_by_timestamp). Run as the caller, so the select policies decide what is listed.
 * - `limit` 1..1000 (default 1000); one row more is read to know whether there is a next page.
 * - `prefix` matches the start of the key, letter case kept (unlike `/object/list`), `/` not added.
 * - Without `with_delimiter`: every object under the prefix, flat, sorted by name ("C" order) or
 *   by `created_at`/`updated_at` then name; rows `{id, name, metadata, updated_at, created_at,
 *   last_accessed_at}` with the full key as name.
 * - With `with_delimiter`: one level below the prefix: folders `{key, name: "<prefix><folder>/",
 *   id: null, ...nulls}` in `folders`, files in `objects` (`key` = the path segment at the prefix's
 *   depth). By name, a folder sorts where its keys do; by a date, a folder carries its oldest
 *   object's created_at (as upstream's aggregation).
 * - The answer `{hasNext, nextCursor, nextCursorKey, folders, objects}`; the cursor is Storage's
 *   base64 of `l:<last name>\no:<order>\nc:<column>\na:<last date>` lines (a bad one: 400
 *   InvalidParameter), and carries the sort of the first page.
 * A missing bucket lists nothing (200, empty), as upstream.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { identify, inTransaction, type StorageContext } from './context.js';
import { ERRORS, StorageError } from './errors.js';
import { bool, int, object, str } from './validate.js';

type Column = 'name' | 'created_at' | 'updated_at';
type Order = 'asc' | 'desc';

interface Cursor { startAfter: string; sortOrder?: string; sortColumn?: string; sortColumnAfter?: string }

const CURSOR_PARTS: Record<string, keyof Cursor> = { l: 'startAfter', o: 'sortOrder', c: 'sortColumn', a: 'sortColumnAfter' };

const invalidCursor = () => new StorageError(400, 'InvalidParameter', 'Invalid Parameter continuation token');

export function encodeCursor(cursor: Cursor): string {
  let text = '';
  for (const [k, field] of Object.entries(CURSOR_PARTS)) if (cursor[field]) text += `${k}:${cursor[field]}\n`;
  return Buffer.from(text.slice(0, -1)).toString('base64');
}

export function decodeCursor(token: string): Cursor {
  const result: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)/.exec(part);
    const field = m ? CURSOR_PARTS[m[1]!] : undefined;
    if (!field) throw invalidCursor();
    result[field] = m![2]!;
  }
  // Checked here rather than left to PostgreSQL's timestamptz cast (a 500 for a client's typo).
  if (result.sortColumnAfter !== undefined && Number.isNaN(Date.parse(result.sortColumnAfter))) throw invalidCursor();
  return result;
}

interface Row {
  name: string;
  id: string | null;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: Record<string, unknown> | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const SORTABLE_DATES = new Set(['created_at', 'updated_at']);

/** The entry one level below `prefix` that a key belongs to: `<prefix><folder>/`, or null for a file. */
const COMMON_PREFIX = `case when strpos(substr(o.name, length($2) + 1), '/') > 0
  then left(o.name, length($2) + strpos(substr(o.name, length($2) + 1), '/')) end`;

/** Flat listing (pg.ts listObjectsV2 without a delimiter). */
function flatQuery(column: Column | undefined, order: Order, cursor: string | undefined, after: string | undefined) {
  const sort = column && SORTABLE_DATES.has(column) ? column : undefined;
  const op = order === 'asc' ? '>' : '<';
  // $1 bucket, $2 prefix, $3 limit, then the cursor's name ($4) and date ($5) when they are used
  let page = 'true';
  const params: unknown[] = [];
  if (cursor) {
    if (sort && after) {
      page = `row(date_trunc('milliseconds', o.${sort}), o.name collate "C") ${op} row(coalesce(nullif($5::text, '')::timestamptz, 'epoch'::timestamptz), $4::text)`;
      params.push(cursor, after);
    } else {
      page = `o.name collate "C" ${op} $4::text`;
      params.push(cursor);
    }
  }
  return { params, sql: `select o.id, o.name, o.metadata, o.updated_at, o.created_at, o.last_accessed_at
    from storage.objects as o
    where o.bucket_id = $1 and starts_with(o.name, $2::text) and ${page}
    order by ${sort ? `o.${sort} ${order}, ` : ''}o.name collate "C" ${order}
    limit $3` };
}

/** One level below the prefix, by name (list_objects_with_delimiter's order and cursor). */
function delimitedByName(order: Order, cursor: string | undefined) {
  const op = order === 'asc' ? '>' : '<';
  // A cursor naming a folder (some key continues it with `/`) skips that whole folder.
  return { params: [cursor || null], sql: `with raw as (
      select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, ${COMMON_PREFIX} as common_prefix
      from storage.objects as o where o.bucket_id = $1 and starts_with(o.name, $2::text)
    ),
    entries as (
      select distinct rtrim(common_prefix, '/') as name, null::uuid as id, null::timestamptz as updated_at,
        null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
        common_prefix as sort_key
      from raw where common_prefix is not null
      union all
      select name, id, updated_at, created_at, last_accessed_at, metadata, name from raw where common_prefix is null
    ),
    seek as (
      select case when $4::text is null then null
        when exists (select 1 from storage.objects as o where o.bucket_id = $1 and starts_with(o.name, $4::text || '/'))
        then $4::text || '/' else $4::text end as key
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries as e, seek
    where seek.key is null or e.sort_key collate "C" ${op} seek.key
    order by e.sort_key collate "C" ${order}
    limit $3` };
}

/** One level below the prefix, by a date (search_by_timestamp). */
function delimitedByDate(column: 'created_at' | 'updated_at', order: Order, cursor: string | undefined, after: string | undefined) {
  const op = order === 'asc' ? '>' : '<';
  return { params: [cursor || null, after ?? ''], sql: `with raw as (
      select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, ${COMMON_PREFIX} as common_prefix
      from storage.objects as o where o.bucket_id = $1 and starts_with(o.name, $2::text)
    ),
    combined as (
      select rtrim(common_prefix, '/') as name, null::uuid as id, min(created_at) as updated_at,
        min(created_at) as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
      from raw where common_prefix is not null group by common_prefix
      union all
      select name, id, updated_at, created_at, last_accessed_at, metadata from raw where common_prefix is null
    )
    select * from combined as c
    where $4::text is null
      or row(date_trunc('milliseconds', c.${column}), c.name collate "C")
        ${op} row(coalesce(nullif($5::text, '')::timestamptz, 'epoch'::timestamptz), $4::text)
    order by coalesce(date_trunc('milliseconds', c.${column}), 'epoch'::timestamptz) ${order}, c.name collate "C" ${order}
    limit $3` };
}

/** A `sortBy` field, with the path Storage's schema validation names (`body/sortBy/column`). */
function sortField<T extends string>(sortBy: Record<string, unknown>, field: string, allowed: T[]): T | undefined {
  const v = sortBy[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !allowed.includes(v as T)) {
    throw ERRORS.InvalidRequest(`body/sortBy/${field} must be equal to one of the allowed values`);
  }
  return v as T;
}

export async function listObjectsV2(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucketName: bucket } = req.params as { bucketName: string };
  const body = object(req.body);
  const prefix = str(body, 'prefix') ?? '';
  const limit = Math.min(int(body, 'limit', 1) || 1000, 1000);
  const cursorText = str(body, 'cursor');
  const delimited = bool(body, 'with_delimiter') ?? false;
  const sortBy = body.sortBy === undefined ? undefined : object(body.sortBy, 'body/sortBy');
  const requested = sortBy && {
    column: sortField(sortBy, 'column', ['name', 'updated_at', 'created_at'] as Column[]),
    order: sortField(sortBy, 'order', ['asc', 'desc'] as Order[]),
  };
  if (requested && requested.column === undefined) throw ERRORS.InvalidRequest("body/sortBy must have required property 'column'");
  const caller = await identify(ctx, req);
  const cursor = cursorText ? decodeCursor(cursorText) : undefined;
  const column = (cursor?.sortColumn || requested?.column) as Column | undefined;
  const orderText = cursor?.sortOrder || requested?.order;
  const order: Order = orderText === 'desc' ? 'desc' : 'asc';
  const after = cursor?.sortColumnAfter;

  const start = cursor?.startAfter;
  let query: { sql: string; params: unknown[] };
  if (!delimited) query = flatQuery(column, order, start, after);
  else if (column === 'created_at' || column === 'updated_at') query = delimitedByDate(column, order, start, after);
  else query = delimitedByName(order, start);
  const { rows } = await inTransaction(ctx, { caller, req }, (tx) =>
    tx.query<Row>(query.sql, [bucket, prefix, limit + 1, ...query.params]));

  const levels = prefix === '' ? 1 : prefix.split('/').length;
  const isTruncated = rows.length > limit;
  const page = rows.slice(0, limit);
  const folders: unknown[] = [];
  const objects: unknown[] = [];
  for (const row of page) {
    const dates = { updated_at: iso(row.updated_at), created_at: iso(row.created_at), last_accessed_at: iso(row.last_accessed_at) };
    if (!delimited) {
      objects.push({ id: row.id, name: row.name, metadata: row.metadata, ...dates });
      continue;
    }
    const key = row.name.split('/')[levels - 1] ?? '';
    const entry = { key, name: row.name, id: row.id, ...dates, metadata: row.metadata };
    if (row.id === null) folders.push({ ...entry, name: row.name.endsWith('/') ? row.name : `${row.name}/` });
    else objects.push(entry);
  }

  let nextCursor: string | undefined;
  let nextCursorKey: string | undefined;
  if (isTruncated) {
    const last = page[page.length - 1]!;
    const lastDate = column && column !== 'name' ? last[column] : null;
    nextCursor = encodeCursor({
      startAfter: last.name,
      sortOrder: cursor?.sortOrder || requested?.order,
      sortColumn: column,
      sortColumnAfter: lastDate ? new Date(lastDate).toISOString() : undefined,
    });
    nextCursorKey = last.name;
  }
  return reply.code(200).send({ hasNext: isTruncated, nextCursor, nextCursorKey, folders, objects });
}
