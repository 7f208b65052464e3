import { useEffect, useState } from 'react';
import { supabase } from '../../providers/supabase';

/**
 * A signed URL (1 hour) of a design's file in the private 'art-submissions' bucket: staff may read
 * every submission there (Storage policy "staff read submissions").
 */
export function useArtImage(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setUrl(null);
    if (path) {
      void supabase.storage.from('art-submissions').createSignedUrl(path, 3600).then(({ data }) => {
        if (live) setUrl(data?.signedUrl ?? null);
      });
    }
    return () => {
      live = false;
    };
  }, [path]);
  return url;
}
