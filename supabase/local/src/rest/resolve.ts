/**
 * Overload resolution by argument names, as PostgREST does it (supabase/local/docs/wire-contract.md
 * "RPC"; PostgREST docs, references/api/functions "Overloaded functions"): the given keys must
 * cover the required parameters and stay within the declared ones; a function with a single
 * unnamed json/jsonb parameter takes the whole body. Misses give PostgREST's PGRST202; a name
 * longer than PostgreSQL's 63-byte identifiers is a miss without a catalog query or a hint search.
 */
import { MAX_IDENTIFIER_BYTES, type FunctionCatalog, type FunctionInfo } from './catalog.js';
import { RestError } from './errors.js';
import { levenshtein } from './levenshtein.js';

export interface Resolved {
  fn: FunctionInfo;
  /** True when the whole body goes to a single unnamed json/jsonb parameter. */
  wholeBody: boolean;
}

function takesWholeBody(fn: FunctionInfo): boolean {
  return fn.args.length === 1 && fn.args[0]!.name === '' && /^jsonb?$/.test(fn.args[0]!.type);
}

function accepts(fn: FunctionInfo, keys: Set<string>): boolean {
  const names = new Set(fn.args.map((a) => a.name));
  if ([...keys].some((k) => !names.has(k))) return false;
  return fn.args.every((a) => a.hasDefault || keys.has(a.name));
}

async function notFound(catalog: FunctionCatalog, schema: string, name: string, keys: string[], overloads: FunctionInfo[]) {
  const qualified = `${schema}.${name}`;
  const sorted = [...keys].sort();
  const withParams = sorted.length ? `(${sorted.join(', ')})` : ' without parameters';
  const searched = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}` : ' without parameters';
  let hint: string | null = null;
  if (overloads.length > 0) {
    hint = `Perhaps you meant to call the function ${qualified}(${overloads[0]!.args.map((a) => a.name).join(', ')})`;
  } else if (Buffer.byteLength(name, 'utf8') <= MAX_IDENTIFIER_BYTES) {
    const close = (await catalog.names(schema))
      .map((n) => ({ n, d: levenshtein(n, name) }))
      .filter(({ d }) => d <= Math.max(2, Math.floor(name.length / 4)))
      .sort((x, y) => x.d - y.d)[0];
    if (close) hint = `Perhaps you meant to call the function ${schema}.${close.n}`;
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${qualified}${withParams} in the schema cache`,
    `Searched for the function ${qualified}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint,
  );
}

function candidates(overloads: FunctionInfo[], keys: Set<string>) {
  const byName = overloads.filter((fn) => accepts(fn, keys));
  return { byName, matches: byName.length > 0 ? byName : overloads.filter(takesWholeBody) };
}

export async function resolveFunction(
  catalog: FunctionCatalog,
  schema: string,
  name: string,
  args: Record<string, unknown>,
): Promise<Resolved> {
  const keys = new Set(Object.keys(args));
  let overloads = await catalog.lookup(schema, name);
  let { byName, matches } = candidates(overloads, keys);
  if (matches.length === 0 && overloads.length > 0) {
    // The cached signature may be stale (the function was replaced since): ask the catalog again.
    catalog.forget(schema, name);
    overloads = await catalog.lookup(schema, name);
    ({ byName, matches } = candidates(overloads, keys));
  }
  if (matches.length === 1) return { fn: matches[0]!, wholeBody: byName.length === 0 };
  if (matches.length > 1) {
    // Listed by signature text, as PostgREST's message lists them (`()` before `( => text)`, `a => integer` before `a => text`).
    const list = matches.map((fn) => fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')).sort()
      .map((args) => `${schema}.${name}(${args})`);
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  throw await notFound(catalog, schema, name, [...keys], overloads);
}
