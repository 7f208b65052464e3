/**
 * The zod schema of a resource's form, derived from its field declarations: the rules
 * (required, URL) and messages live in the declaration, the bounds, choices and formats (with
 * their constraint_messages words) in the table's CHECKs (crud/tableRules.ts).
 * Empty inputs ('' or null) become null, or the declared default (a price of 0).
 */
import { z } from 'zod';
import type { FieldDeclaration, ResourceDeclaration } from './declaration';
import { withTableRules } from './tableRules';

const empty = (v: unknown) => v === '' || v === null || v === undefined;

/** The message of a broken rule: the declared one, else one generated from the label. */
export function messageFor(field: FieldDeclaration, rule: 'required' | 'min' | 'max' | 'whole' | 'invalid' | 'pattern'): string {
  if (rule === 'pattern') return field.patternMessage ?? `${field.label} is not valid`;
  const declared = field.messages?.[rule] ?? (rule === 'required' && typeof field.required === 'string' ? field.required : undefined);
  if (declared) return declared;
  const { label, min, max } = field;
  const text = ['text', 'longText', 'url', 'image'].includes(field.kind);
  switch (rule) {
    case 'required': return `${label} is required`;
    case 'max':
      if (text) return `${label} is too long (${max} characters at most)`;
      return min === undefined ? `${label} must be at most ${max}` : `${label} must be between ${min} and ${max}`;
    case 'min':
      if (max !== undefined) return `${label} must be between ${min} and ${max}`;
      return min === 0 ? `${label} must be positive` : `${label} must be at least ${min}`;
    case 'whole': return field.kind === 'money' ? `${label} must be a whole number of cents` : `${label} must be a whole number`;
    default: return field.kind === 'url' || field.kind === 'image' ? 'Must be a valid URL' : `${label} is not valid`;
  }
}

/** '' / null -> the default (or null); then the rule, nullable unless required. */
const orEmpty = (field: FieldDeclaration, rule: z.ZodType) => {
  const fallback = field.defaultValue ?? null;
  return z.preprocess(
    (v) => (empty(v) ? fallback : v),
    field.required ? rule : rule.nullable(),
  );
};

function numberRule(field: FieldDeclaration): z.ZodType {
  const invalid = field.min !== undefined ? messageFor(field, 'min') : messageFor(field, 'invalid');
  let rule = z.coerce.number({ error: invalid }).refine(Number.isFinite, invalid);
  if (field.min !== undefined) rule = rule.refine((n) => n >= field.min!, messageFor(field, 'min'));
  if (field.max !== undefined) rule = rule.refine((n) => n <= field.max!, messageFor(field, 'max'));
  const decimals = field.decimals ?? (field.kind === 'number' ? undefined : 0);
  if (decimals !== undefined) {
    const scale = 10 ** decimals;
    rule = rule.refine((n) => Math.abs(Math.round(n * scale) - n * scale) < 1e-9, messageFor(field, 'whole'));
  }
  return rule;
}

function textRule(field: FieldDeclaration): z.ZodType {
  const required = messageFor(field, 'required');
  let rule = z.string({ error: required }).trim();
  if (field.required) rule = rule.min(1, required);
  // counted in characters (code points) after trimming, like PostgreSQL's char_length in the CHECKs
  const max = field.max;
  if (max !== undefined) rule = rule.refine((s) => [...s].length <= max, messageFor(field, 'max'));
  const { pattern } = field;
  if (pattern !== undefined) {
    // the table's format, checked as the RPC will store the value (a batch code in capitals)
    const format = new RegExp(pattern, 'u');
    const stored = (s: string) => (field.upperCase ? s.toUpperCase() : s);
    rule = rule.refine((s) => s === '' || format.test(stored(s)), messageFor(field, 'pattern'));
  }
  if (field.kind !== 'url' && field.kind !== 'image') return rule;
  // http(s) only: a `javascript:` link stored here would run in the site's pages.
  return rule.pipe(z.url({ protocol: /^https?$/, error: messageFor(field, 'invalid') }));
}

/** The rule of one field (what its input may hold and what is sent). */
export function fieldRule(field: FieldDeclaration): z.ZodType {
  const required = messageFor(field, 'required');
  switch (field.kind) {
    case 'money':
    case 'integer':
    case 'number':
      // An empty required number says so (z.coerce.number would read null as 0 and pass).
      return orEmpty(field, field.required
        ? z.any().refine((v) => v !== null && v !== undefined, required).pipe(numberRule(field))
        : numberRule(field));
    case 'boolean':
      return z.preprocess((v) => (v === undefined ? (field.defaultValue ?? null) : v), field.required ? z.boolean() : z.boolean().nullable());
    case 'enum':
      return orEmpty(field, z.enum((field.choices ?? []).map((c) => c.id) as [string, ...string[]], { error: required }));
    case 'date':
      return orEmpty(field, z.string({ error: required }).regex(/^\d{4}-\d{2}-\d{2}$/, messageFor(field, 'invalid')));
    case 'dateTime':
      // DateTimeInput gives local 'YYYY-MM-DDTHH:mm': sent as an ISO instant.
      return orEmpty(
        field,
        // (no z.union: form resolvers report a union's first inner message, not ours)
        z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.string({ error: required }))
          .transform((v) => new Date(v))
          .refine((d) => !Number.isNaN(d.getTime()), messageFor(field, 'invalid'))
          .transform((d) => d.toISOString()),
      );
    case 'reference':
      return orEmpty(field, z.string({ error: required }).min(1, required));
    default: {
      const rule = textRule(field);
      // A missing required text reports 'X is required', not zod's type error.
      return field.required
        ? z.preprocess((v) => (v == null ? '' : v), rule)
        : z.preprocess((v) => (empty(v) || (typeof v === 'string' && !v.trim()) ? null : v), rule.nullable()).optional();
    }
  }
}

/** The form schema: every form field's rule, then the declaration's cross-field rules. */
export function schemaFor(declared: Pick<ResourceDeclaration, 'fields' | 'validate'> & Partial<Pick<ResourceDeclaration, 'name' | 'table'>>): z.ZodType<Record<string, unknown>> {
  // A named declaration gets its table's bounds and choices (crud/tableRules.ts); bare fields are taken as they are.
  const declaration = declared.name ? withTableRules(declared as Pick<ResourceDeclaration, 'name' | 'table' | 'fields' | 'validate'>) : declared;
  const shape = Object.fromEntries(
    declaration.fields.filter((f) => f.form !== false).map((f) => [f.source, fieldRule(f)]),
  );
  const object = z.object(shape);
  const { validate } = declaration;
  if (!validate) return object;
  return object.superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(validate(values))) ctx.addIssue({ code: 'custom', path: [path], message });
  });
}
