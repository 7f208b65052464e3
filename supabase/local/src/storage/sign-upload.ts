/**
 * Signed upload URLs (supabase/storage src/http/routes/object/getSignedUploadURL.ts,
 * uploadSignedObject.ts; src/storage/object.ts signUploadObjectUrl, verifyObjectSignature;
 * src/internal/auth/jwt.ts isUploadScopedToken), as storage-js's createSignedUploadUrl and
 * uploadToSignedUrl call them:
 * - `POST /object/upload/sign/{bucket}/{path}` (JWT required; `x-upsert: true` for a token that
 *   may replace): RLS decides as for an upload, tested and rolled back as the caller (the insert,
 *   or the upsert when `x-upsert`), with the `x-metadata` user metadata and the request's type and
 *   length as Storage passes them (403 when refused). Answers
 *   `{url: "/object/upload/sign/<bucket>/<path>?token=<JWT>", token}`: HS256 with the JWT secret,
 *   `{owner: <caller's sub>, url: "<bucket>/<path>", upsert, scope: "upload", iat, exp}`, valid for
 *   2 hours (hosted's UPLOAD_SIGNED_URL_EXPIRATION_TIME; storage-js documents "valid for 2 hours";
 *   SUPABASE_STORAGE_UPLOAD_URL_EXPIRY changes it here, index.ts).
 * - `PUT /object/upload/sign/{bucket}/{path}?token=` (no Authorization needed): the token must
 *   verify (400 InvalidJWT with the verifier's words, e.g. once expired), be an upload token (400
 *   InvalidSignature "Token is not scoped for upload": a download token is not one) and name this
 *   bucket and path (400 InvalidSignature). The body is then read and stored exactly as an upload
 *   (bucket size and type limits, the markup check, user metadata) but written as the server with
 *   the token's owner, as Storage does (`asSuperUser()`); the token's `upsert` decides whether an
 *   existing object is replaced (409 KeyAlreadyExists otherwise, so a token without upsert is used
 *   once). The request's own `x-upsert` is ignored, as hosted (storage-js says so too).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { findBucket, identify, testPermission, type StorageContext } from './context.js';
import { ERRORS } from './errors.js';
import { mustBeValidBucketName, mustBeValidKey } from './paths.js';
import { storeUpload, writeRow } from './upload.js';
import { metadataHeader } from './user-metadata.js';

export const UPLOAD_SCOPE = 'upload';

function target(req: FastifyRequest): { bucket: string; key: string } {
  const { bucketName: bucket, '*': key } = req.params as { bucketName: string; '*': string };
  mustBeValidBucketName(bucket);
  mustBeValidKey(key);
  return { bucket, key };
}

/** POST /object/upload/sign/{bucket}/{path} -> {url, token} */
export async function signUpload(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucket, key } = target(req);
  const caller = await identify(ctx, req);
  await findBucket(ctx, bucket);
  const upsert = req.headers['x-upsert'] === 'true';
  const userMetadata = metadataHeader(req.headers['x-metadata']);
  const declared = Number(req.headers['content-length']);
  const contentType = req.headers['content-type'];
  await testPermission(ctx, caller, req, (tx) => writeRow(tx, caller.sub, {
    bucket, key, version: randomUUID(), upsert, userMetadata: userMetadata ?? null,
    metadata: { ...(contentType ? { mimetype: contentType } : {}), ...(Number.isFinite(declared) ? { contentLength: declared } : {}) },
  }));
  const url = `${bucket}/${key}`;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ owner: caller.sub, url, upsert, scope: UPLOAD_SCOPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now).setExpirationTime(now + ctx.uploadUrlSeconds).sign(ctx.secret);
  return reply.code(200).send({ url: `/object/upload/sign/${url}?token=${token}`, token });
}

interface UploadToken { owner?: unknown; url?: unknown; upsert?: unknown; scope?: unknown }

/** PUT /object/upload/sign/{bucket}/{path}?token= -> {Key} */
export async function uploadSigned(ctx: StorageContext, req: FastifyRequest, reply: FastifyReply) {
  const { bucketName, '*': objectName } = req.params as { bucketName: string; '*': string };
  const given = (req.query as { token?: unknown }).token;
  if (typeof given !== 'string') throw ERRORS.InvalidRequest("querystring must have required property 'token'");
  let payload: UploadToken;
  try {
    payload = (await jwtVerify(given, ctx.secret, { algorithms: ['HS256'] })).payload as UploadToken;
  } catch (err) {
    throw ERRORS.InvalidJWT((err as Error).message);
  }
  const scoped = payload.scope === UPLOAD_SCOPE || (payload.scope === undefined && 'upsert' in payload);
  if (!scoped) throw ERRORS.InvalidSignature(`Token is not scoped for ${UPLOAD_SCOPE}`);
  if (payload.url !== `${bucketName}/${objectName}`) throw ERRORS.InvalidSignature();
  const { bucket, key } = target(req);
  const stored = await storeUpload(ctx, req, {
    bucket, key, upsert: payload.upsert === true,
    owner: typeof payload.owner === 'string' ? payload.owner : undefined, as: null,
  });
  return reply.code(200).send({ Key: stored.key });
}
