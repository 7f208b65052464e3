/**
 * The error PostgreSQL raises for PostgREST's query when a filter, order or select names a column
 * the function does not return: 42703 `column <alias>.<name> does not exist` (PostgREST answers it
 * with 400), with PostgreSQL's hint for a close spelling (src/backend/parser/parse_relation.c
 * `updateFuzzyAttrMatchState`, `errorMissingColumn`: Levenshtein distance at most 3 and at most
 * half the name's length; two equally close columns are both named, three give no hint).
 */
import { RestError } from '../errors.js';
import { levenshtein } from '../levenshtein.js';

function fuzzyHint(alias: string, name: string, columns: Iterable<string>): string | null {
  let distance = 4;
  let first: string | null = null;
  let second: string | null = null;
  const matchLength = Buffer.byteLength(name);
  for (const column of columns) {
    const d = levenshtein(column, name);
    if (d > Math.floor(matchLength / 2)) continue;
    if (d < distance) {
      distance = d;
      first = column;
      second = null;
    } else if (d === distance) {
      if (second !== null) {
        distance = d - 1;
        first = null;
        second = null;
      } else if (first !== null) second = column;
    }
  }
  if (first === null) return null;
  const ref = (c: string) => `the column "${alias}.${c}"`;
  return `Perhaps you meant to reference ${ref(first)}${second === null ? '' : ` or ${ref(second)}`}.`;
}

export function missingColumn(alias: string, name: string, columns: Iterable<string>): RestError {
  return new RestError(400, '42703', `column ${alias}.${name} does not exist`, null, fuzzyHint(alias, name, columns));
}
