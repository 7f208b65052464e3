/**
 * react-admin's list parameters -> PostgREST query parameters on an RPC's result, with
 * ra-data-postgrest's own translation (`parseFilters`, `getOrderBy`, `getQuery`; PostgREST
 * "Horizontal filtering", "Ordering", "Limits and pagination"). Its package index exports only the
 * whole REST data provider, so the helpers come from its `urlBuilder` module.
 */
import { getOrderBy, getQuery, parseFilters } from '@raphiniert/ra-data-postgrest/esm/urlBuilder';
import type { ResourceDeclaration } from '../crud/declaration';

/** One `key=value` query parameter, as PostgREST reads it (`name=ilike.*jar*`). */
export type QueryParam = [string, string];

export interface ListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

const PRIMARY_KEY = ['id'];

/**
 * The search box's text as one ilike pattern: characters with a meaning inside `or=(...)`
 * (comma, parentheses, quotes, dots) and blanks become the `*` wildcard, so any text is safe.
 */
export const searchPattern = (q: string): string => q.trim().replace(/[\s,().:"'\\*%]+/g, '*');

/** `{ q, status: 'x', ids: [..] }` -> `[['or', '(name.ilike.*q*,...)'], ['status', 'eq.x'], ...]`. */
export function filterParams(declaration: Pick<ResourceDeclaration, 'fields'>, filter: Record<string, unknown> = {}): QueryParam[] {
  const prepared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      const searchable = declaration.fields.filter((f) => f.searchable).map((f) => f.source);
      const pattern = searchPattern(String(value));
      if (searchable.length && pattern.replace(/\*/g, '')) {
        prepared['@or'] = Object.fromEntries(searchable.map((s) => [`${s}@ilike`, pattern]));
      }
    } else if (Array.isArray(value)) prepared[`${key}@in`] = `(${value.join(',')})`;
    else if (value === null) prepared[`${key}@is`] = 'null';
    else prepared[key] = value;
  }
  const parsed = parseFilters({ filter: prepared }, 'eq').filter as Record<string, string | string[]>;
  return Object.entries(parsed).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): QueryParam => [key, v]));
}

/**
 * `name.asc,id.asc`: the id breaks ties, so that pages never overlap or skip a row. A field list
 * `is_open,created_at` sorts by each in turn, in the same direction (open first, newest first).
 */
export function orderParam(sort?: ListParams['sort']): string | undefined {
  if (!sort?.field) return undefined;
  const fields = sort.field.split(',').map((f) => f.trim()).filter(Boolean);
  const order = fields.map((f) => getOrderBy(f, sort.order, PRIMARY_KEY)).join(',');
  return fields.includes('id') ? order : `${order},id.asc`;
}

/** `id=eq.x` (one id) or `id=in.(x,y)` (several). */
export function idParams(ids: unknown[]): QueryParam[] {
  const query = getQuery(PRIMARY_KEY, ids.length === 1 ? (ids[0] as string) : (ids as string[]), 'rows') as Record<string, string>;
  return Object.entries(query);
}

/** 0-based inclusive row range of a react-admin page. */
export function pageRange(pagination?: ListParams['pagination']): [number, number] | undefined {
  if (!pagination) return undefined;
  const from = (pagination.page - 1) * pagination.perPage;
  return [from, from + pagination.perPage - 1];
}
