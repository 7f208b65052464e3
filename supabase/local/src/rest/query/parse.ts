/**
 * The query string of an RPC call read the way PostgREST reads it (`ApiRequest/QueryParams.hs`
 * `parse`, `ApiRequest.hs` `getRanges`): `select`, `order`, `limit`, `offset`, `and`/`or`, and
 * every other parameter a filter `col=op.value`; on GET/HEAD a parameter whose value is not an
 * operator expression is a function argument instead.
 */
import { Cursor, fieldName, refuseJsonPath } from './cursor.js';
import { logicTree as sharedLogicTree } from './logicTree.js';
import { logicValue, opExpr, singleValue } from './operators.js';
import { QueryParamError, type Filter, type LogicTree, type OrderTerm, type SelectItem } from './types.js';

/** What the query string asks for, before the Range header and the function are known. */
export interface ParsedQuery {
  args: Record<string, string>;
  select: SelectItem[] | null;
  where: Array<Filter | LogicTree>;
  order: OrderTerm[];
  /** From `limit`/`offset` (PostgREST ignores values that are not integers). */
  limit: number | null;
  offset: number | null;
  /** A dotted key (`rel.col=eq.1`, `rel.order=...`) names an embedded resource: refused later. */
  embedded: string | null;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

const integer = (v: string): number | null => (/^-?\d+$/.test(v.trim()) ? Number(v.trim()) : null);

function filter(column: string, value: string, rpcRead: boolean): Filter | null {
  if (column.includes('->')) {
    throw new QueryParamError(`"failed to parse tree path (${column})" (line 1, column ${column.indexOf('->') + 1})`,
      'JSON paths (->, ->>) are not supported by the embedded backend');
  }
  const c = new Cursor(value, 'filter');
  if (rpcRead) {
    try {
      const { negate, op } = opExpr(c, singleValue);
      return { type: 'filter', column, negate, op };
    } catch (err) {
      if (err instanceof QueryParamError) return null; // a function argument
      throw err;
    }
  }
  const { negate, op } = opExpr(c, singleValue);
  return { type: 'filter', column, negate, op };
}

/** pLogicTree: `or(a.eq.1,not.and(b.gt.2,c.is.null))`, its leaves plain columns. */
const logicTree = (c: Cursor): LogicTree | Filter =>
  sharedLogicTree(c, (leaf): Filter => {
    const column = fieldName(leaf);
    refuseJsonPath(leaf);
    if (!leaf.eat('.')) leaf.failHere(['delimiter (.)']);
    const { negate, op } = opExpr(leaf, logicValue);
    return { type: 'filter', column, negate, op };
  });

function parseLogic(key: string, value: string): LogicTree {
  const name = key.startsWith('not.') ? `not.${key.slice(4)}` : key;
  const c = new Cursor(`${name}${value}`, 'logic tree', value);
  const tree = logicTree(c);
  if (!c.done) c.failHere(['end of input']);
  return tree.type === 'logic' ? tree : c.fail(0, '"("', ['"("']);
}

/** pOrder: `name.desc.nullslast,id`. */
function parseOrder(value: string): OrderTerm[] {
  const c = new Cursor(value, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    c.skipSpaces();
    const column = fieldName(c);
    refuseJsonPath(c);
    if (c.peek() === '(') throw new QueryParamError(`"failed to parse order (${value})" (line 1, column ${c.pos + 1})`,
      'Ordering by an embedded resource is not supported on function results by the embedded backend');
    let direction: OrderTerm['direction'] = null;
    let nulls: OrderTerm['nulls'] = null;
    if (c.eat('.asc')) direction = 'asc';
    else if (c.eat('.desc')) direction = 'desc';
    if (c.eat('.nullsfirst')) nulls = 'first';
    else if (c.eat('.nullslast')) nulls = 'last';
    c.skipSpaces();
    if (c.peek() === '.') {
      c.pos += 1;
      c.failHere(direction ? ['"nullsfirst"', '"nullslast"'] : ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'], true);
    }
    terms.push({ column, direction, nulls });
    if (c.done) return terms;
    if (!c.eat(',')) c.failHere(['","', 'end of input']);
  }
}

/** pFieldForest restricted to what a function result offers: `*`, `col`, `alias:col`. */
function parseSelect(value: string): SelectItem[] | null {
  const c = new Cursor(value, 'select parameter');
  const items: SelectItem[] = [];
  if (value.trim() === '') return [];
  for (;;) {
    c.skipSpaces();
    if (c.eat('*')) items.push({ column: '*', alias: null });
    else {
      let column = fieldName(c);
      let alias: string | null = null;
      if (c.peek() === ':' && c.input[c.pos + 1] !== ':') {
        c.pos += 1;
        alias = column;
        column = fieldName(c);
      }
      refuseJsonPath(c);
      if (c.rest.startsWith('::') || c.peek() === '(' || c.peek() === '!' || c.rest.startsWith('.')) {
        throw new QueryParamError(`"failed to parse select parameter (${value})" (line 1, column ${c.pos + 1})`,
          'Casts, aggregates and embedded resources in select are not supported on function results by the embedded backend');
      }
      items.push({ column, alias });
    }
    c.skipSpaces();
    if (c.done) break;
    if (!c.eat(',')) c.failHere(['","', '")"', 'end of input']);
  }
  return items.length === 1 && items[0]!.column === '*' && !items[0]!.alias ? null : items;
}

/** Reads the query string in order; `rpcRead` is true for GET/HEAD (arguments in the query). */
export function parseQuery(rawQuery: string, rpcRead: boolean): ParsedQuery {
  const out: ParsedQuery = { args: {}, select: null, where: [], order: [], limit: null, offset: null, embedded: null };
  const params = [...new URLSearchParams(rawQuery)];
  const first = new Map<string, string>();
  for (const [key, value] of params) if (!first.has(key)) first.set(key, value);
  if (first.has('select')) out.select = parseSelect(first.get('select')!);
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const parts = key.split('.');
    const last = parts[parts.length - 1]!;
    if (EMBEDDABLE.has(last)) {
      const path = parts.slice(0, -1).filter((p) => !(p === 'not' && (last === 'and' || last === 'or')));
      if (path.length > 0) out.embedded ??= path[0]!;
      else if (last === 'order') out.order.push(...parseOrder(value));
      else if (last === 'limit') out.limit = integer(value) ?? out.limit;
      else if (last === 'offset') out.offset = integer(value) ?? out.offset;
      else out.where.push(parseLogic(key, value));
      continue;
    }
    const f = filter(key, value, rpcRead);
    if (!f) out.args[key] = value;
    else if (parts.length > 1) out.embedded ??= parts[0]!;
    else out.where.push(f);
  }
  return out;
}
