/**
 * PostgREST's `select` grammar for tables and views (`ApiRequest/QueryParams.hs` pFieldForest,
 * pFieldSelect, pRelationSelect, pSpreadRelationSelect, pJsonPath, pAggregation; docs
 * references/api/resource_embedding.rst, references/api/tables_views.rst "Vertical filtering"):
 * `alias:col->a->>b::type`, `col.sum()`, `count()`, `alias:rel!hint!inner(...)`, `...rel(...)`.
 * Nothing here becomes SQL text: names are checked against the catalog, casts resolved by it.
 */
import { Cursor, fieldName } from '../query/cursor.js';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export type Aggregate = 'count' | 'sum' | 'avg' | 'max' | 'min';

export type SelectNode =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias: string | null; cast: string | null; aggregate: Aggregate | null; aggCast: string | null }
  | { kind: 'count'; alias: string | null; cast: string | null }
  | { kind: 'embed'; name: string; alias: string | null; hint: string | null; join: 'inner' | 'left' | null; spread: boolean; children: SelectNode[] };

const AGGREGATES = new Set<Aggregate>(['count', 'sum', 'avg', 'max', 'min']);

/** pJsonPath: `->key`, `->>key`, `->0`. */
export function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (c.eat('->>')) arrow = '->>';
    else if (c.rest.startsWith('->')) {
      c.pos += 2;
      arrow = '->';
    } else return steps;
    const neg = c.eat('-') ? '-' : '';
    steps.push({ arrow, key: neg + fieldName(c) });
  }
}

export function field(c: Cursor): Field {
  const name = fieldName(c);
  return { name, json: jsonPath(c) };
}

function cast(c: Cursor): string | null {
  if (!c.eat('::')) return null;
  const m = /^[A-Za-z0-9_ ]+/.exec(c.rest);
  if (!m) c.failHere(['letter or digit']);
  c.pos += m[0].length;
  return m[0].trim();
}

function forest(c: Cursor, nested: boolean): SelectNode[] {
  const items: SelectNode[] = [];
  for (;;) {
    c.skipSpaces();
    if (nested && c.peek() === ')') break;
    if (c.eat('*')) items.push({ kind: 'star' });
    else items.push(item(c));
    c.skipSpaces();
    if (!c.eat(',')) break;
  }
  return items;
}

function embedTail(c: Cursor, name: string, alias: string | null, spread: boolean): SelectNode | null {
  let hint: string | null = null;
  let join: 'inner' | 'left' | null = null;
  const start = c.pos;
  while (c.eat('!')) {
    const word = fieldName(c);
    if (word === 'inner' || word === 'left') join = word;
    else hint = word;
  }
  if (!c.eat('(')) {
    c.pos = start;
    return null;
  }
  const children = forest(c, true);
  if (!c.eat(')')) c.failHere(['","', '")"']);
  return { kind: 'embed', name, alias, hint, join, spread, children };
}

function item(c: Cursor): SelectNode {
  if (c.eat('...')) {
    const name = fieldName(c);
    const node = embedTail(c, name, null, true);
    if (!node) c.failHere(['"("', '"!"']);
    return node;
  }
  let alias: string | null = null;
  let name = fieldName(c);
  if (c.peek() === ':' && c.input[c.pos + 1] !== ':') {
    c.pos += 1;
    alias = name;
    if (c.eat('...')) c.failHere(['field name'], true);
    name = fieldName(c);
  }
  if (name === 'count' && c.eat('()')) return { kind: 'count', alias, cast: cast(c) };
  if (c.peek() === '!' || c.peek() === '(') {
    const node = embedTail(c, name, alias, false);
    if (node) return node;
  }
  const f: Field = { name, json: jsonPath(c) };
  const colCast = cast(c);
  let aggregate: Aggregate | null = null;
  let aggCast: string | null = null;
  const m = /^\.(count|sum|avg|max|min)\(\)/.exec(c.rest);
  if (m && AGGREGATES.has(m[1] as Aggregate)) {
    c.pos += m[0].length;
    aggregate = m[1] as Aggregate;
    aggCast = cast(c);
  }
  return { kind: 'column', field: f, alias, cast: colCast, aggregate, aggCast };
}

/** The `select` parameter; `*` when absent. */
export function parseSelect(value: string | undefined): SelectNode[] {
  if (value === undefined) return [{ kind: 'star' }];
  if (value.trim() === '') return [];
  const c = new Cursor(value, 'select parameter');
  const items = forest(c, false);
  c.skipSpaces();
  if (!c.done) c.failHere(['","', 'end of input']);
  return items;
}
