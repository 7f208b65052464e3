/**
 * An in-memory stand-in for PostgREST's `/rest/v1/rpc/<fn>`, behind the REAL supabase-js client
 * (its `fetch`): handlers return a function's rows, then the request's query parameters are
 * applied as PostgREST applies them (the subset the admin sends: order, offset/limit, eq, neq,
 * is, in, ilike, gt/gte/lt/lte, or=(...)), with `Content-Range` for `Prefer: count=exact`.
 * Tests assert on the requests (URL query strings) and on what the page shows.
 */
import { createClient } from '@supabase/supabase-js';

export type RpcHandler = (args: Record<string, unknown> | undefined) => unknown;
export interface RpcCall { fn: string; args: Record<string, unknown> | undefined }
/** A request as it left supabase-js: its URL (query parameters) and Prefer header. */
export interface RpcRequest { fn: string; query: string; prefer: string | null }

/** A refusal as PostgREST sends it (e.g. errcode 42501 -> 403). */
export class RpcRefusal extends Error {
  constructor(message: string, readonly status = 403, readonly code = '42501', readonly details: string | null = null) {
    super(message);
  }
}

type Row = Record<string, unknown>;
const text = (v: unknown) => (v == null ? 'null' : String(v));

function matches(row: Row, column: string, filter: string): boolean {
  const dot = filter.indexOf('.');
  const [op, value] = [filter.slice(0, dot), filter.slice(dot + 1)];
  const cell = row[column];
  switch (op) {
    case 'eq': return text(cell) === value;
    case 'neq': return text(cell) !== value;
    case 'is': return value === 'null' ? cell == null : text(cell) === value;
    case 'in': return value.slice(1, -1).split(',').includes(text(cell));
    case 'ilike': {
      const pattern = value.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
      return cell != null && new RegExp(`^${pattern}$`, 'is').test(String(cell));
    }
    case 'gt': return text(cell) > value;
    case 'gte': return text(cell) >= value;
    case 'lt': return text(cell) < value;
    case 'lte': return text(cell) <= value;
    default: throw new Error(`postgrestEndpoint: operator ${op} not supported`);
  }
}

/** `(a.ilike.*x*,b.eq.1)` -> [['a', 'ilike.*x*'], ['b', 'eq.1']] (values hold no commas here). */
const orTerms = (value: string) =>
  value.slice(1, -1).split(',').map((t) => [t.slice(0, t.indexOf('.')), t.slice(t.indexOf('.') + 1)] as const);

function compare(a: unknown, b: unknown): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1; // nulls last ascending
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export function applyQuery(rows: Row[], query: URLSearchParams): Row[] {
  let result = rows;
  for (const [key, value] of query) {
    if (['order', 'offset', 'limit', 'select'].includes(key)) continue;
    result = key === 'or'
      ? result.filter((r) => orTerms(value).some(([c, f]) => matches(r, c, f)))
      : result.filter((r) => matches(r, key, value));
  }
  const order = query.get('order');
  if (order) {
    const terms = order.split(',').map((t) => t.split('.'));
    result = [...result].sort((x, y) => {
      for (const [column, dir] of terms) {
        const c = compare(x[column], y[column]);
        if (c) return dir === 'desc' ? -c : c;
      }
      return 0;
    });
  }
  return result;
}

/** Endpoints made in this test file, each with its own client. */
let endpoints = 0;

/** The real supabase-js client over in-memory RPC handlers; `calls` and `requests` record traffic. */
export function rpcEndpoint(handlers: Record<string, RpcHandler>) {
  const calls: RpcCall[] = [];
  const requests: RpcRequest[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const fn = url.pathname.replace('/rest/v1/rpc/', '');
    const args = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    requests.push({ fn, query: decodeURIComponent(url.search.slice(1)), prefer: new Headers(init?.headers).get('Prefer') });
    calls.push({ fn, args });
    const handler = handlers[fn];
    if (!handler) return json({ message: `Unknown function ${fn}`, code: 'PGRST202' }, 404);
    try {
      const data = await handler(args);
      if (!Array.isArray(data)) return json(data);
      const all = applyQuery(data as Row[], url.searchParams);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : all.length;
      const page = all.slice(offset, offset + limit);
      const range = page.length ? `${offset}-${offset + page.length - 1}` : '*';
      return json(page, 200, { 'Content-Range': `${range}/${all.length}` });
    } catch (e) {
      const refusal = e instanceof RpcRefusal ? e : new RpcRefusal(String(e), 500, 'XX000');
      return json({ message: refusal.message, code: refusal.code, details: refusal.details }, refusal.status);
    }
  };
  // A storage key of its own: supabase-js warns (with a stack trace in each test's output) when
  // two clients of one page share one, and every render makes an endpoint.
  endpoints += 1;
  const client = createClient('http://rest.test', 'anon-key', {
    global: { fetch: fetch as typeof globalThis.fetch },
    auth: { persistSession: false, autoRefreshToken: false, storageKey: `sb-rest-test-${endpoints}` },
  });
  return { client, calls, requests };
}
