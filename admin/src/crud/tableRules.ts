/**
 * The tables' column rules (tableRules.generated.ts, written by `npm run gen:rules` from the
 * migrations' CHECK constraints) applied to a declaration's fields: an enum's choices are the
 * table's values in the CHECK's order, named by the declaration's `choiceNames` (a value without
 * a name is allowed by the table but not offered in the menus); a number's min/max and a text's
 * length bound and a text's format (with its constraint_messages words) are the table's. A declaration holds words only; a bound written in it is one the
 * table does not hold (a computed column's), and tableRules.test.ts fails on a copy.
 */
import type { Choice, ChoiceName, FieldDeclaration, ResourceDeclaration } from './declaration';
import { tableOf } from './declaration';
import { tableRules } from './tableRules.generated';

export interface ColumnRules {
  /** An enum's values, in the CHECK's order. */
  values?: readonly string[];
  /** A number's bounds. */
  min?: number;
  max?: number;
  /** A text's length bound in characters. */
  maxLength?: number;
  /** A text's format (a regular expression) and its constraint's words. */
  pattern?: string;
  patternMessage?: string;
  /** NOT NULL without a default. */
  required?: boolean;
}
export type TableRules = Record<string, Record<string, ColumnRules>>;

const TEXT_KINDS = new Set(['text', 'longText', 'url', 'image']);
export const isTextKind = (field: Pick<FieldDeclaration, 'kind'>) => TEXT_KINDS.has(field.kind);

/** The `table.column`s a field's rules are read from (its `column`, else `source` in the declaration's table). */
export function columnsOf(declaration: Pick<ResourceDeclaration, 'name' | 'table'>, field: FieldDeclaration): string[] {
  if (field.column === false) return [];
  const named = field.column ?? `${tableOf(declaration as ResourceDeclaration)}.${field.source}`;
  return Array.isArray(named) ? named : [named];
}

/** The rules of a field's column(s): several columns' values are joined in order (a list of two tables' rows). */
export function rulesOf(declaration: Pick<ResourceDeclaration, 'name' | 'table'>, field: FieldDeclaration, rules: TableRules = tableRules): ColumnRules | undefined {
  const found = columnsOf(declaration, field).map((qualified) => {
    const [table, column] = qualified.split('.');
    return rules[table]?.[column];
  }).filter((r): r is ColumnRules => r !== undefined);
  if (!found.length) return undefined;
  const values = found.some((r) => r.values) ? [...new Set(found.flatMap((r) => r.values ?? []))] : undefined;
  return { ...found[0], values };
}

/** One field with its table's rules: the declaration's own bound (a computed column's) wins. */
export function withColumnRules(field: FieldDeclaration, rules: ColumnRules | undefined): FieldDeclaration {
  const names = field.choiceNames;
  const resolved: FieldDeclaration = { ...field };
  if (rules) {
    if (TEXT_KINDS.has(field.kind)) {
      resolved.max ??= rules.maxLength;
      // a format without its constraint's words is left to the RPC, whose message says what it wants
      if (rules.pattern !== undefined && rules.patternMessage !== undefined && resolved.pattern === undefined) {
        resolved.pattern = rules.pattern;
        resolved.patternMessage = rules.patternMessage;
      }
    } else if (field.kind !== 'enum') {
      resolved.min ??= rules.min;
      resolved.max ??= rules.max;
    }
  }
  if (names) {
    const word = (id: string): Choice => {
      const w = names[id];
      return typeof w === 'string' ? { id, name: w } : { id, ...w };
    };
    const ids = rules?.values ? rules.values.filter((id) => id in names) : Object.keys(names);
    resolved.choices = ids.map(word);
  } else if (rules?.values && field.kind === 'enum') {
    resolved.choices = rules.values.map((id) => ({ id, name: id }));
  }
  return resolved;
}

const resolvedOnce = new WeakMap<object, ResourceDeclaration>();

/** The declaration with every field's table rules (what the generated views, filters and schema read). */
export function withTableRules<D extends Pick<ResourceDeclaration, 'name' | 'table' | 'fields'>>(declaration: D): D {
  const known = resolvedOnce.get(declaration);
  if (known) return known as unknown as D;
  const resolved = { ...declaration, fields: declaration.fields.map((f) => withColumnRules(f, rulesOf(declaration, f))) };
  resolvedOnce.set(declaration, resolved as unknown as ResourceDeclaration);
  resolvedOnce.set(resolved, resolved as unknown as ResourceDeclaration);
  return resolved;
}

/** One resolved field of a declaration, by source. */
export const fieldOf = (declaration: Pick<ResourceDeclaration, 'name' | 'table' | 'fields'>, source: string): FieldDeclaration => {
  const field = withTableRules(declaration).fields.find((f) => f.source === source);
  if (!field) throw new Error(`No field '${source}' in ${declaration.name}`);
  return field;
};

/** The choices of `table.column` named by `names` (for a view of its own, e.g. a row of toggle buttons). */
export function choicesOf(column: string, names: Record<string, ChoiceName>): Choice[] {
  const field: FieldDeclaration = { source: column, kind: 'enum', label: column, column, choiceNames: names };
  return withColumnRules(field, rulesOf({ name: column }, field)).choices ?? [];
}
