/**
 * Who calls, and the database as they see it. As Storage does (supabase/storage
 * src/http/plugins/jwt.ts, src/internal/database/postgres/scope.ts): the Bearer JWT is verified
 * (a bad one is 403 AccessDenied with the verifier's message, or anon where the route allows it),
 * and metadata queries run in a transaction with `role`, the JWT claims and
 * `storage.allow_delete_query` set transaction-locally, so the RLS policies on storage.objects
 * decide. Bucket lookups and reads of public files run as the server's own (owner) role.
 */
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/types.js';
import { gatewayBearer } from '../keys.js';
import type { JwtKeys } from '../jwt/keys.js';
import type { JwtRoles } from '../rest/jwt.js';
import { ERRORS, fromDatabaseError } from './errors.js';
import type { StorageDirs } from './paths.js';

export interface StorageContext {
  db: Db;
  dirs: StorageDirs;
  roles: JwtRoles;
  /** Verifies Bearer tokens (../jwt/keys.ts). */
  keys: JwtKeys;
  /** The JWT secret: signed download and upload URLs are HS256 with it, as Storage signs them. */
  secret: Uint8Array;
  /** The global per-file limit (the CLI's `[storage] file_size_limit`, 50 MiB by default). */
  fileSizeLimit: number;
  /** Seconds a signed upload URL lives (hosted: 7200). */
  uploadUrlSeconds: number;
}

export interface Caller {
  role: string;
  sub: string | undefined;
  claimsJson: string;
  /** A valid JWT was presented (the anon key counts); false for the anonymous fallback. */
  isAuthenticated: boolean;
}

const ANONYMOUS: Caller = { role: 'anon', sub: undefined, claimsJson: '{"role":"anon"}', isAuthenticated: false };

export async function identify(ctx: StorageContext, req: FastifyRequest, allowInvalid = false): Promise<Caller> {
  const token = gatewayBearer(req.headers) ?? '';
  if (token === '' && allowInvalid) return ANONYMOUS;
  try {
    const identity = await ctx.roles.identify(token === '' ? 'missing' : token);
    const claims = JSON.parse(identity.claimsJson) as { sub?: unknown };
    return {
      role: identity.role,
      sub: typeof claims.sub === 'string' ? claims.sub : undefined,
      claimsJson: identity.claimsJson,
      isAuthenticated: true,
    };
  } catch {
    if (allowInvalid) return ANONYMOUS;
    // The verifier's own words, as Storage answers (jose messages, e.g. '"exp" claim timestamp check failed').
    const message = await ctx.keys.verify(token).then(
      () => 'Invalid JWT',
      (err: Error) => err.message,
    );
    throw ERRORS.AccessDenied(message);
  }
}

const SCOPE_SQL = `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
  set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claims', $3, true),
  set_config('request.method', $4, true), set_config('request.path', $5, true),
  set_config('storage.allow_delete_query', 'true', true)`;

/** Makes the rest of the transaction run as the caller (role, claims; deletes allowed). */
export async function actAs(tx: Queryable, caller: Caller, req: FastifyRequest): Promise<void> {
  await tx.query(SCOPE_SQL, [caller.role, caller.sub ?? '', caller.claimsJson, req.method, req.url.split('?')[0]]);
}

const isDatabaseError = (err: unknown) => typeof (err as { code?: unknown }).code === 'string'
  && /^[0-9A-Z]{5}$/.test((err as { code: string }).code);

/**
 * Runs `fn` in one transaction, as the caller when one is given (else as the server itself, with
 * deletes allowed); database errors become Storage's errors.
 */
export async function inTransaction<T>(
  ctx: StorageContext, as: { caller: Caller; req: FastifyRequest } | null, fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (as) await actAs(tx, as.caller, as.req);
      else await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
      return fn(tx);
    });
  } catch (err) {
    throw isDatabaseError(err) ? fromDatabaseError(err) : err;
  }
}

const ROLLBACK = Symbol('rollback');

/** Runs `fn` as the caller and rolls it back: does RLS allow it? (Storage's testPermission) */
export async function testPermission(ctx: StorageContext, caller: Caller, req: FastifyRequest, fn: (tx: Queryable) => Promise<unknown>) {
  await inTransaction(ctx, { caller, req }, async (tx) => {
    await fn(tx);
    throw ROLLBACK;
  }).catch((err: unknown) => {
    if (err !== ROLLBACK) throw err;
  });
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

/** The bucket as the server sees it, or 404 NoSuchBucket. */
export async function findBucket(ctx: StorageContext, id: string): Promise<BucketRow> {
  const { rows } = await ctx.db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  if (!rows[0]) throw ERRORS.NoSuchBucket();
  return rows[0];
}
