/**
 * No price the price tables hold is written anywhere else, so a price has one home: not in a function
 * of the final schema (pg_proc, after every migration) and not in the site's or the admin's code.
 * The prices are 595, 1295 and 5000 cents (shipping: standard, express, free over) and 2000, 3500
 * and 7500 (the adoption tiers; 7500 is also the lowest swarm fee, 15000 the highest), 45000 and
 * 55000 (the hosting plans), 4500 (workshops; 7500 and 3500 are workshop prices too), or the
 * shipping rates in dollars (5.95, 12.95). They may appear as
 * seed data only: the migrations' insert statements (not function bodies), and tests.
 * A literal counts as a price when the code around it speaks of prices: text bounds such as
 * `char_length(notes) <= 5000` or `maxLength={5000}` are not prices. Strings and comments are
 * left out (an example in a help text, "In cents: 2000 = $20.00", is not charged).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const PRICE = /(?<![\w.])(595|1295|5000|2000|3500|7500|45000|55000|15000|4500|5\.95|12\.95)(?![\w.])/;
const PRICE_WORDS = /price|cost|shipping|subtotal|total|fee|tier|cents|rate|express|standard|free_?over/i;

/** SQL or TS without comments and string literals (quotes kept, contents dropped). */
function codeOnly(source: string, sql: boolean): string {
  const strings = sql ? /'(?:[^']|'')*'/g : /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
  const comments = sql ? /--[^\n]*/g : /\/\*[\s\S]*?\*\/|(?<!:)\/\/[^\n]*/g;
  return source.replace(comments, '').replace(strings, "''");
}

/** The statements (SQL: up to `;`; TS: a line) holding a price literal where prices are spoken of. */
function priceLiterals(source: string, sql: boolean): string[] {
  const statements = codeOnly(source, sql).split(sql ? ';' : '\n');
  return statements.filter((s) => PRICE.test(s) && PRICE_WORDS.test(s)).map((s) => s.replace(/\s+/g, ' ').trim());
}

const root = join(__dirname, '../..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

test('the detector: a charged price is found, a text bound, a help text and a comment are not', () => {
  expect(priceLiterals("select case p_delivery when 'express' then 1295 else case when p_subtotal > 5000 then 0 else 595 end end", true))
    .toHaveLength(1);
  expect(priceLiterals("perform buzz_haven.check_text(p_staff_notes, 'Staff notes', 5000); -- price 595", true)).toEqual([]);
  expect(priceLiterals('const rates = { standard: 595, express: 1295 };', false)).toEqual(['const rates = { standard: 595, express: 1295 };']);
  expect(priceLiterals("<NumberInput source=\"price\" helperText=\"In cents: 2000 = $20.00\" /> // 2000 cents price", false)).toEqual([]);
  expect(priceLiterals('<textarea name="notes" maxLength={5000} />', false)).toEqual([]);
});

test('site/src and admin/src hold no price literal', () => {
  const found = ['site/src', 'admin/src'].flatMap((dir) => sourceFiles(join(root, dir)).flatMap((file) =>
    priceLiterals(readFileSync(file, 'utf8'), false).map((line) => `${relative(root, file)}: ${line}`)));
  expect(found).toEqual([]);
});

describe.each(targets)('the final schema on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => { t = await openTarget(target); }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('no function body holds a price the price tables hold', async () => {
    const { rows } = await t.db.query<{ fn: string; body: string }>(
      `select n.nspname || '.' || p.proname as fn, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'buzz_haven') order by 1`,
    );
    const found = rows.flatMap((row) => priceLiterals(row.body, true).map((line) => `${row.fn}: ${line}`));
    expect(found).toEqual([]);
  });
});
