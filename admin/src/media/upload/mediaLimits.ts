/**
 * What the `media` Storage bucket accepts, mirrored from the migration that inserts its
 * storage.buckets row (`file_size_limit`, `allowed_mime_types`;
 * mediaLimits.test.ts fails when the two drift apart). Files are checked here before any byte
 * is sent; Storage enforces the same limits and its message is shown if it refuses anyway.
 */

export const MEDIA_BUCKET = 'media';

/** 50 MiB, the bucket's `file_size_limit`. */
export const MAX_FILE_BYTES = 52_428_800;

export const ALLOWED_MIME_TYPES: readonly string[] = [
  'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif',
  'application/pdf', 'text/plain', 'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
];

/** For the file chooser's `accept` and the messages: what a user may pick. */
export const ACCEPTED_KINDS = 'images (JPEG, PNG, GIF, WebP, AVIF), PDF, text, CSV and office documents';

/** Browsers leave `type` empty for some extensions; these are the ones the bucket accepts. */
const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  avif: 'image/avif', pdf: 'application/pdf', txt: 'text/plain', csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** The file's mime type as the browser reports it, else from its extension; '' when unknown. */
export function fileMimeType(file: { name: string; type: string }): string {
  const type = file.type.trim().toLowerCase();
  if (type) return type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? '';
}

/** '52428800' -> '50 MB' (binary megabytes, one decimal below 10). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1).replace(/\.0$/, '') : Math.round(mb)} MB`;
}

/** Why this file cannot go into the bucket, in words for the user; null when it can. */
export function refusalFor(file: { name: string; type: string; size: number }): string | null {
  if (file.size > MAX_FILE_BYTES) {
    return `${file.name} is too large (${formatBytes(file.size)}): the limit is ${formatBytes(MAX_FILE_BYTES)}.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  const type = fileMimeType(file);
  if (!ALLOWED_MIME_TYPES.includes(type)) {
    const what = type ? `files of type ${type}` : 'files of this type';
    return `${file.name} was refused: ${what} are not accepted. Accepted: ${ACCEPTED_KINDS}.`;
  }
  return null;
}
