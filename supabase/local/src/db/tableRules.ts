/**
 * The rules of the `buzz_haven` tables' columns, read from the database's own constraints
 * (pg_constraint, pg_attribute) after every migration: an enum's values (`col = ANY (ARRAY[...])`),
 * a number's bounds (`col >= n`, `col <= n`, `col > n`), a text's length bound
 * (`char_length(col) <= n`) and whether the column is required (NOT NULL, no default).
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
  /** NOT NULL without a default. */
  required?: boolean;
}

export type TableRules = Record<string, Record<string, ColumnRules>>;

interface CheckRow { table: string; column: string; type: string; def: string }
interface ColumnRow { table: string; column: string; required: boolean }

const INTEGER_TYPES = new Set(['integer', 'bigint', 'smallint']);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = '(-?\\d+(?:\\.\\d+)?)';

/** The rules one CHECK (pg_get_constraintdef) gives its only column. */
export function rulesOfCheck(column: string, type: string, def: string): ColumnRules {
  const rules: ColumnRules = {};
  const col = `"?${escape(column)}"?`;
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
  if (more.required) out.required = true;
  return out;
}

/** Every buzz_haven table's column rules, tables and columns in name order. */
export async function readTableRules(db: Queryable): Promise<TableRules> {
  const checks = await db.query<CheckRow>(
    `select c.conrelid::regclass::text as table, a.attname as column, format_type(a.atttypid, null) as type,
            pg_get_constraintdef(c.oid) as def
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where n.nspname = 'buzz_haven' and c.contype = 'c' and cardinality(c.conkey) = 1
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
    const more = rulesOfCheck(row.column, row.type, row.def);
    if (Object.keys(more).length) add(row.table, row.column, more);
  }
  for (const row of columns.rows) if (row.required) add(row.table, row.column, { required: true });
  const sorted = (o: Record<string, any>) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
  return sorted(Object.fromEntries(Object.entries(rules).map(([t, cols]) => [t, sorted(cols)])));
}

/** The generated TypeScript module (admin/src/crud/tableRules.generated.ts). */
export function renderTableRules(rules: TableRules): string {
  const lines = [
    '/**',
    ' * GENERATED by `npm run gen:rules` (supabase/local/src/db/tableRules.ts) from the migrations\' table',
    ' * constraints: do not edit. tests/sql/table-rules.test.ts fails when it differs from the migrations.',
    ' */',
    '',
    'type ColumnRules = { values?: readonly string[]; min?: number; max?: number; maxLength?: number; required?: boolean };',
    '',
    'export const tableRules: Record<string, Record<string, ColumnRules>> = {',
  ];
  const key = (k: string) => (/^[a-z_][a-z0-9_]*$/.test(k) ? k : JSON.stringify(k));
  for (const [table, columns] of Object.entries(rules)) {
    lines.push(`  ${key(table)}: {`);
    for (const [column, r] of Object.entries(columns)) {
      const parts: string[] = [];
      if (r.values) parts.push(`values: [${r.values.map((v) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(', ')}]`);
      if (r.min !== undefined) parts.push(`min: ${r.min}`);
      if (r.max !== undefined) parts.push(`max: ${r.max}`);
      if (r.maxLength !== undefined) parts.push(`maxLength: ${r.maxLength}`);
      if (r.required) parts.push('required: true');
      lines.push(`    ${key(column)}: { ${parts.join(', ')} },`);
    }
    lines.push('  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}
