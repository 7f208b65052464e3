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
