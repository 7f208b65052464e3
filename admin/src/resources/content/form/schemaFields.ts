/**
 * A content document's zod schema (supabase/functions/_shared/content-schema/) read as a tree of form fields: objects become
 * groups, arrays lists of items, and every other value one field of the back office's one field
 * model (crud/declaration.ts's FieldDeclaration: text/longText, integer/number with its bounds,
 * boolean, enum with its choices), which crud/FieldInput.tsx renders, as it renders a resource's
 * form. The form (SchemaInputs.tsx) lays out the tree; the rules and their messages stay in the schema, which
 * validates the form through zodResolver. Works on any zod 4 instance (the schemas may come from
 * another copy of zod than the admin's): it reads `_zod.def` and the classic getters only.
 */
import type { FieldDeclaration } from '../../../crud/declaration';
import { labelFromKey } from './labelFromKey';

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: unknown[];
  getter?: () => unknown;
}
interface ZodLike {
  _zod: { def: Def };
  meta?: () => Record<string, unknown> | undefined;
  description?: string;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
}

interface Common {
  /** The key in its object ('' for the items of a list of plain values). */
  key: string;
  label: string;
  /** False when the schema accepts null/undefined (an optional field). */
  required: boolean;
}
/** One value of the document: a field of the one field model (`source` = its key). */
export type FormField = Common & FieldDeclaration & { required: boolean };
export type FormNode =
  | FormField
  | (Common & { kind: 'object'; children: FormNode[] })
  | (Common & { kind: 'array'; item: FormNode })
  | (Common & { kind: 'unsupported'; type: string });

const OPTIONAL = new Set(['optional', 'nullable', 'default', 'prefault', 'catch']);
const WRAPPERS = new Set([...OPTIONAL, 'readonly', 'nonoptional']);

/** Keys that hold sentences rather than a word or a title: shown as multi-line inputs. */
const LONG_TEXT = /(^|[a-z])(text|intro|description|summary|answer|quote|paragraphs?|body|message|outro|story|bio|notes?|alt)$/i;

const isZod = (schema: unknown): schema is ZodLike =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

/** The schema under optional/nullable/default/pipe wrappers, and whether a value may be missing. */
function unwrap(schema: ZodLike): { inner: ZodLike; optional: boolean; meta: Record<string, unknown> } {
  let inner = schema;
  let optional = false;
  const meta: Record<string, unknown> = {};
  for (let depth = 0; depth < 20; depth += 1) {
    // The outermost title/description wins (set with .meta() or .describe() on any wrapper).
    for (const [name, value] of Object.entries({ description: inner.description, ...(inner.meta?.() ?? {}) })) {
      if (value !== undefined && !(name in meta)) meta[name] = value;
    }
    const { def } = inner._zod;
    if (WRAPPERS.has(def.type) && isZod(def.innerType)) {
      if (OPTIONAL.has(def.type)) optional = true;
      inner = def.innerType;
    } else if (def.type === 'pipe' && isZod(def.in) && isZod(def.out)) {
      // z.preprocess(fn, s) is pipe(transform, s); s.transform(fn) is pipe(s, transform).
      inner = def.in._zod.def.type === 'transform' ? def.out : def.in;
    } else if (def.type === 'lazy' && def.getter) {
      const target = def.getter();
      if (!isZod(target)) break;
      inner = target;
    } else break;
  }
  return { inner, optional, meta };
}

/** The values of an enum, or of a union of literals. */
function enumValues(def: Def): string[] | null {
  if (def.type === 'enum' && def.entries) return Object.values(def.entries).map(String);
  if (def.type === 'literal' && def.values) return def.values.map(String);
  if (def.type === 'union' && def.options?.every((o) => isZod(o) && o._zod.def.type === 'literal')) {
    return (def.options as ZodLike[]).flatMap((o) => (o._zod.def.values ?? []).map(String));
  }
  return null;
}

/** The field without its undefined bounds (as the tree is compared and logged). */
const defined = (field: FormField): FormField =>
  Object.fromEntries(Object.entries(field).filter(([, v]) => v !== undefined)) as FormField;

const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

/** The form field of one key of an object schema (or of a list's items, key ''). */
export function nodeOf(key: string, schema: unknown, parentKey = ''): FormNode {
  if (!isZod(schema)) return { kind: 'unsupported', key, label: labelFromKey(key), required: false, type: typeof schema };
  const { inner, optional, meta } = unwrap(schema);
  const label = typeof meta.title === 'string' ? meta.title : labelFromKey(key || singular(parentKey));
  const common = { key, label, required: !optional };
  const field = { ...common, source: key };
  const { def } = inner._zod;
  const choices = enumValues(def);
  if (choices) return { ...field, kind: 'enum', choices: choices.map((id) => ({ id, name: id })) };
  switch (def.type) {
    case 'string': {
      const multiline = typeof meta.multiline === 'boolean' ? meta.multiline : LONG_TEXT.test(key || parentKey);
      return defined({ ...field, kind: multiline ? 'longText' : 'text', max: finite(inner.maxLength) });
    }
    case 'number':
      return defined({ ...field, kind: inner.isInt ? 'integer' : 'number', min: finite(inner.minValue), max: finite(inner.maxValue) });
    case 'boolean':
      return { ...field, kind: 'boolean' };
    case 'object':
      return { ...common, kind: 'object', children: objectNodes(inner) };
    case 'array':
      return { ...common, kind: 'array', item: nodeOf('', def.element, key) };
    default:
      return { ...common, kind: 'unsupported', type: def.type };
  }
}

/** The fields of an object schema, in the schema's key order. */
export function objectNodes(schema: unknown): FormNode[] {
  if (!isZod(schema)) return [];
  const { inner } = unwrap(schema);
  const shape = inner._zod.def.shape ?? {};
  return Object.entries(shape).map(([key, child]) => nodeOf(key, child));
}

/** 'items' -> 'item', 'ctas' -> 'cta', 'giftMonths' -> 'giftMonth': the label of one list item. */
function singular(key: string): string {
  if (/ies$/.test(key)) return key.replace(/ies$/, 'y');
  if (/[^s]s$/.test(key)) return key.slice(0, -1);
  return key;
}

/**
 * `value` with its objects' keys in the schema's order (then any key the schema does not name).
 * Documents come back from jsonb with their keys sorted by jsonb, not as the page reads them.
 */
export function inSchemaOrder(nodes: FormNode[], value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const known = new Set(nodes.map((n) => n.key));
  const ordered: Record<string, unknown> = {};
  for (const node of nodes) {
    if (node.key in source) ordered[node.key] = orderNode(node, source[node.key]);
  }
  for (const [key, child] of Object.entries(source)) if (!known.has(key)) ordered[key] = child;
  return ordered;
}

function orderNode(node: FormNode, value: unknown): unknown {
  if (node.kind === 'object') return inSchemaOrder(node.children, value);
  if (node.kind === 'array' && Array.isArray(value)) return value.map((item) => orderNode(node.item, item));
  return value;
}
