/**
 * User metadata of an object (storage.objects.user_metadata), as storage-js sends it
 * (StorageFileApi.uploadOrUpdate / uploadToSignedUrl): the multipart field `metadata` (JSON text;
 * Storage also reads `userMetadata`), or for a raw body the `x-metadata` header (base64 of the
 * JSON). Storage reads them in src/storage/uploader.ts (fileUploadFromRequest,
 * parseUserMetadata) and refuses more than 1 MiB (413). Stricter than hosted, which stores
 * whatever JSON.parse returns and silently drops what it cannot parse: here it must be a JSON
 * object, else 400 with what was wrong, so no upload loses its metadata unnoticed.
 */
import { ERRORS, StorageError } from './errors.js';

export type UserMetadata = Record<string, unknown>;

/** Storage's MAX_CUSTOM_METADATA_SIZE. */
export const MAX_USER_METADATA_BYTES = 1024 * 1024;

const tooLarge = () => new StorageError(413, 'EntityTooLarge', 'The user_metadata exceeded the maximum allowed size', 'Payload too large');

function parseObject(json: string, where: string): UserMetadata {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw ERRORS.InvalidRequest(`${where} must be JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ERRORS.InvalidRequest(`${where} must be a JSON object`);
  }
  return value as UserMetadata;
}

/** The multipart `metadata` field's JSON text. */
export function metadataField(text: string | undefined): UserMetadata | undefined {
  if (text === undefined) return undefined;
  if (Buffer.byteLength(text, 'utf8') > MAX_USER_METADATA_BYTES) throw tooLarge();
  return parseObject(text, 'metadata');
}

/** The `x-metadata` header: base64 of the JSON text. */
export function metadataHeader(header: string | string[] | undefined): UserMetadata | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text.trim())) throw ERRORS.InvalidRequest('x-metadata must be base64-encoded JSON');
  const json = Buffer.from(text.trim(), 'base64').toString('utf8');
  if (Buffer.byteLength(json, 'utf8') > MAX_USER_METADATA_BYTES) throw tooLarge();
  return parseObject(json, 'x-metadata');
}
