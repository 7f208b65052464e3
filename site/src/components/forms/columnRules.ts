import { tableRules } from '../../generated/tableRules.generated';

/** The input bounds a column's CHECKs give, spread into an input or its inputProps. */
export interface ColumnBounds {
  maxLength?: number;
  min?: number;
  max?: number;
}

/**
 * A site form field's maxLength, min and max, read from the table's generated rules
 * (`npm run gen:rules`), so the form and the database hold one bound. An unknown column throws:
 * a typo must not leave a field unbounded.
 */
export function columnBounds(table: string, column: string): ColumnBounds {
  const rules = tableRules[table]?.[column];
  if (!rules) throw new Error(`No rules for ${table}.${column}: run npm run gen:rules, or add the table to SITE_FORM_TABLES`);
  const bounds: ColumnBounds = {};
  if (rules.maxLength !== undefined) bounds.maxLength = rules.maxLength;
  if (rules.min !== undefined) bounds.min = rules.min;
  if (rules.max !== undefined) bounds.max = rules.max;
  return bounds;
}

/** The values a column's CHECK allows, in its order (an enum). */
export function columnValues(table: string, column: string): readonly string[] {
  const values = tableRules[table]?.[column]?.values;
  if (!values) throw new Error(`No allowed values for ${table}.${column}`);
  return values;
}

/**
 * A choice field's options: each value its column's CHECK allows, in the CHECK's order, with the
 * words for it (keyed by the value in camelCase: on_site -> onSite). A value without words throws,
 * so a value added to the CHECK cannot reach the form unlabelled.
 */
export function columnChoices(table: string, column: string, words: Readonly<Record<string, string>>): [string, string][] {
  return columnValues(table, column).map((value) => {
    const key = value.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const label = words[key];
    if (label === undefined) throw new Error(`No words for ${table}.${column} = ${value} (${key})`);
    return [value, label];
  });
}
