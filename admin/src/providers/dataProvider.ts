/**
 * One generic data provider for every declared resource: react-admin's methods are mapped onto
 * the resource's RPCs (`rpc.list/create/update/delete`) and its `toArgs`. Lists are fetched
 * whole and sorted/filtered/paged client-side (see listQuery.ts).
 */
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ResourceDeclaration } from '../resources/types';
import { queryRows, type Row } from './listQuery';
import { toHttpError } from './rpcError';

/** Columns the database fills in: never sent as arguments. */
const SERVER_COLUMNS = new Set(['id', 'created_at', 'updated_at']);

/** Default mapping of form values to RPC arguments: `name` -> `p_name`. */
export function defaultToArgs(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key, value]) => !SERVER_COLUMNS.has(key) && value !== undefined)
      .map(([key, value]) => [`p_${key}`, value]),
  );
}

type RpcClient = Pick<SupabaseClient, 'rpc'>;

export function createRpcDataProvider(
  resources: ResourceDeclaration[],
  client: RpcClient,
): DataProvider {
  const byName = new Map(resources.map((r) => [r.name, r]));

  const declaration = (resource: string): ResourceDeclaration => {
    const found = byName.get(resource);
    if (!found) throw new Error(`Unknown resource "${resource}": add its declaration to resources/index.ts`);
    return found;
  };

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

  const argsFor = (resource: string, data: Record<string, unknown>, mode: 'create' | 'update') =>
    (declaration(resource).toArgs ?? defaultToArgs)(data, mode);

  const listAll = async (resource: string): Promise<Row[]> =>
    (await call<Row[] | null>(declaration(resource).rpc.list)) ?? [];

  const findOne = async (resource: string, id: Identifier): Promise<Row> => {
    const row = (await listAll(resource)).find((r) => String(r.id) === String(id));
    if (!row) throw toHttpError({ message: `No ${resource} record with id ${id}` }, 404);
    return row;
  };

  const update = async (resource: string, id: Identifier, data: Record<string, unknown>) => {
    const row = await call<Row | null>(rpcName(resource, 'update'), {
      p_id: id,
      ...argsFor(resource, data, 'update'),
    });
    return row ?? ({ ...data, id } as Row);
  };

  const remove = async (resource: string, id: Identifier, previousData?: RaRecord) => {
    const row = await call<Row | null>(rpcName(resource, 'delete'), { p_id: id });
    return row ?? ((previousData ?? { id }) as Row);
  };

  const provider = {
    getList: async (resource, params) => queryRows(await listAll(resource), params),
    getOne: async (resource, { id }) => ({ data: await findOne(resource, id) }),
    getMany: async (resource, { ids }) => {
      const wanted = new Set(ids.map(String));
      return { data: (await listAll(resource)).filter((r) => wanted.has(String(r.id))) };
    },
    getManyReference: async (resource, { target, id, ...query }) =>
      queryRows(await listAll(resource), { ...query, filter: { ...query.filter, [target]: id } }),
    create: async (resource, { data }) => {
      const row = await call<Row>(rpcName(resource, 'create'), argsFor(resource, data, 'create'));
      return { data: row };
    },
    update: async (resource, { id, data }) => ({ data: await update(resource, id, data) }),
    updateMany: async (resource, { ids, data }) => {
      for (const id of ids) await update(resource, id, data);
      return { data: ids };
    },
    delete: async (resource, { id, previousData }) => ({ data: await remove(resource, id, previousData) }),
    deleteMany: async (resource, { ids }) => {
      for (const id of ids) await remove(resource, id);
      return { data: ids };
    },
  } as DataProvider;
  return provider;
}
