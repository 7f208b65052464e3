/**
 * The public site's forms hold no bound of their own: a field's maxLength, min and max come from
 * its column's CHECKs through the generated rules (columnBounds), so a form cannot disagree with
 * the table that stores what it sends. The scan reads every component for a number written as a
 * bound, and every columnBounds call for a column the rules know.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { columnBounds, columnChoices, columnValues } from './columnRules';
import { tableRules } from '../../generated/tableRules.generated';
import { FORMED_WHEN, HEIGHTS, SIZES } from '../pages/swarm/swarmReport';

const components = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `maxLength={200}`, `min={1}`, `maxLength: 200`, `max: 10` in a component's source. */
const LITERAL = /\b(maxLength|min|max)(?:=\{|:\s*)(-?\d+)/g;

/** Each literal bound of the site's components, as `file:line attribute=value`. */
function literalBounds(files: { name: string; source: string }[]): string[] {
  return files.flatMap(({ name, source }) => source.split('\n').flatMap((line, i) =>
    [...line.matchAll(LITERAL)].map((m) => `${name}:${i + 1} ${m[1]}=${m[2]}`)));
}

const files = sources(components).map((path) => ({ name: relative(components, path), source: readFileSync(path, 'utf8') }));

test('no site form writes a bound as a number: it reads its column\'s (columnBounds)', () => {
  expect(literalBounds(files)).toEqual([]);
});

test('the scan catches a literal that disagrees with its column', () => {
  const form = '<Input id="host-name" name="name" label={text.name} required maxLength={250} />';
  expect(literalBounds([{ name: 'Host.tsx', source: form }])).toEqual(['Host.tsx:1 maxLength=250']);
  expect(literalBounds([{ name: 'Cart.tsx', source: 'inputProps={{ min: 1, max: 10, step: 1 }}' }]))
    .toEqual(['Cart.tsx:1 min=1', 'Cart.tsx:1 max=10']);
});

test('every columnBounds call names a column whose rules the site holds', () => {
  const calls = files.flatMap(({ source }) => [...source.matchAll(/columnBounds\('(\w+)', '(\w+)'\)/g)].map((m) => [m[1], m[2]]));
  expect(calls.length).toBeGreaterThan(25);
  for (const [table, column] of calls) expect({ table, column, rules: tableRules[table]?.[column] }).toEqual({ table, column, rules: expect.any(Object) });
});

test('a field reads its column\'s bounds; an unknown column throws', () => {
  expect(columnBounds('host_applications', 'yard_length_ft')).toEqual({ min: 1, max: 10000 });
  expect(columnBounds('art_designs', 'title')).toEqual({ maxLength: 120 });
  expect(columnValues('swarm_reports', 'size')).toEqual(['smaller', 'football', 'larger']);
  // an e-mail column's bound is its domain's (buzz_haven.email), the one the database holds
  expect(columnBounds('orders', 'customer_email')).toEqual({ maxLength: 254 });
  expect(() => columnBounds('art_designs', 'titel')).toThrow('art_designs.titel');
});

test('the swarm form\'s choices are the values its columns allow', () => {
  expect(SIZES).toEqual(columnValues('swarm_reports', 'size'));
  expect(HEIGHTS).toEqual(columnValues('swarm_reports', 'height'));
  expect(Object.values(FORMED_WHEN)).toEqual(columnValues('swarm_reports', 'formed_when'));
});

/** A site column's allowed values, sorted, as `table.column` -> values. */
const allowedValues = Object.entries(tableRules).flatMap(([table, columns]) => Object.entries(columns)
  .flatMap(([column, rules]) => (rules.values && rules.values.length > 1 ? [[`${table}.${column}`, [...rules.values].sort().join()]] : [])));

/** Each choice list typed as literal pairs (`options={[['full', …], …]}`) holding a column's allowed values. */
function literalChoices(files: { name: string; source: string }[]): string[] {
  return files.flatMap(({ name, source }) => [...source.matchAll(/options=\{\[((?:\s*\['[^']*',[^\]]*\],?)+)\s*\]\}/g)].flatMap((m) => {
    const values = [...m[1].matchAll(/\['([^']*)'/g)].map((v) => v[1]).sort().join();
    return allowedValues.filter(([, allowed]) => allowed === values).map(([column]) => `${name} ${column}`);
  }));
}

test('no site form types a column\'s allowed values as its choices: it reads them (columnChoices)', () => {
  expect(literalChoices(files)).toEqual([]);
  const typed = "<Choices name=\"sun\" options={[['full', text.sun.full], ['partial', text.sun.partial], ['shade', text.sun.shade]]} />";
  expect(literalChoices([{ name: 'Host.tsx', source: typed }])).toEqual(['Host.tsx host_applications.sun']);
});

test('a choice field lists its column\'s values with their words; a value without words throws', () => {
  expect(columnChoices('host_applications', 'water', { legend: 'Water', onSite: 'On site', nearby: 'Nearby', none: 'None' }))
    .toEqual([['on_site', 'On site'], ['nearby', 'Nearby'], ['none', 'None']]);
  expect(() => columnChoices('host_applications', 'water', { onSite: 'On site' })).toThrow('host_applications.water = nearby');
});
