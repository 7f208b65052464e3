/**
 * One generic data provider for every declared resource: react-admin's methods are mapped onto
 * the resource's RPCs (`rpc.list/create/update/delete`). Reads ask the server for one page:
 * `supabase.rpc(list, {}, { count: 'exact' })` (no count for `count: 'pages'` or `'none'`, see
 * ResourceDeclaration.count) plus PostgREST's order, offset/limit and filter
 * parameters (postgrestQuery.ts), which hosted PostgREST and the embedded backend both answer.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ResourceDeclaration } from '../crud/declaration';
import { fieldsToArgs } from '../crud/toArgs';
import { filterParams, idParams, orderParam, pageRange, type ListParams, type QueryParam } from './postgrestQuery';
import { toHttpError } from './rpcError';

type Row = RaRecord;
type RpcClient = Pick<SupabaseClient, 'rpc'>;

/** PostgREST's default `max_rows` on Supabase: a bigger page (CSV export) is fetched in parts. */
export const SERVER_PAGE = 1000;

interface Query { params: QueryParam[]; order?: string; range?: [number, number] }

export function createRpcDataProvider(resources: ResourceDeclaration[], client: RpcClient): DataProvider {
  const byName = new Map(resources.map((r) => [r.name, r]));

  const declaration = (resource: string): ResourceDeclaration => {
    const found = byName.get(resource);
    if (!found) throw new Error(`Unknown resource "${resource}": add its declaration to resources/index.ts`);
    return found;
  };

  /** The list RPC with the query applied through supabase-js's own builder methods. */
  async function read(resource: string, { params, order, range }: Query) {
    const decl = declaration(resource);
    const counted = (decl.count ?? 'exact') === 'exact';
    let builder = client.rpc(decl.rpc.list, {}, counted ? { count: 'exact' } : {});
    for (const [key, value] of params) {
      if (key === 'or') builder = builder.or(value.slice(1, -1));
      else {
        const dot = value.indexOf('.');
        builder = builder.filter(key, value.slice(0, dot), value.slice(dot + 1));
      }
    }
    for (const part of order?.split(',') ?? []) {
      const [column, direction] = part.split('.');
      builder = builder.order(column, { ascending: direction === 'asc' });
    }
    if (range) builder = builder.range(range[0], range[1]);
    const { data, error, status, count } = await builder;
    if (error) throw toHttpError(error, status);
    const rows = (data ?? []) as Row[];
    return { rows, total: count ?? (range?.[0] ?? 0) + rows.length };
  }

  async function list(resource: string, { pagination, sort, filter }: ListParams) {
    const query = { params: filterParams(declaration(resource), filter), order: orderParam(sort) };
    const range = pageRange(pagination);
    if (range && declaration(resource).count === 'pages' && range[1] - range[0] < SERVER_PAGE - 1) {
      // One row past the page says whether there is a next one (react-admin's partial pagination).
      // On the last page the total is known (rows before it plus its own): giving it lets the
      // pager read "1-3 of 3" rather than MUI's "1-25 of 25" for an unknown count.
      const { rows } = await read(resource, { ...query, range: [range[0], range[1] + 1] });
      const size = range[1] - range[0] + 1;
      const pageInfo = { hasPreviousPage: range[0] > 0, hasNextPage: rows.length > size };
      return pageInfo.hasNextPage ? { data: rows.slice(0, size), pageInfo } : { data: rows, total: range[0] + rows.length, pageInfo };
    }
    if (!range || range[1] - range[0] < SERVER_PAGE) {
      const { rows, total } = await read(resource, { ...query, range });
      return { data: rows, total };
    }
    // Every row up to the requested page size, SERVER_PAGE rows per request.
    const data: Row[] = [];
    for (let from = range[0]; from <= range[1]; from += SERVER_PAGE) {
      const { rows, total } = await read(resource, { ...query, range: [from, Math.min(from + SERVER_PAGE, range[1] + 1) - 1] });
      data.push(...rows);
      if (rows.length < SERVER_PAGE || data.length + range[0] >= total) return { data, total };
    }
    return { data, total: data.length };
  }

  async function call<T>(fn: string, args?: Record<string, unknown>): Promise<T> {
    const { data, error, status } = await client.rpc(fn, args);
    if (error) throw toHttpError(error, status);
    return data as T;
  }

  const rpcName = (resource: string, op: 'create' | 'update' | 'delete'): string => {
    const fn = declaration(resource).rpc[op];
    if (!fn) throw new Error(`Resource "${resource}" declares no ${op} RPC`);
    return fn;
  };

  const argsFor = (resource: string, data: Record<string, unknown>, mode: 'create' | 'update', previous?: Record<string, unknown>) => {
    const decl = declaration(resource);
    return (decl.toArgs ?? fieldsToArgs(decl.fields))(data, mode, previous);
  };

  const update = async (resource: string, id: Identifier, data: Record<string, unknown>, previous?: Record<string, unknown>) => {
    const row = await call<Row | null>(rpcName(resource, 'update'), { p_id: id, ...argsFor(resource, data, 'update', previous) });
    return row ?? ({ ...data, id } as Row);
  };

  const remove = async (resource: string, id: Identifier, previousData?: RaRecord) => {
    const row = await call<Row | null>(rpcName(resource, 'delete'), { p_id: id });
    return row ?? ((previousData ?? { id }) as Row);
  };

  return {
    getList: (resource: string, params: GetListParams) => list(resource, params),
    getOne: async (resource, { id }) => {
      const { rows } = await read(resource, { params: idParams([id]) });
      if (!rows[0]) throw toHttpError({ message: `No ${resource} record with id ${id}` }, 404);
      return { data: rows[0] };
    },
    getMany: async (resource, { ids }) =>
      ({ data: ids.length ? (await read(resource, { params: idParams(ids) })).rows : [] }),
    getManyReference: (resource, { target, id, filter, ...rest }) =>
      list(resource, { ...rest, filter: { ...filter, [target]: id } }),
    create: async (resource, { data }) => {
      const args = argsFor(resource, data, 'create');
      // An offline-capable record carries the id its form made: sent again, it is stored once.
      if (declaration(resource).offline && data.id != null) args.p_id = data.id;
      return { data: await call<Row>(rpcName(resource, 'create'), args) };
    },
    update: async (resource, { id, data, previousData }) => ({ data: await update(resource, id, data, previousData) }),
    updateMany: async (resource, { ids, data }) => {
      for (const id of ids) await update(resource, id, data);
      return { data: ids };
    },
    delete: async (resource, { id, previousData }) => ({ data: await remove(resource, id, previousData) }),
    deleteMany: async (resource, { ids }) => {
      for (const id of ids) await remove(resource, id);
      return { data: ids };
    },
    /** A Content document's words as the site shows them (published, else the draft); null if unknown. */
    getContentWords: async (key: string): Promise<Record<string, unknown> | null> => {
      const { data, error, status } = await client.rpc('get_buzz_haven_content_documents').eq('key', key);
      if (error) throw toHttpError(error, status);
      const document = ((data ?? []) as { draft?: Record<string, unknown>; published?: Record<string, unknown> | null }[])[0];
      return document ? document.published ?? document.draft ?? null : null;
    },
  } as DataProvider;
}
