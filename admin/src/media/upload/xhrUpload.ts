/**
 * Uploads one file to Storage with progress events. The request is the one storage-js's
 * `from(bucket).upload(path, file, { cacheControl: '3600', upsert: false })` sends
 * (POST `/storage/v1/object/<bucket>/<path>`, multipart with `cacheControl` and the file under
 * the empty field name), made with XMLHttpRequest because fetch cannot report upload progress.
 * No `x-upsert` header: absent means false in Storage (an upload never replaces a file), and a
 * header fewer keeps the CORS preflight to what every backend allows. A refusal carries Storage's own message (`{ statusCode, error, message }`).
 */

export class StorageRefusal extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'StorageRefusal';
  }
}

export interface XhrUploadConfig {
  /** The project URL (…/storage/v1 is appended). */
  url: string;
  anonKey: string;
  /** The signed-in user's access token (the anon key when nobody is signed in). */
  accessToken: () => Promise<string | null>;
}

export type UploadFn = (
  bucket: string,
  path: string,
  file: Blob,
  onProgress: (fraction: number) => void,
) => Promise<void>;

/** The message of a Storage error body, else the HTTP status line. */
export function storageErrorMessage(status: number, body: string, statusText = ''): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    const text = [parsed.message, parsed.error].find((v) => typeof v === 'string' && v.trim() !== '');
    if (typeof text === 'string') return text;
  } catch {
    // not JSON: fall through to the status line
  }
  return `Upload failed (HTTP ${status}${statusText ? ` ${statusText}` : ''})`;
}

export function createXhrUpload(config: XhrUploadConfig): UploadFn {
  const base = config.url.replace(/\/+$/, '');
  return async (bucket, path, file, onProgress) => {
    const token = (await config.accessToken()) ?? config.anonKey;
    const body = new FormData();
    body.append('cacheControl', '3600');
    body.append('', file, file instanceof File ? file.name : 'blob');
    await new Promise<void>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${base}/storage/v1/object/${bucket}/${path.replace(/^\/+/, '')}`);
      xhr.setRequestHeader('apikey', config.anonKey);
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total); };
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1);
          resolve();
        } else {
          reject(new StorageRefusal(storageErrorMessage(xhr.status, xhr.responseText, xhr.statusText), xhr.status));
        }
      };
      xhr.onerror = () => reject(new StorageRefusal('Network error: the file could not be sent', 0));
      xhr.onabort = () => reject(new StorageRefusal('Upload cancelled', 0));
      xhr.send(body);
    });
  };
}
