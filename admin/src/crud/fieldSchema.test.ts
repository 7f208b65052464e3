/** The schema derived from field declarations: every kind's rule and message, and cross-field rules. */
import type { FieldDeclaration } from './declaration';
import { fieldRule, schemaFor } from './fieldSchema';
import { fieldsToArgs } from './toArgs';

const issues = (field: FieldDeclaration, value: unknown) => {
  const result = schemaFor({ fields: [field] }).safeParse({ [field.source]: value });
  return result.success ? result.data[field.source] : { errors: result.error.issues.map((i) => i.message) };
};

test.each<[string, FieldDeclaration, unknown, unknown]>([
  ['text: trimmed', { source: 't', kind: 'text', label: 'Title', required: true, max: 5 }, ' Hi ', 'Hi'],
  ['text: required', { source: 't', kind: 'text', label: 'Title', required: true }, '  ', { errors: ['Title is required'] }],
  ['text: missing required', { source: 't', kind: 'text', label: 'Title', required: true }, undefined, { errors: ['Title is required'] }],
  ['text: length bound', { source: 't', kind: 'text', label: 'Title', max: 3 }, 'abcd', { errors: ['Title is too long (3 characters at most)'] }],
  ['text: optional empty is null', { source: 't', kind: 'text', label: 'Title' }, '', null],
  ['longText', { source: 'd', kind: 'longText', label: 'Notes', max: 5000 }, 'a\nb', 'a\nb'],
  ['url: http(s) only', { source: 'u', kind: 'url', label: 'Link' }, 'javascript:alert(1)', { errors: ['Must be a valid URL'] }],
  ['url: valid', { source: 'u', kind: 'url', label: 'Link' }, 'https://example.com/a', 'https://example.com/a'],
  ['image: a URL', { source: 'i', kind: 'image', label: 'Image' }, 'nope', { errors: ['Must be a valid URL'] }],
  ['money: coerced cents', { source: 'p', kind: 'money', label: 'Price', min: 0 }, '1500', 1500],
  ['money: empty is the default', { source: 'p', kind: 'money', label: 'Price', min: 0, defaultValue: 0 }, '', 0],
  ['money: whole cents', { source: 'p', kind: 'money', label: 'Price', min: 0 }, 12.5, { errors: ['Price must be a whole number of cents'] }],
  ['money: required and empty', { source: 'p', kind: 'money', label: 'Price', required: true, min: 0 }, '', { errors: ['Price is required'] }],
  ['integer: required and missing', { source: 'm', kind: 'integer', label: 'Months', required: true, min: 1 }, undefined, { errors: ['Months is required'] }],
  ['money: not negative', { source: 'p', kind: 'money', label: 'Price', min: 0 }, -1, { errors: ['Price must be positive'] }],
  ['integer: bounds', { source: 'c', kind: 'integer', label: 'Capacity', min: 1, max: 10 }, 11, { errors: ['Capacity must be between 1 and 10'] }],
  ['integer: empty optional is null', { source: 'c', kind: 'integer', label: 'Capacity', min: 1 }, '', null],
  ['integer: not a number', { source: 'c', kind: 'integer', label: 'Capacity', min: 1, max: 10 }, 'abc', { errors: ['Capacity must be between 1 and 10'] }],
  ['number: one decimal', { source: 'h', kind: 'number', label: 'Honey', min: 0, max: 1000, decimals: 1 }, 18.55, { errors: ['Honey must be a whole number'] }],
  ['number: ok', { source: 'h', kind: 'number', label: 'Honey', min: 0, max: 1000, decimals: 1 }, '18.5', 18.5],
  ['date: a calendar day', { source: 'd', kind: 'date', label: 'Date', required: 'Date is required' }, '2026-03-01', '2026-03-01'],
  ['date: required message', { source: 'd', kind: 'date', label: 'Date', required: 'Date is required' }, '', { errors: ['Date is required'] }],
  ['dateTime: local input -> ISO instant', { source: 's', kind: 'dateTime', label: 'Start' }, '2026-04-10T09:05', new Date('2026-04-10T09:05').toISOString()],
  ['dateTime: required message', { source: 's', kind: 'dateTime', label: 'Start', required: 'Start time is required' }, '', { errors: ['Start time is required'] }],
  ['dateTime: invalid', { source: 's', kind: 'dateTime', label: 'Start' }, 'soon', { errors: ['Start is not valid'] }],
  ['enum: a choice', { source: 's', kind: 'enum', label: 'Status', required: true, choices: [{ id: 'a', name: 'A' }] }, 'a', 'a'],
  ['enum: unknown value', { source: 's', kind: 'enum', label: 'Status', required: true, choices: [{ id: 'a', name: 'A' }] }, 'b', { errors: ['Status is required'] }],
  ['boolean', { source: 'b', kind: 'boolean', label: 'Public' }, true, true],
  ['reference: required', { source: 'r', kind: 'reference', reference: 'hives', label: 'Hive', required: 'Hive is required' }, null, { errors: ['Hive is required'] }],
])('%s', (_name, field, input, expected) => {
  expect(issues(field, input)).toEqual(expected);
});

test('cross-field rules (events: end after start) report on their field', () => {
  const schema = schemaFor({
    fields: [{ source: 'start', kind: 'dateTime', label: 'Start' }, { source: 'end', kind: 'dateTime', label: 'End' }],
    validate: (v): Record<string, string> => (v.end && v.start && String(v.end) <= String(v.start) ? { end: 'End must be after start' } : {}),
  });
  const result = schema.safeParse({ start: '2026-04-10T10:00', end: '2026-04-10T09:00' });
  expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['end', 'End must be after start']]);
});

test('fields outside the form are not validated', () => {
  expect(fieldRule({ source: 'x', kind: 'boolean', label: 'X', required: true }).safeParse(undefined).success).toBe(false);
  expect(schemaFor({ fields: [{ source: 'x', kind: 'boolean', label: 'X', required: true, form: false }] }).safeParse({}).success).toBe(true);
});

test('create sends every form field; update only changes, emptied ones in p_clear', () => {
  const toArgs = fieldsToArgs([
    { source: 'title', kind: 'text', label: 'Title' },
    { source: 'start', kind: 'dateTime', label: 'Start' },
    { source: 'capacity', kind: 'integer', label: 'Capacity' },
    { source: 'due', kind: 'boolean', label: 'Due', form: false },
  ]);
  expect(toArgs({ title: 'A', start: '2026-01-01T10:00:00.000Z', capacity: '', due: true }, 'create'))
    .toEqual({ p_title: 'A', p_start: '2026-01-01T10:00:00.000Z', p_capacity: null });
  const previous = { title: 'A', start: '2026-01-01T10:00:00+00:00', capacity: 5, due: true };
  expect(toArgs({ title: 'A', start: '2026-01-01T10:00:00.000Z', capacity: null }, 'update', previous)).toEqual({ p_clear: ['capacity'] });
  expect(toArgs({ title: 'B', capacity: '7' }, 'update', previous)).toEqual({ p_title: 'B', p_capacity: '7' });
});
