/**
 * The Storage side of the Media Library: uploads with progress (xhrUpload.ts), removal and
 * public URLs through supabase-js's storage client. Provided through a context so that views
 * can be tested against another implementation.
 */
import { createContext, useContext } from 'react';
import { supabase, supabaseAnonKey, supabaseUrl } from '../../providers/supabase';
import { createXhrUpload, type UploadFn } from './xhrUpload';

export interface MediaStorage {
  upload: UploadFn;
  remove: (bucket: string, paths: string[]) => Promise<void>;
  publicUrl: (bucket: string, path: string) => string;
}

export const supabaseMediaStorage: MediaStorage = {
  upload: createXhrUpload({
    url: supabaseUrl,
    anonKey: supabaseAnonKey,
    accessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  }),
  remove: async (bucket, paths) => {
    const { error } = await supabase.storage.from(bucket).remove(paths);
    if (error) throw error;
  },
  publicUrl: (bucket, path) => supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl,
};

export const MediaStorageContext = createContext<MediaStorage>(supabaseMediaStorage);

export const useMediaStorage = () => useContext(MediaStorageContext);
