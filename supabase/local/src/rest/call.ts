/**
 * One RPC call as PostgREST runs it (supabase/local/docs/wire-contract.md "Request role and claims"): one transaction per request, the
 * request context set with transaction-local set_config (role, claims, method, path, headers),
 * the function called in named notation with values typed by json_to_record, the JSON shaped in
 * SQL ("RPC: responses") and returned as text so it is never parsed and re-serialized in Node.
 * Only catalog-derived names and types ever reach the SQL text; client values are parameters.
 */
import type { Db } from '../db/types.js';
import type { FunctionInfo } from './catalog.js';
import type { RequestIdentity } from './jwt.js';
import { RestError } from './errors.js';
import { transaction } from './txEnd.js';

export interface CallInput {
  fn: FunctionInfo;
  /** Named arguments, or the whole body for a single unnamed json/jsonb parameter. */
  args: unknown;
  wholeBody: boolean;
  /** Only the first row, for `Accept: application/vnd.pgrst.object+json`. */
  single: boolean;
  readOnly: boolean;
  identity: RequestIdentity;
  searchPath: string;
  method: string;
  path: string;
  headersJson: string;
  cookiesJson: string;
  /** `Prefer: tx=rollback`: answer, then roll the transaction back (./txEnd.ts). */
  rollback?: boolean;
  /** `Prefer: handling=strict, max-affected=n`: more rows than n is PGRST124, rolled back. */
  maxAffected?: number | null;
}

