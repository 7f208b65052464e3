/**
 * The upload queue of the upload area: every chosen or dropped file gets a line with its
 * progress and outcome; files go up one after the other (each with determinate progress).
 */
import { useCallback, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { readImageSize } from './imageSize';
import { useMediaStorage } from './mediaStorage';
import { stripImageMetadata } from './stripMetadata';
import { MediaUploadError, uploadMediaFile, type NewMediaRow } from './uploadMedia';

export interface UploadItem {
  key: number;
  name: string;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  /** 0..100 */
  progress: number;
  /** Why it failed, for the user. */
  error?: string;
  uploaded?: NewMediaRow & { id: string | number };
}

export function useMediaUploads(onUploaded?: (item: NewMediaRow & { id: string | number }) => void) {
  const storage = useMediaStorage();
  const dataProvider = useDataProvider();
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextKey = useRef(0);
  const queue = useRef(Promise.resolve());

  const patch = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const uploadOne = useCallback(async (key: number, file: File) => {
    patch(key, { status: 'uploading' });
    try {
      const { id, row } = await uploadMediaFile(
        file,
        {
          ...storage,
          readImageSize,
          stripMetadata: stripImageMetadata,
          createRow: async (data) => (await dataProvider.create('media', { data })).data,
        },
        (fraction) => patch(key, { progress: Math.round(fraction * 100) }),
      );
      const uploaded = { ...row, id };
      patch(key, { status: 'done', progress: 100, uploaded });
      onUploaded?.(uploaded);
    } catch (error) {
      if (!(error instanceof MediaUploadError) || error.stage !== 'check') console.error('Upload failed:', error);
      const message = error instanceof Error ? error.message : String(error);
      patch(key, { status: 'failed', error: message });
    }
  }, [dataProvider, onUploaded, patch, storage]);

  const addFiles = useCallback((files: readonly File[]) => {
    const added = files.map((file) => ({ file, key: nextKey.current++ }));
    setItems((all) => [
      ...all,
      ...added.map(({ file, key }): UploadItem => ({ key, name: file.name, status: 'queued', progress: 0 })),
    ]);
    for (const { file, key } of added) {
      queue.current = queue.current.then(() => uploadOne(key, file));
    }
  }, [uploadOne]);

  const busy = items.some((item) => item.status === 'queued' || item.status === 'uploading');
  return { items, addFiles, busy };
}
