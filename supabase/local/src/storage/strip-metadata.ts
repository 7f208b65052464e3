/**
 * Images written to a PUBLIC bucket are re-encoded without their metadata (EXIF, XMP, IPTC, GPS,
 * comments) before they are stored: anyone can fetch them by URL, and a phone's photo of a hive
 * carries the position of the yard it stands in. The pixels are kept (turned upright by their EXIF
 * orientation first, so the picture looks as it did), in the type the upload declared. Private
 * buckets keep their bytes as sent (the art flow checks and prints the artist's original).
 *
 * Hosted Storage does none of this: there the admin re-encodes an image before it uploads it
 * (admin/src/media/upload/stripMetadata.ts), and docs/security-notes/media.md says what holds where.
 *
 * A file sharp does not recognise as an image is left as it is (placeholder bytes in tests and
 * benches, which hosted Storage accepts; nothing can decode it to a picture either). A file that
 * opens as an image but cannot be decoded is refused (415), never stored with its metadata.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { StorageError } from './errors.js';
import type { TempFile } from './files.js';

/** The declared types re-encoded, each to its own format (the same type as declared). */
const FORMAT_OF: Record<string, keyof sharp.FormatEnum> = {
  'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif',
  'image/avif': 'avif', 'image/tiff': 'tiff',
};

/** Encoder settings: photos keep a high quality; PNG, GIF and TIFF are lossless anyway. */
const QUALITY: Partial<Record<keyof sharp.FormatEnum, Record<string, unknown>>> = {
  jpeg: { quality: 90 }, webp: { quality: 90 }, avif: { quality: 70 },
};

const unreadable = (mimeType: string) => new StorageError(415, 'InvalidMimeType',
  `mime type ${mimeType} is not supported: the file could not be decoded as an image`, 'invalid_mime_type');

/** Does a write of this declared type to this bucket get its metadata stripped? */
export function stripsMetadata(bucket: { public: boolean }, essence: string): boolean {
  return bucket.public && essence in FORMAT_OF;
}

/**
 * The image at `temp.path` re-encoded without metadata, as a new temporary file beside it (the
 * first one removed); `temp` itself when the bytes are not an image sharp knows.
 */
export async function stripImageMetadata(temp: TempFile, essence: string, mimeType: string): Promise<TempFile> {
  const format = FORMAT_OF[essence];
  if (!format) return temp;
  const input = await readFile(temp.path);
  let pages: number;
  try {
    pages = (await sharp(input).metadata()).pages ?? 1;
  } catch {
    return temp; // not an image (no known signature): stored as sent
  }
  let output: Buffer;
  try {
    // failOn 'error': a camera's slightly irregular JPEG still decodes, as browsers show it.
    output = await sharp(input, { animated: pages > 1, failOn: 'error' })
      .rotate() // upright by the EXIF orientation, which goes with the rest of the metadata
      .toFormat(format, QUALITY[format] ?? {})
      .toBuffer();
  } catch {
    await rm(temp.path, { force: true });
    throw unreadable(mimeType);
  }
  const path = join(dirname(temp.path), randomUUID());
  try {
    await writeFile(path, output);
  } finally {
    await rm(temp.path, { force: true });
  }
  return { path, size: output.length, eTag: `"${createHash('md5').update(output).digest('hex')}"` };
}

/**
 * A file copied or moved into `bucket` (already in its place, `path`): stripped in place when the
 * bucket is public, answering the object's new size and eTag for its row; null when unchanged.
 */
export async function stripPlacedFile(
  bucket: { public: boolean }, metadata: Record<string, unknown> | null, path: string,
): Promise<Record<string, unknown> | null> {
  const mimeType = String(metadata?.mimetype ?? '');
  const essence = mimeType.split(';')[0]!.trim().toLowerCase();
  if (!stripsMetadata(bucket, essence)) return null;
  const size = Number(metadata?.size ?? 0);
  const stripped = await stripImageMetadata({ path, size, eTag: String(metadata?.eTag ?? '') }, essence, mimeType);
  if (stripped.path === path) return null;
  await rename(stripped.path, path);
  return { size: stripped.size, contentLength: stripped.size, eTag: stripped.eTag };
}
