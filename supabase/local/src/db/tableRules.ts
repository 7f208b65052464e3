/**
 * The rules of the `buzz_haven` tables' columns, read from the database's own constraints
 * (pg_constraint, pg_attribute) after every migration: an enum's values (`col = ANY (ARRAY[...])`),
 * a number's bounds (`col >= n`, `col <= n`, `col > n`), a text's length bound
 * (`char_length(col) <= n`), a text's format (`col ~ '^…$'`, or a one-argument `buzz_haven` predicate
 * such as `is_slug(col)` whose body is that match) with the words of its constraint_messages row,
 * and whether the column is required (NOT NULL, no default). A column of a `buzz_haven` domain
 * takes the domain's CHECKs too: `buzz_haven.email`'s predicate `is_email(value)` bounds its
 * length (`length(value) <= 254` in the predicate's body).
 * `npm run gen:rules` writes them to admin/src/crud/tableRules.generated.ts, where the back
 * office's forms and filters read them; tests/sql/table-rules.test.ts fails when that file differs
 * from what the migrations give. Only CHECKs over one column are read (a rule across columns,
 * e.g. "a shared highlight needs its sentence", stays in the table and its message).
 */
import type { Queryable } from './types.js';

export interface ColumnRules {
  /** An enum's values, in the CHECK's order. */
  values?: string[];
  /** A number's bounds (`> n` on an integer column is `min: n + 1`). */
  min?: number;
  max?: number;
  /** A text's length bound in characters (char_length). */
  maxLength?: number;
  /**
   * A text's format: a regular expression both PostgreSQL and JavaScript read alike (no POSIX
   * classes), from a CHECK that every stored value must pass (not one alternative of an OR).
   */
  pattern?: string;
  /** The constraint_messages words of the CHECK that holds the format. */
  patternMessage?: string;
  /** NOT NULL without a default. */
  required?: boolean;
}

export type TableRules = Record<string, Record<string, ColumnRules>>;

interface CheckRow { table: string; column: string; type: string; def: string; message: string | null }
interface PredicateRow { name: string; body: string }

/** `buzz_haven.name(value)` -> the regular expression its body matches the value against. */
export type Predicates = Record<string, string>;
interface ColumnRow { table: string; column: string; required: boolean }
interface DomainCheckRow { table: string; column: string; def: string }

const INTEGER_TYPES = new Set(['integer', 'bigint', 'smallint']);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = '(-?\\d+(?:\\.\\d+)?)';

const unquote = (literal: string) => literal.replace(/''/g, "'");

/** A pattern JavaScript reads as PostgreSQL does: no POSIX bracket classes, and it compiles. */
function portable(pattern: string): boolean {
  if (pattern.includes('[[:')) return false;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The format a CHECK holds its column to, when every stored value must match it. */
function patternOf(col: string, def: string, predicates: Predicates): string | undefined {
  // `(col IS NULL) OR …` lets an empty value be; any other OR makes the match one choice of several
  if (/ OR /.test(def.replace(new RegExp(`\\(${col} IS NULL\\) OR `, 'g'), ''))) return undefined;
  const direct = new RegExp(`\\(${col} ~ '((?:[^']|'')*)'::text\\)`).exec(def);
  const called = new RegExp(`buzz_haven\\.(\\w+)\\(${col}\\)`).exec(def);
  const pattern = direct ? unquote(direct[1]) : called ? predicates[called[1]] : undefined;
  return pattern !== undefined && portable(pattern) ? pattern : undefined;
}

/** The rules one CHECK (pg_get_constraintdef) gives its only column. */
export function rulesOfCheck(column: string, type: string, def: string, predicates: Predicates = {}): ColumnRules {
  const rules: ColumnRules = {};
  const col = `"?${escape(column)}"?`;
  const pattern = patternOf(col, def, predicates);
  if (pattern !== undefined) rules.pattern = pattern;
  const values = new RegExp(`\\(${col} = ANY \\(ARRAY\\[([^\\]]*)\\]\\)\\)`).exec(def);
  if (values) rules.values = [...values[1].matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1].replace(/''/g, "'"));
  const length = [...def.matchAll(new RegExp(`char_length\\((?:btrim\\()?${col}\\)?\\) <= (\\d+)`, 'g'))];
  if (length.length) rules.maxLength = Math.min(...length.map((m) => Number(m[1])));
  // `(n >= 0)`, `(lat >= ('-85'::integer)::numeric)`, `(x <= (85)::numeric)`
  const at = (op: string) => [...def.matchAll(new RegExp(`\\(${col} ${op} \\(*'?${NUMBER}'?(?:::\\w+)?\\)?(?:::\\w+)?\\)`, 'g'))]
    .map((m) => Number(m[1]));
  const mins = [...at('>='), ...at('>').map((n) => (INTEGER_TYPES.has(type) ? n + 1 : n))];
  const maxes = [...at('<='), ...at('<').map((n) => (INTEGER_TYPES.has(type) ? n - 1 : n))];
  if (mins.length) rules.min = Math.max(...mins);
  if (maxes.length) rules.max = Math.min(...maxes);
  return rules;
}

