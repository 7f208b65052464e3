/**
 * Embedding, casts, JSON paths, aggregates and computed fields on the rows of an RPC (embedding and
 * computed fields when they are rows of a table or view of the exposed schema) (PostgREST docs references/api/functions.rst
 * "Function results ... embedding"; `Plan.hs` callReadPlan reads the result like that table):
 * the call becomes the FROM of a table read (`./statements.ts`), aliased by the table's name.
 * Used for POST calls whose `select` needs more than the RPC grammar (`../query/`) offers; every
 * other call keeps that grammar's behaviour.
 */
import type { Queryable } from '../../db/types.js';
import type { FunctionInfo } from '../catalog.js';
import { RestError } from '../errors.js';
import { resultShape } from '../query/columns.js';
import { requestedRange, type RowRange } from '../query/range.js';
import { QueryParamError } from '../query/types.js';
import type { Table, TableCatalog } from './catalog.js';
import { Params, ident } from './fragments.js';
import { parseTableParams } from './params.js';
import { parseSelect, type SelectNode } from './select.js';
import { readSql } from './statements.js';
import { resolveCasts } from './support.js';

export interface RpcReadInput {
  db: Queryable;
  tables: TableCatalog;
  schema: string;
  fn: FunctionInfo;
  rawQuery: string;
  /** The call and its `json_to_record` source (`../call.ts` callParts). */
  call: string;
  from: string;
  paramOffset: number;
  single: boolean;
  count: boolean;
  maxRows: number;
}

const RICH = /[(!]|::|->|\.\.\./;

export async function rpcTableRead(input: RpcReadInput): Promise<{ sql: string; params: string[]; range: RowRange } | null> {
  const shape = await resultShape(input.db, input.fn);
  if (shape.kind !== 'rows') return null;
  const cache = await input.tables.schema(input.schema);
  // Rows of no table of the schema (`returns table (…)`): their own columns, without relationships.
  const table: Table = cache.tables.get(shape.alias) ?? {
    schema: input.schema, name: shape.alias, isView: false, pk: [],
    columns: new Map([...shape.columns].map(([name, type]) => [name, { name, type, hasDefault: false, defaultExpr: null }])),
  };
  let parsed;
  let select: SelectNode[];
  try {
    parsed = parseTableParams(input.rawQuery);
    select = parseSelect(parsed.select);
  } catch (err) {
    if (err instanceof QueryParamError) throw new RestError(400, 'PGRST100', err.message, err.details);
    throw err;
  }
  const computed = (n: SelectNode) => n.kind === 'column' && !table.columns.has(n.field.name)
    && cache.computed.some((f) => f.table === table.name && f.name === n.field.name);
  if (!RICH.test(parsed.select ?? '') && !select.some(computed)) return null;
  const root = parsed.nodes.get('') ?? { where: [], order: [], limit: null, offset: null };
  const range = requestedRange(root.limit, root.offset, undefined, input.fn.returnsSet ? input.maxRows : 0);
  parsed.nodes.set('', { ...root, limit: range.limit, offset: range.offset });
  const params = new Params(input.paramOffset);
  const plan = { cache, params, casts: await resolveCasts(input.db, select), nodes: parsed.nodes, counter: { n: 0 } };
  const source = `${input.from ? `${input.from}, ` : ''}${input.call} as ${ident(table.name)}`;
  const sql = readSql(plan, table, select, input.single || !input.fn.returnsSet ? 'single' : 'json', input.count, false, source);
  return { sql, params: params.values, range };
}
