/**
 * Where the query client is kept on the device: localStorage (it survives a reload and a closed
 * tab), through TanStack Query's persister, one entry per user (another account signing in on
 * the device neither sees nor sends it; its owner's next sign-in does). Only the hives' reads,
 * react-admin's session answers and the saves waiting to be sent are written: the rest of the
 * back office (orders, people) is not left on a phone.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { CACHE_AGE_MS } from './queryClient';
import { PERSISTED_QUERY_ROOTS, isWaiting, pauseRestored } from './queue';

export const PERSIST_KEY = 'buzz-haven.offline.cache';

export function persistOptions(offlineResources: string[], userId: string | null): Omit<PersistQueryClientOptions, 'queryClient'> {
  const roots = [...PERSISTED_QUERY_ROOTS, ...offlineResources];
  const persister = createAsyncStoragePersister({
    storage: window.localStorage,
    key: `${PERSIST_KEY}.${userId ?? 'signed-out'}`,
    // A save made offline is written almost at once: the tab may be closed right after it.
    throttleTime: 200,
    deserialize: (text) => pauseRestored(JSON.parse(text)),
  });
  return {
    persister,
    maxAge: CACHE_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && roots.includes(String(query.queryKey[0])),
      shouldDehydrateMutation: isWaiting,
    },
  };
}
