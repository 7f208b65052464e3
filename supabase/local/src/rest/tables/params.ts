/**
 * The query string of a table request read as PostgREST reads it (`ApiRequest/QueryParams.hs`
 * `parse`, pTreePath, pOrder, pLogicTree): `select`, `columns`, `on_conflict` are reserved;
 * `[path.]order|limit|offset|and|or` shape the root or an embedded resource (`rel.order=...`);
 * every other key is a filter `[path.]col[->json]=[not.]op.value`. Operators are the RPC path's
 * (`../query/operators.ts`), so every operator PostgREST documents works on tables too.
 */
import { Cursor, fieldName } from '../query/cursor.js';
import { logicTree as sharedLogicTree } from '../query/logicTree.js';
import { logicValue, opExpr, singleValue } from '../query/operators.js';
import type { Operation } from '../query/types.js';
import { field, jsonPath, type Field } from './select.js';

export interface TFilter {
  type: 'filter';
  field: Field;
  negate: boolean;
  op: Operation;
}

export interface TLogic {
  type: 'logic';
  negate: boolean;
  operator: 'and' | 'or';
  children: Array<TLogic | TFilter>;
}

export interface TOrder {
  /** `rel(col)`: a to-one embedded resource's column. */
  relation: string | null;
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface NodeParams {
  where: Array<TFilter | TLogic>;
  order: TOrder[];
  limit: number | null;
  offset: number | null;
}

export interface TableParams {
  select: string | undefined;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Keyed by the embed path joined with '.', '' for the root. */
  nodes: Map<string, NodeParams>;
}

const SHAPING = new Set(['order', 'limit', 'offset', 'and', 'or']);
const integer = (v: string): number | null => (/^-?\d+$/.test(v.trim()) ? Number(v.trim()) : null);

/** pLogicTree, its leaves columns with JSON paths. */
const logicTree = (c: Cursor): TLogic | TFilter =>
  sharedLogicTree(c, (leaf): TFilter => {
    const f = field(leaf);
    if (!leaf.eat('.')) leaf.failHere(['delimiter (.)']);
    const { negate, op } = opExpr(leaf, logicValue);
    return { type: 'filter', field: f, negate, op };
  });

function parseLogic(operator: string, negate: boolean, value: string): TLogic {
  const c = new Cursor(`${negate ? 'not.' : ''}${operator}${value}`, 'logic tree', value);
  const tree = logicTree(c);
  if (!c.done) c.failHere(['end of input']);
  return tree.type === 'logic' ? tree : c.fail(0, '"("', ['"("']);
}

function parseOrder(value: string): TOrder[] {
  const c = new Cursor(value, 'order');
  const terms: TOrder[] = [];
  for (;;) {
    c.skipSpaces();
    let relation: string | null = null;
    let f = field(c);
    if (c.eat('(')) {
      relation = f.name;
      f = field(c);
      if (!c.eat(')')) c.failHere(['")"']);
    }
    let direction: TOrder['direction'] = null;
    let nulls: TOrder['nulls'] = null;
    if (c.eat('.asc')) direction = 'asc';
    else if (c.eat('.desc')) direction = 'desc';
    if (c.eat('.nullsfirst')) nulls = 'first';
    else if (c.eat('.nullslast')) nulls = 'last';
    c.skipSpaces();
    if (c.peek() === '.') {
      c.pos += 1;
      c.failHere(direction ? ['"nullsfirst"', '"nullslast"'] : ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'], true);
    }
    terms.push({ relation, field: f, direction, nulls });
    if (c.done) return terms;
    if (!c.eat(',')) c.failHere(['","', 'end of input']);
  }
}

/** `a.b.col->x`: the embed path and the field (dots only before the JSON path). */
function treePath(key: string): { path: string[]; field: Field } {
  const arrow = key.indexOf('->');
  const head = arrow < 0 ? key : key.slice(0, arrow);
  const parts = head.split('.');
  const name = parts.pop()!;
  const c = new Cursor(`${name}${arrow < 0 ? '' : key.slice(arrow)}`, 'tree path');
  const f: Field = { name: fieldName(c), json: jsonPath(c) };
  if (!c.done) c.failHere(['end of input']);
  return { path: parts, field: f };
}

const list = (v: string | undefined): string[] | null =>
  v === undefined ? null : v.split(',').map((s) => s.trim().replace(/^"(.*)"$/, '$1')).filter((s) => s !== '');

export function parseTableParams(rawQuery: string): TableParams {
  const params = [...new URLSearchParams(rawQuery)];
  const first = new Map<string, string>();
  for (const [key, value] of params) if (!first.has(key)) first.set(key, value);
  const out: TableParams = { select: first.get('select'), columns: list(first.get('columns')), onConflict: list(first.get('on_conflict')), nodes: new Map() };
  const node = (path: string[]): NodeParams => {
    const key = path.join('.');
    let n = out.nodes.get(key);
    if (!n) out.nodes.set(key, (n = { where: [], order: [], limit: null, offset: null }));
    return n;
  };
  for (const [key, value] of params) {
    if (key === 'select' || key === 'columns' || key === 'on_conflict') continue;
    const parts = key.split('.');
    const last = parts[parts.length - 1]!;
    if (SHAPING.has(last) && !key.includes('->')) {
      let path = parts.slice(0, -1);
      const negate = path[path.length - 1] === 'not' && (last === 'and' || last === 'or');
      if (negate) path = path.slice(0, -1);
      const n = node(path);
      if (last === 'order') n.order.push(...parseOrder(value));
      else if (last === 'limit') n.limit = integer(value) ?? n.limit;
      else if (last === 'offset') n.offset = integer(value) ?? n.offset;
      else n.where.push(parseLogic(last, negate, value));
      continue;
    }
    const { path, field: f } = treePath(key);
    const { negate, op } = opExpr(new Cursor(value, 'filter'), singleValue);
    node(path).where.push({ type: 'filter', field: f, negate, op });
  }
  return out;
}
