/**
 * A bound or an enum a table's CHECK holds is written there only, so a rule has one home: no function
 * body of the final schema (pg_proc, after every migration) repeats it. A write that breaks it
 * fails on the CHECK, whose message is a row of buzz_haven.constraint_messages.
 * What counts as a copy:
 * - an enum: the column tested against a list of string literals that is exactly the values of its
 *   CHECK (`v.brood_pattern in ('solid', 'spotty', 'patchy', 'none')`, `= any (array[...])`);
 * - a bound: the column (bare, `p_<column>`, `v.<column>`, `new.<column>`) compared with its
 *   CHECK's bound, or its length bound given to check_text/check_length in one statement
 *   (`v.varroa_count between 0 and 300`, `char_length(v.notes) <= 5000`,
 *   `check_text(p_notes, 'Notes', 5000)`).
 * - a pattern: the column (as above) matched (`~`, `~*`) against the very regular expression its
 *   CHECK matches it against (`v.code ~ '^[A-Z]{2,4}-...$'`), in one statement.
 * Comments and the words of messages (string literals) are left out of the bound search.
 */
import { readTableRules, type TableRules } from '../../supabase/local/src/db/tableRules';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
const withoutStrings = (sql: string) => sql.replace(/'(?:[^']|'')*'/g, "''");
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The copies of `rules` in one function body. */
export function ruleCopies(body: string, rules: TableRules): string[] {
  const code = withoutComments(body);
  const bare = withoutStrings(code);
  const statements = bare.split(/;|\bthen\b|\bperform\b/i);
  const found = new Set<string>();
  for (const [table, columns] of Object.entries(rules)) {
    for (const [column, r] of Object.entries(columns)) {
      const col = `(?:\\b(?:p_|v_)?|\\b\\w+\\.)${escape(column)}\\b`;
      // `col in ('a', 'b')`, `col = any (array['a', 'b'])` holding every value of the CHECK
      const lists = [...code.matchAll(new RegExp(`${col}\\s+(?:not\\s+)?(?:in\\s*\\(|=\\s*any\\s*\\(\\s*array\\s*\\[)\\s*('(?:[^']|'')*'(?:\\s*,\\s*'(?:[^']|'')*')+)`, 'gi'))]
        .map((m) => [...m[1].matchAll(/'((?:[^']|'')*)'/g)].map((v) => v[1]));
      if (r.values && r.values.length > 1 && lists.some((list) => list.length === r.values!.length && r.values!.every((v) => list.includes(v)))) {
        found.add(`${table}.${column} values (${r.values.join(', ')})`);
      }
      const bounds = [r.maxLength, r.max, r.min].filter((n): n is number => n !== undefined && Math.abs(n) > 1);
      for (const n of bounds) {
        const num = `(?<![\\w.])${escape(String(n))}(?![\\w.])`;
        const compared = new RegExp(`${col}\\s*\\)?\\s*(?:<=|>=|<|>|between\\s+-?[\\d.]+\\s+and)\\s*${num}|${num}\\s*(?:<=|>=|<|>)\\s*(?:\\w+\\()?${col}`, 'i');
        const measured = new RegExp(`char_length\\([^;]*?${col}[^;]*?(?:<=|>=|<|>|between\\s+\\d+\\s+and)\\s*${num}`, 'i');
        const given = new RegExp(`check_(?:text|length)\\s*\\([^;]*${col}[^;]*,\\s*${num}\\s*[,)]`, 'i');
        for (const s of statements) {
          if (compared.test(s) || measured.test(s) || given.test(s)) found.add(`${table}.${column} bound ${n}: ${s.replace(/\s+/g, ' ').trim().slice(0, 160)}`);
        }
      }
    }
  }
  return [...found];
}

/** Each CHECK over one column that matches it against a regular expression: table -> column -> patterns. */
export type TablePatterns = Record<string, Record<string, string[]>>;

/** The patterns of `checks` (pg_get_constraintdef of single-column CHECKs) whose column is named. */
export function patternsOfCheck(column: string, def: string): string[] {
  return [...def.matchAll(new RegExp(`\\("?${escape(column)}"? ~\\*? '((?:[^']|'')*)'::text\\)`, 'g'))].map((m) => m[1]);
}

