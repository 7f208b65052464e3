/**
 * One file into the Media Library: check it against the bucket's limits, re-encode an image
 * without its metadata, upload it to a fresh path, read an image's size, then record the row
 * (`create_buzz_haven_media`). If the row cannot be recorded the uploaded object is removed
 * again, so nothing half-uploaded stays behind.
 */
import { isImage } from '../mediaType';
import { MEDIA_BUCKET, fileMimeType, refusalFor } from './mediaLimits';
import { makeStoragePath, titleFromFileName } from './storagePath';
import type { UploadFn } from './xhrUpload';

/** The arguments of `create_buzz_haven_media`, without the `p_` prefix. */
export interface NewMediaRow {
  title: string;
  file_path: string;
  file_type: string;
  storage_path: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
}

export interface MediaUploadDeps {
  upload: UploadFn;
  /** Removes objects from the bucket (storage-js `remove`). */
  remove: (bucket: string, paths: string[]) => Promise<void>;
  /** The public URL of an object (storage-js `getPublicUrl`). */
  publicUrl: (bucket: string, path: string) => string;
  createRow: (row: NewMediaRow) => Promise<{ id: string | number }>;
  readImageSize: (file: Blob) => Promise<{ width: number; height: number } | null>;
  /**
   * The image re-encoded without its metadata (stripMetadata.ts), before any byte is sent: the
   * bucket is public. Absent only where no browser canvas exists (unit tests).
   */
  stripMetadata?: (file: Blob, type: string) => Promise<Blob>;
  now?: () => Date;
}

/** A failure explained for the user (the list shows `message` under the file's name). */
export class MediaUploadError extends Error {
  constructor(message: string, readonly stage: 'check' | 'upload' | 'record') {
    super(message);
    this.name = 'MediaUploadError';
  }
}

const reason = (error: unknown) =>
  (error instanceof Error && error.message) || (typeof error === 'string' && error) || 'unknown error';

export async function uploadMediaFile(
  file: File,
  deps: MediaUploadDeps,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<{ id: string | number; row: NewMediaRow }> {
  const refusal = refusalFor(file);
  if (refusal) throw new MediaUploadError(refusal, 'check');

  const fileType = fileMimeType(file);
  const storagePath = makeStoragePath(file.name, deps.now?.());
  // The browser may not know the type (empty); the part we send carries the one we checked.
  const picked = file.type === fileType ? file : file.slice(0, file.size, fileType);
  let body: Blob = picked;
  if (isImage(fileType) && deps.stripMetadata) {
    try {
      body = await deps.stripMetadata(picked, fileType);
    } catch (error) {
      throw new MediaUploadError(`${file.name} was not uploaded: ${reason(error)}`, 'check');
    }
  }
  const size = isImage(fileType) ? await deps.readImageSize(body).catch(() => null) : null;

  try {
    await deps.upload(MEDIA_BUCKET, storagePath, body, onProgress);
  } catch (error) {
    throw new MediaUploadError(`${file.name} was not uploaded: ${reason(error)}`, 'upload');
  }

  const row: NewMediaRow = {
    title: titleFromFileName(file.name),
    file_path: deps.publicUrl(MEDIA_BUCKET, storagePath),
    file_type: fileType,
    storage_path: storagePath,
    size_bytes: body.size,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
  try {
    const created = await deps.createRow(row);
    return { id: created.id, row };
  } catch (error) {
    const removed = await deps.remove(MEDIA_BUCKET, [storagePath]).then(() => true, (e: unknown) => {
      console.error('Failed to remove an upload whose row was refused:', e);
      return false;
    });
    throw new MediaUploadError(
      `${file.name} was not saved: ${reason(error)}` +
        (removed ? ' (the uploaded file was removed again)' : ` (the uploaded file ${storagePath} could not be removed)`),
      'record',
    );
  }
}
