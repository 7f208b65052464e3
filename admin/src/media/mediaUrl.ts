import { MEDIA_BUCKET } from './upload/mediaLimits';
import type { MediaRecord } from '../types';

/** The URL to hand out: the bucket's public URL for uploads, else the stored path made absolute. */
export function mediaUrl(item: MediaRecord, publicUrl: (bucket: string, path: string) => string): string {
  if (item.storage_path) return publicUrl(MEDIA_BUCKET, item.storage_path);
  try {
    return new URL(item.file_path, window.location.origin).href;
  } catch {
    return item.file_path;
  }
}
