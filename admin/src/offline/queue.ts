/**
 * The rules of the device's queue of records saved without a network (inspections, treatments):
 * which saves are queued, which failures keep a record waiting and which refuse it, how long to
 * wait between attempts. The queue itself is TanStack Query's mutation cache, persisted on the
 * device (persister.ts); nothing here touches React or the network.
 */

/**
 * What the persisted cache keeps besides the offline resources' reads (declaration `offline`):
 * react-admin's session answers (the admin starts offline), the hives and the treatment products.
 */
export const PERSISTED_QUERY_ROOTS = ['auth', 'hives', 'treatment_products'];

/**
 * The data provider `meta` marking a save made while offline: react-admin passes a create page's
 * mutationOptions.meta into the mutation's variables, which are kept with it on the device.
 */
export const QUEUED_META = { queued: true } as const;

const queuedVariables = (variables: unknown) =>
  ((variables as { meta?: { queued?: unknown } } | undefined)?.meta?.queued === true);

export type SendFailure = 'network' | 'signIn' | 'refused';

interface ErrorLike { status?: unknown; name?: unknown; message?: unknown }

/**
 * Why a send failed: no answer (status 0: supabase-js's fetch failed) or a gateway that is down
 * (502-504) is the network, and the record waits; 401 means the session ended, and it waits for
 * the next sign-in; any other answer is the server refusing the record (a rule, a deleted hive).
 */
export function failureKind(error: unknown): SendFailure {
  const { status, name } = (error ?? {}) as ErrorLike;
  if (name === 'TypeError' || status === 0 || status === 502 || status === 503 || status === 504) return 'network';
  if (status === 401) return 'signIn';
  return 'refused';
}

/** Whether to send again: always, unless the server refused the record. */
export const retryUnlessRefused = (_failureCount: number, error: unknown) => failureKind(error) !== 'refused';

/** Seconds between attempts double from 1 up to 30 (TanStack waits for the network itself while offline). */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

interface MutationLike { state: { status: string; isPaused?: boolean; variables?: unknown } }

/** A save made offline and not yet answered by the server. */
export const isWaiting = (mutation: MutationLike) =>
  mutation.state.status === 'pending' && queuedVariables(mutation.state.variables);

/** The resource and client-made id of a save made offline (its variables are react-admin's create params). */
export function queuedRecord(variables: unknown): { resource: string; id: string; data: Record<string, unknown> } | null {
  const { resource, data } = (variables ?? {}) as { resource?: unknown; data?: Record<string, unknown> };
  if (!queuedVariables(variables) || typeof resource !== 'string' || !data || typeof data.id !== 'string') return null;
  return { resource, id: data.id, data };
}

interface PersistedMutation { state: { status: string; isPaused?: boolean; variables?: unknown } }
interface PersistedClient { clientState?: { mutations?: PersistedMutation[] } }

/**
 * A restored cache with every queued save marked paused: one that was being sent (or waiting to
 * try again) when the tab closed has no attempt running any more, and only paused saves are
 * resumed by TanStack Query. The server's upsert on the client-made id makes sending it again safe.
 */
export function pauseRestored<T extends PersistedClient>(client: T): T {
  for (const mutation of client.clientState?.mutations ?? []) {
    if (isWaiting(mutation)) mutation.state.isPaused = true;
  }
  return client;
}