export interface CallOutput {
  /** JSON text, or null for void functions. */
  body: string | null;
  rows: number;
  /** The filtered row count when the query asked for one (`Prefer: count=exact`). */
  total: number | null;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The impersonated role's own settings (ALTER ROLE anon SET statement_timeout = '3s', ...), which
 * SET ROLE does not apply: PostgREST reads them when it loads its schema cache (Config/Database.hs
 * queryRoleSettings: the roles the authenticator is a member of, their user-settable settings but
 * default_transaction_isolation) and sets them for every request's transaction before the role
 * (Query/PreQuery.hs txVarQuery `roleSettingsSql`). Read here once per database (a role setting
 * changed later needs a restart, as PostgREST needs a reload); `roleSettingsOf` is the request's $8.
 */
const ROLE_SETTINGS_QUERY = `select r.rolname as role, json_object_agg(s.name, s.value)::text as settings
  from pg_catalog.pg_auth_members m
  join pg_catalog.pg_roles r on r.oid = m.roleid,
  lateral (select split_part(c, '=', 1) as name, substr(c, strpos(c, '=') + 1) as value from unnest(r.rolconfig) c) s
  join pg_catalog.pg_settings p on p.name = s.name
    and (p.context = 'user' or has_parameter_privilege('authenticator', p.name, 'set'))
  where m.member = to_regrole('authenticator') and s.name <> 'default_transaction_isolation'
  group by r.rolname`;

const roleSettingsCache = new WeakMap<Db, Promise<Map<string, string>>>();

/** The role's settings as a JSON object (text), '{}' when it has none. Call outside a transaction. */
export function roleSettingsOf(db: Db, role: string): Promise<string> {
  let all = roleSettingsCache.get(db);
  if (!all) {
    all = db.query<{ role: string; settings: string }>(ROLE_SETTINGS_QUERY)
      .then(({ rows }) => new Map(rows.map((r) => [r.role, r.settings])));
    roleSettingsCache.set(db, all);
    all.catch(() => roleSettingsCache.delete(db));
  }
  return all.then((settings) => settings.get(role) ?? '{}');
}

export const CONTEXT_SQL = `select set_config('search_path', $1, true),
  (select count(set_config(key, value, true)) from json_each_text($8::json)), set_config('role', $2, true),
  set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
  set_config('request.path', $5, true), set_config('request.headers', $6, true),
  set_config('request.cookies', $7, true)`;
/**
 * The request's search_path as PostgREST sets it (Query.hs setPgLocals): the request's schema, then
 * db-extra-search-path, each a quoted identifier (`"public", "public", "extensions"`).
 */
export const searchPathOf = (schema: string, extra: string[]): string => [schema, ...extra].map(ident).join(', ');

export const CONTEXT_SQL_READ_ONLY = `${CONTEXT_SQL}, set_config('transaction_read_only', 'on', true)`;

/**
 * The context statement with its values written in as literals, sent with BEGIN in one round trip
 * (`Db.transaction`'s `begin`) instead of BEGIN, then the statement with parameters: one exchange
 * less per request on both engines. Every value is an escape-string literal (E'...', backslashes
 * and quotes doubled), read the same whatever standard_conforming_strings says. null when a value
 * holds a NUL character, which no literal can carry: then the statement goes with parameters,
 * and PostgreSQL refuses the value as it always did.
 */
export function contextStatements(readOnly: boolean, values: string[]): string | null {
  if (values.some((v) => v.includes('\0'))) return null;
  const literal = (v: string) => `E'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return (readOnly ? CONTEXT_SQL_READ_ONLY : CONTEXT_SQL).replace(/\$(\d)/g, (_, n: string) => literal(values[Number(n) - 1]!));
}

const sqlCache = new WeakMap<FunctionInfo, Map<string, string>>();

/** The SQL text of a call, built once per function and shape (argument names, single). */
export function callSql(fn: FunctionInfo, keys: string[], wholeBody: boolean, single: boolean, maxRows: number): string {
  const key = `${wholeBody ? '*' : JSON.stringify(keys)}|${single ? 1 : 0}|${maxRows}`;
  let perFn = sqlCache.get(fn);
  if (!perFn) sqlCache.set(fn, (perFn = new Map()));
  let sql = perFn.get(key);
  if (sql === undefined) {
    sql = buildCallSql(fn, keys, wholeBody, single, maxRows);
    if (perFn.size < 100) perFn.set(key, sql); // argument-name sets come from clients: bounded
  }
  return sql;
}

/**
 * The call expression in named notation, and the `json_to_record($1)` source of its arguments
 * ('' when there are none). $1 is the JSON body whenever there is an argument.
 */
export function callParts(fn: FunctionInfo, keys: string[], wholeBody: boolean): { call: string; from: string } {
  const target = `${ident(fn.schema)}.${ident(fn.name)}`;
  if (wholeBody) return { call: `${target}($1::${fn.args[0]!.type})`, from: '' };
  if (keys.length === 0) return { call: `${target}()`, from: '' };
  const types = new Map(fn.args.map((a) => [a.name, a.type]));
  // A single unnamed parameter (PostgREST: `{"": value}`) has no name to bind in named notation or
  // in json_to_record: its value is read from the body's "" key and passed first, by position.
  const named = keys.filter((k) => k !== '');
  const unnamedType = keys.includes('') ? types.get('')! : null;
  const unnamed = unnamedType === null ? []
    : [`($1::json ${/^jsonb?$/.test(unnamedType) ? '->' : '->>'} '')::${unnamedType}`];
  const args = [...unnamed, ...named.map((k) => `${ident(k)} => _a.${ident(k)}`)].join(', ');
  const columns = named.map((k) => `${ident(k)} ${types.get(k)}`).join(', ');
  return {
    call: `${target}(${args})`,
    from: named.length ? `json_to_record($1::json) as _a(${columns})` : '',
  };
}

/** `maxRows` (config.toml `[api] max_rows`, 0 = no cap) caps set results, as PostgREST's db-max-rows. */
function buildCallSql(fn: FunctionInfo, keys: string[], wholeBody: boolean, single: boolean, maxRows: number): string {
  const { call, from } = callParts(fn, keys, wholeBody);
  if (fn.returnsVoid) {
    return `select count(*)::int as rows from (select ${call} ${from ? `from ${from}` : ''}) _v`;
  }
  if (fn.returnsSet) {
    // array_to_json(array_agg()) builds the same array as json_agg, measurably faster on
    // PGlite for large result sets.
    const body = single ? `(json_agg(_r) -> 0)::text` : `coalesce(array_to_json(array_agg(_r)), '[]')::text`;
    const limit = maxRows > 0 ? ` limit ${Math.floor(maxRows)}` : '';
    // The inner `_r` is the whole row (or the scalar); the outer alias names that one column _r.
    return `select ${body} as body, count(*)::int as rows
      from (select _r from ${from ? `${from}, ` : ''}${call} as _r${limit}) as _s(_r)`;
  }
  return `select coalesce(to_json(${call})::text, 'null') as body, 1 as rows ${from ? `from ${from}` : ''}`;
}

/** Whether the call's SQL takes the JSON arguments as $1. */
export const takesArgs = (input: Pick<CallInput, 'wholeBody' | 'args'>): boolean =>
  input.wholeBody || (!!input.args && Object.keys(input.args as object).length > 0);

/** `extra`: the query grammar's bound values, $2.. (or $1.. when the call takes no arguments). */
export async function runCall(db: Db, input: CallInput, sql: string, extra: string[] = []): Promise<CallOutput> {
  const params = [...(takesArgs(input) ? [JSON.stringify(input.args)] : []), ...extra];
  const roleSettings = await roleSettingsOf(db, input.identity.role);
  const context = [input.searchPath, input.identity.role, input.identity.claimsJson, input.method, input.path,
    input.headersJson, input.cookiesJson, roleSettings];
  const begin = contextStatements(input.readOnly, context);
  const answer = (rows: Array<{ body?: string | null; rows: number; total?: number | null }>): CallOutput => {
    const row = rows[0] ?? { rows: 0 };
    const total = row.total === undefined || row.total === null ? null : Number(row.total);
    if (input.maxAffected != null && Number(row.rows) > input.maxAffected) {
      throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${row.rows} rows`);
    }
    return { body: input.fn.returnsVoid ? null : (row.body ?? 'null'), rows: Number(row.rows), total };
  };
  // A read-only call: its transaction's end does not depend on the answer (one exchange on PGlite).
  if (input.readOnly && !input.rollback && begin !== null) return answer((await db.readOnly(begin, sql, params)).rows);
  return transaction(db, input.rollback ?? false, async (tx) => {
    if (begin === null) await tx.query(input.readOnly ? CONTEXT_SQL_READ_ONLY : CONTEXT_SQL, context);
    return answer((await tx.prepared(sql, params)).rows);
  }, begin ?? undefined);
}
