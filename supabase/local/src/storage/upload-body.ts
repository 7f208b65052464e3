/**
 * The body of an upload, as Storage reads it (supabase/storage src/storage/uploader.ts
 * fileUploadFromRequest): either multipart/form-data, as storage-js sends a Blob/File/FormData
 * (fields `cacheControl`, `metadata`, optional `contentType`, then one file part; its type is the
 * MIME type), or the raw body with `Content-Type`, `Cache-Control` and `x-metadata` headers (user
 * metadata: user-metadata.ts). The MIME type is
 * checked (one well-formed type, in the bucket's allowed types: 415) and normalised
 * (media-type.ts), and a declared Content-Length checked against the limit (413), before any byte
 * is stored. Cache-Control is kept as `max-age=<n>`.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types for busboy, also for projects (tests) that compile this file without including the folder
/// <reference path="./busboy.d.ts" />
import busboy from 'busboy';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ERRORS } from './errors.js';
import { uploadType } from './media-type.js';
import { MAX_USER_METADATA_BYTES, metadataField, metadataHeader, type UserMetadata } from './user-metadata.js';

export interface UploadBody {
  stream: Readable;
  /** The normalised type, as stored (`type/subtype[;charset=...]`). */
  mimeType: string;
  /** `type/subtype` of the declared type. */
  essence: string;
  cacheControl: string;
  /** The `metadata` field or `x-metadata` header, when given. */
  userMetadata: UserMetadata | undefined;
  /** True when busboy cut the file at the limit. */
  isTruncated: () => boolean;
  /** The multipart parser's completion, to await after the file stream ends. */
  done: Promise<void>;
}

export function readUploadBody(req: FastifyRequest, maxBytes: number, allowed: string[] | null): Promise<UploadBody> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    const { normalised: mimeType, essence } = uploadType(contentType || 'application/octet-stream', allowed);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) throw ERRORS.EntityTooLarge();
    const cacheControl = req.headers['cache-control'] ?? 'no-cache';
    const userMetadata = metadataHeader(req.headers['x-metadata']);
    return Promise.resolve({ stream: req.raw, mimeType, essence, cacheControl, userMetadata, isTruncated: () => false, done: Promise.resolve() });
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 10, fileSize: maxBytes, fieldSize: MAX_USER_METADATA_BYTES + 1 },
      });
    } catch {
      reject(ERRORS.NoContentProvided());
      return;
    }
    const fields: Record<string, string> = {};
    let gotFile = false;
    const done = new Promise<void>((finish, fail) => {
      parser.on('close', () => {
        if (!gotFile) reject(ERRORS.NoContentProvided());
        finish();
      });
      parser.on('error', (err) => {
        if (!gotFile) reject(ERRORS.NoContentProvided());
        fail(err as Error);
      });
    });
    done.catch(() => undefined); // observed by the caller once the file has started
    // Values are cut at 1 MiB + 1 byte, so metadata over the limit is still seen to be over it.
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, file, info) => {
      if (gotFile) return void file.resume();
      gotFile = true;
      let type: ReturnType<typeof uploadType>;
      let userMetadata: UserMetadata | undefined;
      try {
        type = uploadType(fields.contentType || info.mimeType || 'application/octet-stream', allowed);
        userMetadata = metadataField(fields.metadata ?? fields.userMetadata);
      } catch (err) {
        file.resume();
        reject(err);
        return;
      }
      const cacheTime = fields.cacheControl;
      resolve({
        stream: file,
        mimeType: type.normalised,
        essence: type.essence,
        cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
        userMetadata,
        isTruncated: () => (file as Readable & { truncated?: boolean }).truncated === true,
        done,
      });
    });
    req.raw.pipe(parser);
  });
}
