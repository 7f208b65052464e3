/**
 * Storage's errors as hosted Storage renders them (supabase/storage src/internal/errors/codes.ts,
 * storage-error.ts render(), src/http/error-handler.ts): the body is
 * `{statusCode: "<status as a string>", code, error, message}` and the HTTP status is 400 for
 * every error except 500s (StorageBackendError.userStatusCode); a few are sent with their own
 * status (403 for a JWT role refusal, 416 for ranges). storage-js reads `statusCode` from the body.
 */
import type { FastifyReply } from 'fastify';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The legacy `error` field; the code when absent. */
    readonly error?: string,
    /** The HTTP status actually sent; 400 (or 500) as upstream when absent. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }

  render() {
    return { statusCode: String(this.status), code: this.code, error: this.error ?? this.code, message: this.message };
  }
}

export const ERRORS = {
  NoSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  NoSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  InvalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  InvalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  InvalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message || 'Invalid Request'),
  InvalidJWT: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
  InvalidSignature: (message?: string) => new StorageError(400, 'InvalidSignature', message ?? 'Invalid signature'),
  AccessDenied: (message: string) => new StorageError(403, 'AccessDenied', message || 'Access denied', 'Unauthorized'),
  ResourceAlreadyExists: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  KeyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  BucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  BucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  EntityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  InvalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  NoContentProvided: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  InvalidFileSizeLimit: () =>
    new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  Internal: () => new StorageError(500, 'InternalError', 'Internal server error', 'Internal'),
};

/** PostgreSQL errors as Storage maps them (src/storage/database/errors.ts DBError.fromDBError). */
export function fromDatabaseError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  const pg = err as { code?: string; message?: string };
  switch (pg.code) {
    case '42501':
      return ERRORS.AccessDenied(
        (pg.message ?? '').includes('row-level security') ? 'new row violates row-level security policy' : (pg.message ?? ''),
      );
    case '23505':
      return ERRORS.ResourceAlreadyExists();
    case '22P02':
      return new StorageError(400, 'InvalidParameter', pg.message || 'Invalid value format or type conversion failed');
    default:
      if (typeof pg.code === 'string' && pg.code.length === 5) {
        return new StorageError(500, 'DatabaseError', `database error, code: ${pg.code}`, 'DatabaseError');
      }
      console.error('storage error:', err);
      return ERRORS.Internal();
  }
}

export function sendStorageError(reply: FastifyReply, err: StorageError) {
  const status = err.httpStatus ?? (err.status >= 500 ? 500 : 400);
  return reply.code(status).type('application/json; charset=utf-8').send(err.render());
}
