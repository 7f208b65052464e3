/**
 * Records the server refused after they waited on the device (the hive was deleted meanwhile, a
 * rule refuses the values): kept in localStorage with the server's message until the beekeeper
 * corrects and saves them again (same id) or discards them, never dropped silently.
 */
export interface RefusedRecord {
  resource: string;
  id: string;
  data: Record<string, unknown>;
  message: string;
}

export const REFUSED_KEY = 'buzz-haven.offline.refused';

const listeners = new Set<() => void>();
let snapshot: RefusedRecord[] | null = null;

function read(): RefusedRecord[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(REFUSED_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as RefusedRecord[]) : [];
  } catch {
    return [];
  }
}

function write(records: RefusedRecord[]): void {
  if (records.length) localStorage.setItem(REFUSED_KEY, JSON.stringify(records));
  else localStorage.removeItem(REFUSED_KEY);
  snapshot = records;
  listeners.forEach((listener) => listener());
}

/** The refused records, the same array until they change (for useSyncExternalStore). */
export const refusedRecords = (): RefusedRecord[] => (snapshot ??= read());

/** Keeps a refused record (replacing an earlier refusal of the same id). */
export const keepRefused = (record: RefusedRecord) =>
  write([...refusedRecords().filter((r) => r.id !== record.id), record]);

/** Forgets a record: stored after correction, or discarded by the beekeeper. */
export function forgetRefused(id: string): void {
  if (refusedRecords().some((r) => r.id === id)) write(refusedRecords().filter((r) => r.id !== id));
}

export function subscribeRefused(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
