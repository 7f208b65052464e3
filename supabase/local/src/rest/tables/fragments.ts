/**
 * SQL fragments shared by table reads and writes, in the shape of PostgREST's
 * `Query/SqlFragment.hs` (pgFmtFilter, pgFmtJsonPath, pgFmtOrderTerm): quoted catalog names,
 * client values only as bound parameters (`$n`, of unknown type, so PostgreSQL coerces them to
 * the column's type as it does for PostgREST), JSON path keys bound as text or integer.
 */
import type { Operation } from '../query/types.js';
import type { Field } from './select.js';

export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Bound parameters of one statement; `$1` may already be taken by a body. */
export class Params {
  readonly values: string[] = [];

  constructor(private readonly offset = 0) {}

  bind(value: string): string {
    this.values.push(value);
    return `$${this.offset + this.values.length}`;
  }
}

/** PostgREST's pgBuildArrayLiteral: `{"a","b \\"c\\""}` for `= ANY($n)`. */
function arrayLiteral(values: string[]): string {
  const quote = (v: string) => `"${v.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `{${values.map(quote).join(',')}}`;
}

/** `"t"."col"->'a'->>0`: keys that are integers index arrays, as PostgREST's JIdx. */
export function jsonField(base: string, f: Field, p: Params): string {
  let out = base;
  for (const step of f.json) {
    const key = /^-?\d+$/.test(step.key) ? `${p.bind(step.key)}::int` : `${p.bind(step.key)}::text`;
    out = `(${out}${step.arrow}${key})`;
  }
  return out;
}

/** The name PostgREST gives a selected JSON path: its last key (the column's for an index). */
export function fieldLabel(f: Field): string {
  const last = f.json[f.json.length - 1];
  return last && !/^-?\d+$/.test(last.key) ? last.key : f.name;
}

export function operation(sqlField: string, op: Operation, p: Params): string {
  switch (op.kind) {
    case 'op': {
      const value = p.bind(op.star ? op.value.replace(/\*/g, '%') : op.value);
      return `${sqlField} ${op.sql} ${op.quant ? `${op.quant.toUpperCase()}(${value})` : value}`;
    }
    case 'in':
      return op.values.length === 1 && op.values[0] === '' ? `${sqlField} = ANY('{}')` : `${sqlField} = ANY(${p.bind(arrayLiteral(op.values))})`;
    case 'is':
      return `${sqlField} IS ${op.value === 'not_null' ? 'NOT NULL' : op.value.toUpperCase()}`;
    case 'isdistinct':
      return `${sqlField} IS DISTINCT FROM ${p.bind(op.value)}`;
    case 'fts':
      return `${sqlField} @@ ${op.fn}(${op.lang === null ? '' : `${p.bind(op.lang)}::regconfig, `}${p.bind(op.value)})`;
  }
}
