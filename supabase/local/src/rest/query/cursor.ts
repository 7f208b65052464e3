/**
 * A small cursor for the query grammar, with errors in the shape PostgREST's Parsec parsers give
 * them (`src/library/PostgREST/ApiRequest/QueryParams.hs` `mapError`): the message is the parse's
 * name and position, `"failed to parse filter (x)" (line 1, column 3)`, the details are Parsec's
 * `unexpected ... expecting ...` text.
 */
import { QueryParamError } from './types.js';

/** Haskell's `show` of a String: double quotes, backslash escapes, non-ASCII as decimal codes. */
export function haskellShow(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (code < 32 || code > 126) out += `\\${code}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Parsec shows a mismatch inside `string "..."` as a String, one of `char`/`noneOf` as a Char. */
export function unexpectedToken(input: string, pos: number, asString: boolean): string {
  if (pos >= input.length) return 'end of input';
  const ch = input[pos]!;
  if (asString) return haskellShow(ch);
  return ch === "'" ? "'\\''" : `'${haskellShow(ch).slice(1, -1)}'`;
}

export class Cursor {
  pos = 0;

  /** `shown` is the text the error message quotes (the logic tree quotes the value without its `or`). */
  constructor(readonly input: string, readonly parseName: string, private readonly shown = input) {}

  get rest(): string {
    return this.input.slice(this.pos);
  }

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(): string | undefined {
    return this.input[this.pos];
  }

  /** Consumes `word` when the input continues with it. */
  eat(word: string): boolean {
    if (!this.input.startsWith(word, this.pos)) return false;
    this.pos += word.length;
    return true;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }

  /** The first position where `word` and the input differ, for `unexpected "x"` of a Parsec `string`. */
  mismatch(word: string): number {
    let i = 0;
    while (i < word.length && this.input[this.pos + i] === word[i]) i += 1;
    return this.pos + i;
  }

  fail(at: number, unexpected: string, expecting: string[]): never {
    const exp = expecting.length === 0 ? ''
      : ` expecting ${expecting.length === 1 ? expecting[0] : `${expecting.slice(0, -1).join(', ')} or ${expecting[expecting.length - 1]}`}`;
    throw new QueryParamError(
      `${haskellShow(`failed to parse ${this.parseName} (${this.shown})`)} (line 1, column ${at + 1})`,
      `unexpected ${unexpected}${exp}`,
    );
  }

  /** Fails at the current position with the current character shown as Parsec's `char` does. */
  failHere(expecting: string[], asString = false): never {
    return this.fail(this.pos, unexpectedToken(this.input, this.pos, asString), expecting);
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;
export const FIELD_NAME = 'field name (* or [a..z0..9_$])';

/** PostgREST's pQuotedValue: `"..."` with backslash escapes. Returns null when not at a quote. */
export function quotedValue(c: Cursor): string | null {
  if (c.peek() !== '"') return null;
  const start = c.pos;
  c.pos += 1;
  let out = '';
  while (!c.done && c.peek() !== '"') {
    if (c.peek() === '\\') c.pos += 1;
    if (c.done) break;
    out += c.input[c.pos];
    c.pos += 1;
  }
  if (c.done) {
    c.pos = start;
    return null;
  }
  c.pos += 1;
  return out;
}

/** PostgREST's pFieldName: a quoted name, or identifier characters joined by single dashes. */
export function fieldName(c: Cursor): string {
  const quoted = quotedValue(c);
  if (quoted !== null) return quoted;
  const parts: string[] = [];
  for (;;) {
    let part = '';
    while (!c.done && IDENT_CHAR.test(c.peek()!)) part += c.input[c.pos++];
    if (part === '') {
      if (parts.length === 0) c.failHere([FIELD_NAME], true);
      c.pos -= 1; // the dash belongs to what follows
      break;
    }
    parts.push(part.trim());
    if (c.peek() === '-' && c.input[c.pos + 1] !== '>') c.pos += 1;
    else break;
  }
  return parts.join('-');
}

/** JSON paths (`col->key`) are parsed by PostgREST; this backend refuses them clearly. */
export function refuseJsonPath(c: Cursor): void {
  if (c.rest.startsWith('->')) {
    throw new QueryParamError(
      `${haskellShow(`failed to parse ${c.parseName} (${c.input})`)} (line 1, column ${c.pos + 1})`,
      'JSON paths (->, ->>) are not supported by the embedded backend',
    );
  }
}
