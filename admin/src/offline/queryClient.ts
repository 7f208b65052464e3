/**
 * The back office's query client: react-admin's reads and writes, with what working offline
 * needs. Reads are kept a week (the persisted cache, persister.ts, restores them on the next
 * start); a save of an offline resource is queued by TanStack Query while there is no network
 * and sent when it returns (onlineManager), with a default mutation function per resource so a
 * save restored after a reload can still be sent (react-admin's addOfflineSupportToQueryClient).
 */
import { MutationCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { addOfflineSupportToQueryClient, type DataProvider } from 'react-admin';
import { failureKind, isWaiting, queuedRecord, retryDelay, retryUnlessRefused } from './queue';
import { forgetRefused, keepRefused } from './refused';
import { onNetworkChange } from './network';

export const CACHE_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A sign-out empties the cache but the saves still waiting to be sent: they go with the next sign-in. */
class OfflineQueryClient extends QueryClient {
  clear(): void {
    this.getQueryCache().clear();
    const mutations = this.getMutationCache();
    mutations.getAll().filter((mutation) => !isWaiting(mutation)).forEach((mutation) => mutations.remove(mutation));
  }
}

/** Refused queued saves are kept for correction; a stored one clears an earlier refusal of its id. */
const queueOutcomes = () => new MutationCache({
  onError: (error, variables) => {
    const record = queuedRecord(variables);
    if (!record || failureKind(error) !== 'refused') return;
    keepRefused({ ...record, message: messageOf(error) });
  },
  onSuccess: (_data, variables) => {
    const id = (variables as { data?: { id?: unknown } } | undefined)?.data?.id;
    if (typeof id === 'string') forgetRefused(id);
  },
});

/**
 * TanStack Query's idea of the network: the browser's online/offline events, and the API calls
 * that got no answer or an answer again (network.ts).
 */
function followNetwork(): void {
  onlineManager.setEventListener((setOnline) => {
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const stop = onNetworkChange(setOnline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      stop();
    };
  });
}

/** `offlineResources`: the resources whose new records can be saved offline (declaration `offline`). */
export function createOfflineQueryClient(dataProvider: DataProvider, offlineResources: string[]): QueryClient {
  followNetwork();
  const queryClient = new OfflineQueryClient({
    mutationCache: queueOutcomes(),
    defaultOptions: { queries: { gcTime: CACHE_AGE_MS } },
  });
  // react-admin's session checks read the device's session: run them offline too, or every
  // page would wait for a network to learn that the user is signed in.
  queryClient.setQueryDefaults(['auth'], { networkMode: 'always' });
  addOfflineSupportToQueryClient({ queryClient, dataProvider, resources: offlineResources });
  for (const resource of offlineResources) {
    queryClient.setMutationDefaults([resource, 'create'], {
      // react-admin's default spreads the variables as arguments, but its mutations' variables
      // are one object ({ resource, data, meta }): a restored save is sent as react-admin sends it.
      mutationFn: async ({ resource: name, ...params }: { resource: string; data: Record<string, unknown> }) =>
        (await dataProvider.create(name, params)).data,
      retry: retryUnlessRefused,
      retryDelay,
    });
  }
  return queryClient;
}
