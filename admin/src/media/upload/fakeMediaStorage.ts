/** For view tests: a bucket in memory behind the MediaStorage interface, recording every call. */
import type { MediaStorage } from './mediaStorage';

export function fakeMediaStorage(options: { refuse?: string } = {}) {
  const objects = new Map<string, Blob>();
  const removed: string[] = [];
  const storage: MediaStorage = {
    upload: async (bucket, path, file, onProgress) => {
      if (options.refuse) throw new Error(options.refuse);
      onProgress(0.4);
      objects.set(`${bucket}/${path}`, file);
      onProgress(1);
    },
    remove: async (bucket, paths) => {
      for (const p of paths) {
        objects.delete(`${bucket}/${p}`);
        removed.push(`${bucket}/${p}`);
      }
    },
    publicUrl: (bucket, path) => `http://storage.test/storage/v1/object/public/${bucket}/${path}`,
  };
  return { storage, objects, removed };
}
