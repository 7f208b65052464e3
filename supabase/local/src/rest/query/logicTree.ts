/**
 * PostgREST's pLogicTree (src/PostgREST/ApiRequest/QueryParams.hs): `or(a.eq.1,not.and(b.gt.2,c.is.null))`,
 * shared by the RPC grammar (query/parse.ts) and the table routes (tables/params.ts), which differ
 * only in how a leaf names its column (plain, or with JSON paths).
 */
import { type Cursor, FIELD_NAME } from './cursor.js';

export interface LogicNode<Leaf> {
  type: 'logic';
  negate: boolean;
  operator: 'and' | 'or';
  children: Array<LogicNode<Leaf> | Leaf>;
}

/** Reads one logic tree or, where no `and(`/`or(` starts, one leaf (`leaf` reads it from the cursor). */
export function logicTree<Leaf>(c: Cursor, leaf: (c: Cursor) => Leaf): LogicNode<Leaf> | Leaf {
  c.skipSpaces();
  const start = c.pos;
  const negate = c.eat('not.');
  const operator = c.eat('and') ? 'and' : c.eat('or') ? 'or' : null;
  if (operator && c.rest.trimStart().startsWith('(')) {
    c.skipSpaces();
    c.pos += 1;
    const children: Array<LogicNode<Leaf> | Leaf> = [];
    for (;;) {
      children.push(logicTree(c, leaf));
      c.skipSpaces();
      if (!c.eat(',')) break;
    }
    c.skipSpaces();
    if (!c.eat(')')) c.failHere(['","', '")"']);
    c.skipSpaces();
    return { type: 'logic', negate, operator, children };
  }
  c.pos = start;
  if (c.peek() === ')' || c.done) c.failHere([FIELD_NAME, 'negation operator (not)', 'logic operator (and, or)'], true);
  return leaf(c);
}
