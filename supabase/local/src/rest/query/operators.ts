/**
 * PostgREST's operator expressions (`QueryParams.hs` pOpExpr, `SqlFragment.hs` pgFmtFilter):
 * `[not.]op.value`, `in.(a,"b,c")`, `is.null`, `isdistinct.x`, `fts(english).x`, `eq(any).{1,2}`.
 * Failures report the furthest position any alternative reached, as Parsec does.
 */
import { Cursor, quotedValue, unexpectedToken } from './cursor.js';
import type { IsValue, Operation } from './types.js';

const SIMPLE: Array<[string, string]> = [
  ['neq', '<>'], ['cs', '@>'], ['cd', '<@'], ['ov', '&&'], ['sl', '<<'], ['sr', '>>'], ['nxr', '&<'], ['nxl', '&>'], ['adj', '-|-'],
];
const QUANT: Array<[string, string]> = [
  ['eq', '='], ['gte', '>='], ['gt', '>'], ['lte', '<='], ['lt', '<'], ['like', 'like'], ['ilike', 'ilike'], ['match', '~'], ['imatch', '~*'],
];
const FTS: Array<[string, string]> = [
  ['fts', 'to_tsquery'], ['plfts', 'plainto_tsquery'], ['phfts', 'phraseto_tsquery'], ['wfts', 'websearch_to_tsquery'],
];
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown'];
const OPERATOR = 'operator (eq, gt, ...)';

/** Reads a value: the rest of the input (filters) or up to `,`/`)` (inside and/or trees). */
export type ValueReader = (c: Cursor) => string;

export const singleValue: ValueReader = (c) => {
  const v = c.rest;
  c.pos = c.input.length;
  return v;
};

export const logicValue: ValueReader = (c) => {
  const start = c.pos;
  const quoted = quotedValue(c);
  if (quoted !== null && (c.done || c.peek() === ',' || c.peek() === ')')) return quoted;
  c.pos = start;
  if (c.peek() === '{') {
    const close = c.input.indexOf('}', c.pos);
    const inner = close < 0 ? '' : c.input.slice(c.pos + 1, close);
    if (close >= 0 && !inner.includes('{')) {
      c.pos = close + 1;
      return `{${inner}}`;
    }
  }
  let out = '';
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') out += c.input[c.pos++];
  return out;
};

/** pListVal: `(a, "b,c" ,d)`; elements are quoted values or anything up to `,`/`)`. */
function listValue(c: Cursor): string[] {
  c.skipSpaces();
  if (!c.eat('(')) c.failHere(['"("']);
  const values: string[] = [];
  for (;;) {
    const start = c.pos;
    const quoted = quotedValue(c);
    if (quoted !== null && (c.peek() === ',' || c.peek() === ')')) values.push(quoted);
    else {
      c.pos = start;
      let v = '';
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') v += c.input[c.pos++];
      values.push(v);
    }
    if (!c.eat(',')) break;
  }
  if (!c.eat(')')) c.failHere(['","', '")"']);
  c.skipSpaces();
  return values;
}

interface Failure { at: number; unexpected: string; expecting: string[] }

/** Parses `[not.]operation` at the cursor; `value` reads the operand(s). */
export function opExpr(c: Cursor, value: ValueReader): { negate: boolean; op: Operation } {
  const failures: Failure[] = [];
  const start = c.pos;
  let negate = false;
  if (c.eat('not.')) negate = true;
  else if (c.rest.startsWith('not')) failures.push({ at: start + 3, unexpected: unexpectedToken(c.input, start + 3, true), expecting: ['delimiter (.)'] });
  else failures.push({ at: start, unexpected: unexpectedToken(c.input, c.mismatch('not'), true), expecting: ['"not"'] });
  const opStart = c.pos;
  const op = operation(c, value, opStart, failures);
  if (op) return { negate, op };
  const furthest = Math.max(...failures.map((f) => f.at));
  const at = failures.filter((f) => f.at === furthest);
  return c.fail(furthest, at[0]!.unexpected, [...new Set(at.flatMap((f) => f.expecting))]);
}

function operation(c: Cursor, value: ValueReader, opStart: number, failures: Failure[]): Operation | null {
  const afterWord = (word: string): boolean => c.rest.startsWith(word);
  const delimiter = (at: number): boolean => {
    if (c.input[at] === '.') return true;
    failures.push({ at, unexpected: unexpectedToken(c.input, at, true), expecting: [OPERATOR] });
    return false;
  };
  if (afterWord('in') && delimiter(opStart + 2)) {
    c.pos = opStart + 3;
    return { kind: 'in', values: listValue(c) };
  }
  if (afterWord('is') && delimiter(opStart + 2)) {
    c.pos = opStart + 3;
    const word = IS_VALUES.find((v) => c.rest.toLowerCase().startsWith(v));
    if (!word) c.fail(c.pos, unexpectedToken(c.input, c.pos, true), ['isVal: (null, not_null, true, false, unknown)']);
    c.pos += word.length;
    return { kind: 'is', value: word };
  }
  if (afterWord('isdistinct') && delimiter(opStart + 10)) {
    c.pos = opStart + 11;
    return { kind: 'isdistinct', value: value(c) };
  }
  for (const [word, fn] of FTS) {
    if (!afterWord(word)) continue;
    let at = opStart + word.length;
    let lang: string | null = null;
    const m = /^\(([\p{L}\p{N}_ $]+)\)/u.exec(c.input.slice(at));
    if (m) {
      lang = m[1]!.trim();
      at += m[0].length;
    } else if (c.input[at] === '(') {
      failures.push({ at: at + 1, unexpected: unexpectedToken(c.input, at + 1, true), expecting: [OPERATOR] });
    }
    if (!delimiter(at)) continue;
    c.pos = at + 1;
    return { kind: 'fts', fn, lang, value: value(c) };
  }
  for (const [word, sql] of SIMPLE) {
    if (!afterWord(word) || !delimiter(opStart + word.length)) continue;
    c.pos = opStart + word.length + 1;
    return { kind: 'op', sql, value: value(c) };
  }
  for (const [word, sql] of QUANT) {
    if (!afterWord(word)) continue;
    let at = opStart + word.length;
    let quant: 'any' | 'all' | undefined;
    const m = /^\((any|all)\)/.exec(c.input.slice(at));
    if (m) {
      quant = m[1] as 'any' | 'all';
      at += m[0].length;
    } else if (c.input[at] === '(') {
      const word = new Cursor(c.input, c.parseName);
      word.pos = at + 1;
      failures.push({ at: at + 1, unexpected: unexpectedToken(c.input, word.mismatch('any'), true), expecting: [OPERATOR] });
    }
    if (!delimiter(at)) continue;
    c.pos = at + 1;
    return { kind: 'op', sql, value: value(c), quant, star: sql === 'like' || sql === 'ilike' };
  }
  failures.push({ at: opStart, unexpected: unexpectedToken(c.input, c.mismatch('in'), true), expecting: [OPERATOR] });
  return null;
}
