/**
 * Signed URLs (supabase/storage src/http/routes/object/getSignedURL.ts, getSignedURLs.ts,
 * getSignedObject.ts; src/storage/object.ts signObjectUrl, signObjectUrls, verifyObjectSignature):
 * signing needs the caller to see the object (RLS; 404 otherwise) and gives an HS256 token
 * `{url: "<bucket>/<path>", scope: "download", iat, exp}` signed with the JWT secret; fetching
 * needs no JWT, checks the token (400 InvalidJWT, e.g. '"exp" claim timestamp check failed' once
 * expired; 400 InvalidSignature for another object) and sends the file with an Expires header.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { identify, inTransaction, type StorageContext } from './context.js';
import { ERRORS } from './errors.js';
import { mustBeValidBucketName, mustBeValidKey } from './paths.js';
import { sendObject, type ObjectRow } from './read.js';
import { int, list, object } from './validate.js';
import { transformClaims } from './transform.js';

const SCOPE = 'download';

function expiresIn(body: Record<string, unknown>): number {
  const value = int(body, 'expiresIn', 1);
  if (value === undefined) throw ERRORS.InvalidRequest("body must have required property 'expiresIn'");
  return value;
}

async function token(ctx: StorageContext, url: string, seconds: number, claims: Record<string, string> = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  // url and scope last, so no other claim can take their place.
  return new SignJWT({ ...claims, url, scope: SCOPE }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now).setExpirationTime(now + seconds).sign(ctx.secret);
}

/**
 * POST /object/sign/{bucket}/{path} {expiresIn, transform?} -> {signedURL}; with transformation
 * options the URL is `/render/image/sign/...` and the token keeps them (render.ts).
 */
export async function signOne(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucketName: bucket, '*': key } = req.params as { bucketName: string; '*': string };
  const body = object(req.body);
  const seconds = expiresIn(body);
  const claims = transformClaims(body.transform);
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  const caller = await identify(ctx, req);
  const { rows } = await inTransaction(ctx, { caller, req }, (tx) =>
    tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, key]));
  if (!rows[0]) throw ERRORS.NoSuchKey();
  const url = `${bucket}/${key}`;
  const route = claims.transformations ? 'render/image' : 'object';
  return reply.code(200).send({ signedURL: `/${route}/sign/${url}?token=${await token(ctx, url, seconds, claims)}` });
}

/** POST /object/sign/{bucket} {expiresIn, paths} -> [{error, path, signedURL}] */
export async function signMany(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucketName: bucket } = req.params as { bucketName: string };
  const body = object(req.body);
  const seconds = expiresIn(body);
  const paths = list(body, 'paths');
  if (paths.length < 1 || paths.length > 1000) throw ERRORS.InvalidRequest('body/paths must have 1 to 1000 items');
  const caller = await identify(ctx, req);
  const { rows } = await inTransaction(ctx, { caller, req }, (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2)', [bucket, paths]));
  const visible = new Set(rows.map((r) => r.name));
  const out = await Promise.all(paths.map(async (path) => {
    if (!visible.has(path)) {
      return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
    }
    const url = `${bucket}/${path}`;
    return { error: null, path, signedURL: `/object/sign/${url}?token=${await token(ctx, url, seconds)}` };
  }));
  return reply.code(200).send(out);
}

export interface SignedPayload { url?: unknown; scope?: unknown; upsert?: unknown; exp?: number; transformations?: unknown }

/** A download token's check (`?token=`) and the object it names, read as the server. */
export async function verifySignedDownload(ctx: StorageContext, req: FastifyRequest): Promise<{ row: ObjectRow; payload: SignedPayload }> {
  const { bucketName: bucket, '*': key } = req.params as { bucketName: string; '*': string };
  const given = (req.query as { token?: unknown }).token;
  if (typeof given !== 'string') throw ERRORS.InvalidRequest("querystring must have required property 'token'");
  let payload: SignedPayload;
  try {
    ({ payload } = await jwtVerify(given, ctx.secret, { algorithms: ['HS256'] }));
  } catch (err) {
    throw ERRORS.InvalidJWT((err as Error).message);
  }
  const scoped = payload.scope === SCOPE || (payload.scope === undefined && !('upsert' in payload));
  if (!scoped) throw ERRORS.InvalidSignature(`Token is not scoped for ${SCOPE}`);
  if (payload.url !== `${bucket}/${key}`) throw ERRORS.InvalidSignature();
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  const { rows } = await inTransaction(ctx, null, (tx) =>
    tx.query<ObjectRow>(`select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at
      from storage.objects where bucket_id = $1 and name = $2`, [bucket, key]));
  if (!rows[0]) throw ERRORS.NoSuchKey();
  return { row: rows[0], payload };
}

/** GET /object/sign/{bucket}/{path}?token= */
export async function getSigned(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { row, payload } = await verifySignedDownload(ctx, req);
  return sendObject(ctx, req, reply, row, new Date((payload.exp ?? 0) * 1000).toUTCString());
}
