/**
 * Form values -> the RPC's named arguments, by the managed resources' convention
 * (manage_resource and the per-table RPCs in supabase/migrations):
 * - create: every form field as `p_<field>` (null lets the RPC apply its default);
 * - update: only the fields that changed; a null argument keeps a value, so a field emptied in
 *   the form is named in `p_clear` instead.
 */
import type { FieldDeclaration } from './declaration';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** Equal as the database sees them: instants by time, numbers by value, blanks alike. */
export function sameValue(field: FieldDeclaration | undefined, a: unknown, b: unknown): boolean {
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (field?.kind === 'dateTime') return new Date(a as string).getTime() === new Date(b as string).getTime();
  if (field && ['money', 'integer', 'number'].includes(field.kind)) return Number(a) === Number(b);
  return a === b;
}

/** The default `toArgs` of a declaration with `fields`. */
export function fieldsToArgs(fields: FieldDeclaration[]) {
  const editable = fields.filter((f) => f.form !== false);
  return (data: Record<string, unknown>, mode: 'create' | 'update', previous: Record<string, unknown> = {}) => {
    const args: Record<string, unknown> = {};
    const clear: string[] = [];
    for (const field of editable) {
      const value = data[field.source];
      if (value === undefined) continue;
      if (mode === 'update' && sameValue(field, value, previous[field.source])) continue;
      if (mode === 'update' && blank(value)) clear.push(field.source);
      else args[`p_${field.source}`] = blank(value) ? null : value;
    }
    if (clear.length) args.p_clear = clear;
    return args;
  };
}
