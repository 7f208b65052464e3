/**
 * Client-side sort, filter and pagination over the rows a list RPC returned. The back office
 * lists are small (tens to hundreds of rows), so one RPC per list plus local work is simpler
 * and faster than a filtered RPC per page.
 */
export type Row = Record<string, unknown> & { id: string | number };

export interface ListQuery {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  filter?: Record<string, unknown>;
}

const text = (v: unknown): string => (v == null ? '' : String(v)).toLowerCase();

/** `q` searches every column (case-insensitive substring); any other key is an equality test. */
export function filterRows<T extends Row>(rows: T[], filter: Record<string, unknown> = {}): T[] {
  return rows.filter((row) =>
    Object.entries(filter).every(([key, wanted]) => {
      if (wanted === undefined || wanted === '') return true;
      if (key === 'q') {
        const needle = text(wanted);
        return Object.values(row).some((v) => typeof v !== 'object' && text(v).includes(needle));
      }
      if (Array.isArray(wanted)) return wanted.some((w) => String(w) === String(row[key]));
      return String(row[key]) === String(wanted);
    }),
  );
}

function compare(a: unknown, b: unknown): number {
  if (a == null && b == null) return 0;
  if (a == null) return 1; // nulls last in ascending order
  if (b == null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

export function sortRows<T extends Row>(rows: T[], sort?: ListQuery['sort']): T[] {
  if (!sort?.field) return rows;
  const dir = sort.order === 'DESC' ? -1 : 1;
  // Array#sort is stable: equal keys keep the RPC's order (e.g. newest first).
  return [...rows].sort((x, y) => dir * compare(x[sort.field], y[sort.field]));
}

export function queryRows<T extends Row>(rows: T[], query: ListQuery): { data: T[]; total: number } {
  const filtered = sortRows(filterRows(rows, query.filter), query.sort);
  const { page = 1, perPage = filtered.length || 1 } = query.pagination ?? {};
  const start = (page - 1) * perPage;
  return { data: filtered.slice(start, start + perPage), total: filtered.length };
}
