/**
 * Where the query client is kept on the device: localStorage (it survives a reload and a closed
 * tab), through TanStack Query's persister, one entry per user (another account signing in on
 * the device neither sees nor sends it; its owner's next sign-in does). Only the hives' reads,
 * react-admin's session answers and the saves waiting to be sent are written: the rest of the
 * back office (orders, people) is not left on a phone.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { CACHE_AGE_MS } from './queryClient';
import { PERSISTED_QUERY_ROOTS, isWaiting, pauseRestored } from './queue';

export const PERSIST_KEY = 'buzz-haven.offline.cache';

type Persistence = Omit<PersistQueryClientOptions, 'queryClient'> & { key: string };

export function persistOptions(offlineResources: string[], userId: string | null): Persistence {
  const roots = [...PERSISTED_QUERY_ROOTS, ...offlineResources];
  const key = `${PERSIST_KEY}.${userId ?? 'signed-out'}`;
  const persister = createAsyncStoragePersister({
    storage: window.localStorage,
    key,
    // A save made offline is written almost at once: the tab may be closed right after it.
    throttleTime: 200,
    deserialize: (text) => pauseRestored(JSON.parse(text)),
  });
  return {
    key,
    persister,
    maxAge: CACHE_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && roots.includes(String(query.queryKey[0])),
      shouldDehydrateMutation: isWaiting,
    },
  };
}

/**
 * Writes what the persister keeps at once when the page is left or hidden (a reload, a closed
 * tab, the phone switching apps): the persister writes once its `throttleTime` has passed after
 * a change, and a page that goes before then would take its last save with it. The same entry the
 * persister writes (its default JSON, no buster). Returns the function that stops listening.
 */
export function writeWhenLeaving(queryClient: QueryClient, persistence: Persistence): () => void {
  const write = () => {
    const persisted: PersistedClient = {
      buster: '',
      timestamp: Date.now(),
      // The persister packages bring their own copy of query-core's types, hence the casts.
      clientState: dehydrate(queryClient, persistence.dehydrateOptions as never) as never,
    };
    try {
      window.localStorage.setItem(persistence.key, JSON.stringify(persisted));
    } catch {
      // A full storage: the persister's own write reports it.
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') write();
  };
  window.addEventListener('pagehide', write);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', write);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
