/**
 * Whether the API can be reached, learnt from the API calls themselves: the browser's
 * online/offline events miss a phone on a network that reaches nothing, and a page opened
 * without one. A call that gets no answer at all (fetch's TypeError) means the network is gone;
 * from then on the API's health address is asked every few seconds, and its first answer means
 * the network is back. The query client follows this (queryClient.ts), so saves wait while it is gone.
 */
type Listener = (online: boolean) => void;

const PROBE_EVERY_MS = 5000;
const listeners = new Set<Listener>();
let probeUrl = '';
let probing: ReturnType<typeof setInterval> | null = null;

const emit = (online: boolean) => listeners.forEach((listener) => listener(online));

async function probe(): Promise<void> {
  try {
    // An opaque answer is enough: the API was reached.
    await fetch(probeUrl, { mode: 'no-cors', cache: 'no-store' });
  } catch {
    return;
  }
  if (probing) clearInterval(probing);
  probing = null;
  emit(true);
}

function lost(): void {
  emit(false);
  probing ??= setInterval(() => { void probe(); }, PROBE_EVERY_MS);
}

/** The API's fetch, reporting a call that got no answer. */
export function watchNetwork(apiUrl: string, send: typeof fetch): typeof fetch {
  probeUrl = `${apiUrl}/auth/v1/health`;
  return (input, init) => send(input, init).catch((error: unknown) => {
    if (error instanceof TypeError) lost();
    throw error;
  });
}

/** Calls `listener` with false when an API call got no answer, true when the API answers again. */
export function onNetworkChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