function merge(into: ColumnRules, more: ColumnRules): ColumnRules {
  const out = { ...into };
  if (more.values) out.values = out.values ? out.values.filter((v) => more.values!.includes(v)) : more.values;
  if (more.maxLength !== undefined) out.maxLength = Math.min(more.maxLength, out.maxLength ?? Infinity);
  if (more.min !== undefined) out.min = Math.max(more.min, out.min ?? -Infinity);
  if (more.max !== undefined) out.max = Math.min(more.max, out.max ?? Infinity);
  if (more.pattern !== undefined && out.pattern === undefined) {
    out.pattern = more.pattern;
    if (more.patternMessage !== undefined) out.patternMessage = more.patternMessage;
  }
  if (more.required) out.required = true;
  return out;
}

/** Every buzz_haven table's column rules, tables and columns in name order. */
export async function readTableRules(db: Queryable): Promise<TableRules> {
  const checks = await db.query<CheckRow>(
    `select c.conrelid::regclass::text as table, a.attname as column, format_type(a.atttypid, null) as type,
            pg_get_constraintdef(c.oid) as def, buzz_haven.say_bounds(m.message, buzz_haven.check_bounds(c.oid)) as message
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       left join buzz_haven.constraint_messages m on m.constraint_name = c.conname and m.locale = 'en'
      where n.nspname = 'buzz_haven' and c.contype = 'c' and cardinality(c.conkey) = 1
      order by c.conname`,
  );
  // one-argument SQL predicates whose whole body is `select arg ~ '…'` (buzz_haven.is_slug)
  const bodies = await db.query<PredicateRow>(
    `select p.proname as name, p.prosrc as body
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_language l on l.oid = p.prolang
      where n.nspname = 'buzz_haven' and l.lanname = 'sql' and p.pronargs = 1 and p.prorettype = 'boolean'::regtype`,
  );
  const predicates: Predicates = {};
  // a predicate that bounds its argument's length (`length(value) <= 254`): name -> the bound
  const predicateLengths: Record<string, number> = {};
  for (const row of bodies.rows) {
    const match = /^\s*select\s+\w+\s+~\s+'((?:[^']|'')*)'\s*;?\s*$/i.exec(row.body);
    if (match) predicates[row.name] = unquote(match[1]);
    const length = /^\s*select\s+(\w+)\s+is\s+not\s+null\s+and\s+(?:char_)?length\(\1\)\s*<=\s*(\d+)\s+and\b/i.exec(row.body);
    if (length) predicateLengths[row.name] = Number(length[2]);
  }
  // the CHECKs of the buzz_haven domains the columns are of (`VALUE IS NULL OR buzz_haven.is_email(VALUE)`)
  const domainChecks = await db.query<DomainCheckRow>(
    `select t.relname as table, a.attname as column, pg_get_constraintdef(c.oid) as def
       from pg_attribute a
       join pg_class t on t.oid = a.attrelid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_type d on d.oid = a.atttypid and d.typtype = 'd'
       join pg_constraint c on c.contypid = d.oid and c.contype = 'c'
      where n.nspname = 'buzz_haven' and t.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.conname`,
  );
  const columns = await db.query<ColumnRow>(
    `select t.relname as table, a.attname as column, (a.attnotnull and not a.atthasdef and a.attidentity = '') as required
       from pg_attribute a
       join pg_class t on t.oid = a.attrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'buzz_haven' and t.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
  );
  const rules: TableRules = {};
  const add = (table: string, column: string, more: ColumnRules) => {
    const name = table.replace(/^buzz_haven\./, '');
    rules[name] ??= {};
    rules[name][column] = merge(rules[name][column] ?? {}, more);
  };
  for (const row of checks.rows) {
    const more = rulesOfCheck(row.column, row.type, row.def, predicates);
    if (more.pattern !== undefined && row.message) more.patternMessage = row.message;
    if (Object.keys(more).length) add(row.table, row.column, more);
  }
  for (const row of domainChecks.rows) {
    const called = /buzz_haven\.(\w+)\(VALUE\)/.exec(row.def);
    const maxLength = called ? predicateLengths[called[1]] : undefined;
    if (maxLength !== undefined) add(row.table, row.column, { maxLength });
  }
  for (const row of columns.rows) if (row.required) add(row.table, row.column, { required: true });
  const sorted = (o: Record<string, any>) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
  return sorted(Object.fromEntries(Object.entries(rules).map(([t, cols]) => [t, sorted(cols)])));
}

/**
 * The tables the public site's forms write: their rules are also generated into
 * site/src/generated/tableRules.generated.ts, so a site form's maxLength, min and max are the
 * table's (a form on a new table adds it here).
 */
export const SITE_FORM_TABLES = [
  'adoption_requests', 'art_designs', 'event_registrations', 'host_applications', 'order_items', 'orders',
  'swarm_reports', 'volunteer_signups',
] as const;

/** The rules of the public site's tables only. */
export function siteTableRules(rules: TableRules): TableRules {
  return Object.fromEntries(SITE_FORM_TABLES.map((table) => [table, rules[table]]));
}

/** The generated TypeScript module (admin/src/crud/tableRules.generated.ts, and the site's). */
export function renderTableRules(rules: TableRules): string {
  const lines = [
    '/**',
    ' * GENERATED by `npm run gen:rules` (supabase/local/src/db/tableRules.ts) from the migrations\' table',
    ' * constraints: do not edit. tests/sql/table-rules.test.ts fails when it differs from the migrations.',
    ' */',
    '',
    'type ColumnRules = {',
    '  values?: readonly string[]; min?: number; max?: number; maxLength?: number;',
    '  pattern?: string; patternMessage?: string; required?: boolean;',
    '};',
    '',
    'export const tableRules: Record<string, Record<string, ColumnRules>> = {',
  ];
  const quote = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const key = (k: string) => (/^[a-z_][a-z0-9_]*$/.test(k) ? k : JSON.stringify(k));
  for (const [table, columns] of Object.entries(rules)) {
    lines.push(`  ${key(table)}: {`);
    for (const [column, r] of Object.entries(columns)) {
      const parts: string[] = [];
      if (r.values) parts.push(`values: [${r.values.map(quote).join(', ')}]`);
      if (r.min !== undefined) parts.push(`min: ${r.min}`);
      if (r.max !== undefined) parts.push(`max: ${r.max}`);
      if (r.maxLength !== undefined) parts.push(`maxLength: ${r.maxLength}`);
      if (r.pattern !== undefined) parts.push(`pattern: ${quote(r.pattern)}`);
      if (r.patternMessage !== undefined) parts.push(`patternMessage: ${quote(r.patternMessage)}`);
      if (r.required) parts.push('required: true');
      lines.push(`    ${key(column)}: { ${parts.join(', ')} },`);
    }
    lines.push('  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}