/** The copies of `patterns` in one function body. */
export function patternCopies(body: string, patterns: TablePatterns): string[] {
  const statements = withoutComments(body).split(/;|\bthen\b|\bperform\b/i);
  const found = new Set<string>();
  for (const [table, columns] of Object.entries(patterns)) {
    for (const [column, list] of Object.entries(columns)) {
      const col = `(?:\\b(?:p_|v_)?|\\b\\w+\\.)${escape(column)}\\b`;
      for (const pattern of list) {
        const matched = new RegExp(`${col}[^;]*?~\\*?\\s*'${escape(pattern)}'`, 'i');
        for (const s of statements) {
          if (matched.test(s)) found.add(`${table}.${column} pattern '${pattern}': ${s.replace(/\s+/g, ' ').trim().slice(0, 160)}`);
        }
      }
    }
  }
  return [...found];
}

async function readTablePatterns(db: TestDb['db']): Promise<TablePatterns> {
  const { rows } = await db.query<{ table: string; column: string; def: string }>(
    `select t.relname as table, a.attname as column, pg_get_constraintdef(c.oid) as def
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where n.nspname = 'buzz_haven' and c.contype = 'c' and cardinality(c.conkey) = 1`);
  const patterns: TablePatterns = {};
  for (const row of rows) {
    const found = patternsOfCheck(row.column, row.def);
    if (found.length) ((patterns[row.table] ??= {})[row.column] ??= []).push(...found);
  }
  return patterns;
}

const RULES: TableRules = { hive_inspections: { varroa_count: { min: 0, max: 300 }, notes: { maxLength: 5000 }, brood_pattern: { values: ['solid', 'none'] } } };

test('the detector: a repeated bound or enum is found; the CHECK\'s words in a message, another column, a subset are not', () => {
  expect(ruleCopies("perform check_input(v.varroa_count is null or v.varroa_count between 0 and 300, 'x');", RULES)).toHaveLength(1);
  expect(ruleCopies("perform check_input(coalesce(char_length(v.notes), 0) <= 5000, 'Notes too long');", RULES)).toHaveLength(1);
  expect(ruleCopies("perform buzz_haven.check_text(p_notes, 'Notes', 5000);", RULES)).toHaveLength(1);
  expect(ruleCopies("if p_varroa_count > 300 then raise exception 'too many'; end if;", RULES)).toHaveLength(1);
  expect(ruleCopies("perform check_input(v.brood_pattern in ('solid', 'none'), 'x');", RULES)).toHaveLength(1);
  expect(ruleCopies("raise exception 'Varroa count must be between 0 and 300'; -- varroa_count <= 300", RULES)).toEqual([]);
  expect(ruleCopies('select count(*) from t where other_count > 300 and notes_count < 5000;', RULES)).toEqual([]);
  expect(ruleCopies("select 1 where v.brood_pattern in ('solid', 'spotty');", RULES)).toEqual([]);
  expect(ruleCopies("select 1 where status in ('solid', 'none', 'waitlisted');", { t: { status: { values: ['solid', 'none'] } } })).toEqual([]);
});

test('the detector: a CHECK\'s regular expression matched against its column again is found; another column or pattern is not', () => {
  const patterns: TablePatterns = { orders: { zip: patternsOfCheck('zip', "CHECK ((zip ~ '^[0-9]{5}(-[0-9]{4})?$'::text))") } };
  expect(patterns.orders.zip).toEqual(['^[0-9]{5}(-[0-9]{4})?$']);
  expect(patternCopies("perform check_input(coalesce(v_zip ~ '^[0-9]{5}(-[0-9]{4})?$', false), 'ZIP code must be 5 digits');", patterns)).toHaveLength(1);
  expect(patternCopies("perform check_input(new.zip ~* '^[0-9]{5}(-[0-9]{4})?$', 'x');", patterns)).toHaveLength(1);
  expect(patternCopies("perform check_input(v_zip ~ '^([0-9]{5}|[0-9]{9})$', 'x');", patterns)).toEqual([]);
  expect(patternCopies("perform check_input(v.phone ~ '^[0-9]{5}(-[0-9]{4})?$', 'x');", patterns)).toEqual([]);
  expect(patternCopies("-- v.zip ~ '^[0-9]{5}(-[0-9]{4})?$'", patterns)).toEqual([]);
});

describe.each(targets)('the final schema on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => { t = await openTarget(target); }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('no function body repeats a bound or an enum a table CHECK holds', async () => {
    const rules = await readTableRules(t.db);
    const patterns = await readTablePatterns(t.db);
    const { rows } = await t.db.query<{ fn: string; body: string }>(
      `select n.nspname || '.' || p.proname as fn, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'buzz_haven') and p.prolang <> (select oid from pg_language where lanname = 'c') order by 1`,
    );
    const found = rows.flatMap((row) => [...ruleCopies(row.body, rules), ...patternCopies(row.body, patterns)]
      .map((copy) => `${row.fn}: ${copy}`));
    expect(found).toEqual([]);
  });
});
