/**
 * The body of an upload, as Storage reads it (supabase/storage src/storage/uploader.ts
 * fileUploadFromRequest): either multipart/form-data, as storage-js sends a Blob/File/FormData
 * (fields `cacheControl`, `metadata`, optional `contentType`, then one file part; its type is the
 * MIME type), or the raw body with `Content-Type` and `Cache-Control` headers. The MIME type is
 * checked against the bucket's allowed types (415) and a declared Content-Length against the
 * limit (413) before any byte is stored. Cache-Control is kept as `max-age=<n>`.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types for busboy, also for projects (tests) that compile this file without including the folder
/// <reference path="./busboy.d.ts" />
import busboy from 'busboy';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ERRORS } from './errors.js';

export interface UploadBody {
  stream: Readable;
  mimeType: string;
  cacheControl: string;
  /** True when busboy cut the file at the limit. */
  isTruncated: () => boolean;
  /** The multipart parser's completion, to await after the file stream ends. */
  done: Promise<void>;
}

/** Storage's rule: `type/subtype` must match an allowed `type/subtype` or `type/*`. */
export function validateMimeType(mimeType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, sub] = mimeType.split(';')[0]!.trim().split('/');
  if (!type || sub === undefined) throw ERRORS.InvalidMimeType(mimeType);
  const ok = allowed.some((a) => {
    const [aType, aSub] = a.split('/');
    return aType === type && (aSub === '*' || aSub === sub);
  });
  if (!ok) throw ERRORS.InvalidMimeType(mimeType);
}

export function readUploadBody(req: FastifyRequest, maxBytes: number, allowed: string[] | null): Promise<UploadBody> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    const mimeType = contentType || 'application/octet-stream';
    validateMimeType(mimeType, allowed);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) throw ERRORS.EntityTooLarge();
    const cacheControl = req.headers['cache-control'] ?? 'no-cache';
    return Promise.resolve({ stream: req.raw, mimeType, cacheControl, isTruncated: () => false, done: Promise.resolve() });
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fileSize: maxBytes } });
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
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, file, info) => {
      if (gotFile) return void file.resume();
      gotFile = true;
      const mimeType = fields.contentType || info.mimeType || 'application/octet-stream';
      try {
        validateMimeType(mimeType, allowed);
      } catch (err) {
        file.resume();
        reject(err);
        return;
      }
      const cacheTime = fields.cacheControl;
      resolve({
        stream: file,
        mimeType,
        cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
        isTruncated: () => (file as Readable & { truncated?: boolean }).truncated === true,
        done,
      });
    });
    req.raw.pipe(parser);
  });
}
