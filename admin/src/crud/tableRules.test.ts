/**
 * The declarations hold words; the bounds and enum values are the tables' (tableRules.generated.ts).
 * A copy in a declaration, or a name for a value the table does not allow, fails here.
 */
import { resources } from '../resources/index';
import { columnsOf, isTextKind, rulesOf, withColumnRules, withTableRules } from './tableRules';
import { tableRules } from './tableRules.generated';
import { schemaFor } from './fieldSchema';
import type { ResourceDeclaration } from './declaration';

test('a field gets its table column\'s bounds and values; the declaration names and orders nothing else', () => {
  const rules = { values: ['solid', 'spotty', 'none'], min: 0, max: 300 };
  expect(withColumnRules({ source: 'b', kind: 'enum', label: 'B', choiceNames: { none: 'None', solid: { name: 'Solid', colour: 'green' } } }, rules).choices)
    .toEqual([{ id: 'solid', name: 'Solid', colour: 'green' }, { id: 'none', name: 'None' }]);
  expect(withColumnRules({ source: 'v', kind: 'integer', label: 'V' }, rules)).toMatchObject({ min: 0, max: 300 });
  expect(withColumnRules({ source: 'n', kind: 'longText', label: 'N' }, { maxLength: 5000 }).max).toBe(5000);
  // a text column's values are not a menu (users.role is a text shown as it is)
  expect(withColumnRules({ source: 'r', kind: 'text', label: 'R' }, { values: ['a'] }).choices).toBeUndefined();
});

test('the generated form rejects what the table rejects, with the label\'s message', () => {
  const inspections = resources.find((r) => r.name === 'inspections')!;
  const schema = schemaFor(inspections);
  const valid = { hive_id: 'h', inspected_on: '2026-05-01' };
  expect(schema.safeParse({ ...valid, varroa_count: 300 }).success).toBe(true);
  const tooMany = schema.safeParse({ ...valid, varroa_count: 301 });
  expect(tooMany.error?.issues[0].message).toBe('Varroa count must be between 0 and 300');
  expect(schema.safeParse({ ...valid, brood_pattern: 'wavy' }).success).toBe(false);
  expect(schema.safeParse({ ...valid, notes: 'x'.repeat(5001) }).error?.issues[0].message).toBe('Notes is too long (5000 characters at most)');
  expect(withTableRules(inspections).fields.find((f) => f.source === 'temperament')!.choices!.map((c) => c.name))
    .toEqual(['Calm', 'Nervous', 'Defensive']);
});

test('a text gets its table\'s format with the constraint\'s words; the form checks it as the RPC stores it', () => {
  const formatted = { pattern: '^[0-9]{5}$', patternMessage: 'ZIP code must be 5 digits' };
  expect(withColumnRules({ source: 'zip', kind: 'text', label: 'ZIP' }, formatted)).toMatchObject(formatted);
  // a format without words is left to the RPC's own message
  expect(withColumnRules({ source: 'zip', kind: 'text', label: 'ZIP' }, { pattern: '^[0-9]{5}$' }).pattern).toBeUndefined();
  const zip = schemaFor(resources.find((r) => r.name === 'service_area_zips')!);
  expect(zip.safeParse({ zip: '9460', area: 'East Hills' }).error?.issues[0].message).toBe('ZIP code must be 5 digits');
  expect(zip.safeParse({ zip: ' 94601 ', area: 'East Hills' }).data).toMatchObject({ zip: '94601' });
  const batch = schemaFor(resources.find((r) => r.name === 'honey_batches')!);
  const valid = { product_id: 'p', jar_count: 10 };
  expect(batch.safeParse({ ...valid, code: 'eh-24f-07' }).success).toBe(true); // stored in capitals
  expect(batch.safeParse({ ...valid, code: 'EH24F07' }).error?.issues[0].message).toMatch(/^Batch code must look like EH-24F-07/);
  const product = schemaFor(resources.find((r) => r.name === 'products')!);
  expect(product.safeParse({ name: 'Jar', price: 100, slug: 'Wild Honey' }).error?.issues[0].message)
    .toBe('Slug must be lowercase letters, digits and single dashes');
});

const declared = (d: ResourceDeclaration) => d.fields.map((f) => ({ d, f, rules: rulesOf(d, f) }));

test('no declaration repeats a bound its table holds', () => {
  const copies = resources.flatMap(declared).filter(({ f, rules }) => rules && (
    (isTextKind(f) ? f.max !== undefined && rules.maxLength !== undefined
      : (f.min !== undefined && rules.min !== undefined) || (f.max !== undefined && rules.max !== undefined))))
    .map(({ d, f }) => `${d.name}.${f.source}`);
  expect(copies).toEqual([]);
});

test('no declaration lists choices: it names the values its table allows, and only those', () => {
  expect(resources.flatMap((d) => d.fields.filter((f) => f.choices).map((f) => `${d.name}.${f.source}`))).toEqual([]);
  const unknown = resources.flatMap(declared).flatMap(({ d, f, rules }) => (rules?.values && f.choiceNames
    ? Object.keys(f.choiceNames).filter((id) => !rules.values!.includes(id)).map((id) => `${d.name}.${f.source}: ${id}`) : []));
  expect(unknown).toEqual([]);
});

test('a field naming another table\'s column names one that exists', () => {
  const missing = resources.flatMap((d) => d.fields.filter((f) => f.column).flatMap((f) => columnsOf(d, f)
    .filter((c) => !tableRules[c.split('.')[0]]?.[c.split('.')[1]]).map((c) => `${d.name}.${f.source} -> ${c}`)));
  expect(missing).toEqual([]);
});
