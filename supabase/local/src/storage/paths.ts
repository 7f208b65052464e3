/**
 * Names and where files live. Object keys and bucket names follow Storage's rules
 * (supabase/storage src/storage/limits.ts isValidKey / isValidBucketName: S3-safe characters
 * only, so no backslash, control character or non-ASCII letter); on top of that, as Storage's file
 * backend does (src/storage/backend/secure-path.ts), `.`/`..` segments, absolute paths and anything
 * resolving outside the storage directory are refused with 400 InvalidKey.
 *
 * Layout (as that file backend): <root>/<bucket>/<key>/<version>. The key is a directory holding
 * one file per version, so `a` and `a/b` can both exist, and a replacement is written beside the
 * current version and becomes current when the database row points at it.
 */
import { isAbsolute, join, resolve, sep } from 'node:path';
import { ERRORS } from './errors.js';

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

function hasDotSegment(path: string): boolean {
  return path.split(/[\\/]+/).some((segment) => segment === '.' || segment === '..');
}

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !VALID_OBJECT_KEY.test(key) || hasDotSegment(key) || isAbsolute(key) || key.length > 1024) {
    throw ERRORS.InvalidKey(key ?? '');
  }
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || name.length > 100 || !VALID_BUCKET_NAME.test(name) || name === '.' || name === '..') {
    throw ERRORS.InvalidBucketName();
  }
}

export class StorageDirs {
  readonly root: string;
  /** Uploads in progress; on the same file system as root, so the final rename is atomic. */
  readonly tmp: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'storage');
    this.tmp = resolve(dataDir, 'storage-tmp');
  }

  /** <root>/<bucket>/<key>, refusing anything that would resolve outside the root. */
  objectDir(bucket: string, key: string): string {
    mustBeValidBucketName(bucket);
    mustBeValidKey(key);
    const dir = resolve(this.root, bucket, key);
    if (!dir.startsWith(this.root + sep)) throw ERRORS.InvalidKey(key);
    return dir;
  }

  bucketDir(bucket: string): string {
    mustBeValidBucketName(bucket);
    const dir = resolve(this.root, bucket);
    if (!dir.startsWith(this.root + sep)) throw ERRORS.InvalidBucketName();
    return dir;
  }

  file(bucket: string, key: string, version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw ERRORS.Internal();
    return join(this.objectDir(bucket, key), version);
  }
}
