/**
 * Gatsby's GraphQL types, generated from zod schemas (zod v4), so a content field is declared
 * once: in its document's zod schema (supabase/functions/_shared/content-schema/). gatsby-node.ts
 * passes the SDL this returns to `createTypes` (the node types are listed in contentNodes.ts).
 *
 * Mapping: object -> a GraphQL object type; array -> [T!]; optional / nullable / nullish /
 * default -> a nullable field (else `!`); string, enum and string literal -> String; an integer
 * number (`.int()`) -> Int, another number -> Float; boolean -> Boolean; an ISO date string
 * (`z.iso.date()`) -> `Date @dateformat`; record -> JSON. A schema listed in `scalars` maps to the
 * field type given there (an image path -> `File @fileByRelativePath`). Unions, tuples and the
 * like have no GraphQL field type here: they fail with the path of the field.
 *
 * A nested object type is named, in this order: by its registry id (`.meta({ id: 'HomeCards' })`),
 * by the name given in `names` (the exports of content-schema/shared.ts: `Cta`, `PageSeo`, ...), or
 * after its path (`CartPage` + `summary` -> `CartPageSummary`). One schema object is one type,
 * however many fields use it.
 */
/**
 * A zod v4 schema, read only through what every copy of zod v4 has (the content schemas may load
 * supabase/'s own copy, the site the root one): `_zod.def` (its kind and parts) and `meta()`.
 */
export type Schema = object;

/** A node type: its name and the zod schema of its fields. */
export interface NodeTypeSource {
  type: string;
  schema: Schema;
}

export interface GraphqlOptions {
  /** Names of shared object schemas (schema object -> type name). */
  names?: Map<Schema, string>;
  /** Field types of particular schemas (schema object -> SDL field type, without `!`). */
  scalars?: Map<Schema, string>;
}

interface Def {
  type: string;
  innerType?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  values?: unknown[];
  format?: string;
  checks?: { _zod: { def: { format?: string } } }[];
  in?: Schema;
}
interface ZodLike {
  _zod: { def: Def };
  meta(): { id?: string } | undefined;
}
const defOf = (schema: Schema) => (schema as ZodLike)._zod.def;
/** z.number().int() (format safeint, or an int check) and z.int(). */
const isInt = (def: Def) => def.format === 'safeint' || def.format === 'int32' || !!def.checks?.some((c) => /int/.test(c._zod.def.format ?? ''));

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** GraphQL SDL of the node types (`implements Node @dontInfer`) and every object type they use. */
export function graphqlTypeDefs(nodes: NodeTypeSource[], options: GraphqlOptions = {}): string {
  const names = options.names ?? new Map<Schema, string>();
  const scalars = options.scalars ?? new Map<Schema, string>();
  const named = new Map<Schema, string>(); // object schema -> its type
  const used = new Map<string, Schema>(); // type name -> its object schema
  const blocks: string[] = [];

  const claim = (name: string, schema: Schema, where: string) => {
    const other = used.get(name);
    if (other && other !== schema) throw new Error(`${where}: the type name ${name} is already taken by another schema`);
    used.set(name, schema);
    named.set(schema, name);
  };

  /** The SDL field type of a schema ('String!', '[Cta!]', ...). */
  const fieldType = (schema: Schema, path: string, typeName: string): string => {
    let nullable = false;
    let current = schema;
    for (;;) {
      const def = defOf(current);
      if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'prefault' || def.type === 'catch') {
        nullable = true;
        current = def.innerType!;
      } else if (def.type === 'pipe') {
        current = def.in!;
      } else if (def.type === 'readonly') {
        current = def.innerType!;
      } else break;
    }
    // A directive (`File @link`, `Date @dateformat`) follows the `!`.
    const [type, ...directives] = baseType(current, path, typeName).split(' ');
    return [`${type}${nullable ? '' : '!'}`, ...directives].join(' ');
  };

  const baseType = (schema: Schema, path: string, typeName: string): string => {
    const scalar = scalars.get(schema);
    if (scalar) return scalar;
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
      case 'enum':
        return def.format === 'date' ? 'Date @dateformat' : 'String';
      case 'number':
        return isInt(def) ? 'Int' : 'Float';
      case 'int':
        return 'Int';
      case 'boolean':
        return 'Boolean';
      case 'record':
        return 'JSON';
      case 'literal': {
        const kinds = new Set(def.values!.map((value) => typeof value));
        if (kinds.size === 1 && kinds.has('string')) return 'String';
        if (kinds.size === 1 && kinds.has('boolean')) return 'Boolean';
        if (kinds.size === 1 && kinds.has('number')) return def.values!.every(Number.isInteger) ? 'Int' : 'Float';
        throw new Error(`${path}: a literal of mixed types has no GraphQL type`);
      }
      case 'array': {
        const [type, ...directives] = fieldType(def.element!, `${path}[]`, typeName).split(' ');
        return [`[${type}]`, ...directives].join(' ');
      }
      case 'object':
        return objectType(schema, typeName, path);
      default:
        throw new Error(`${path}: a zod ${def.type} has no GraphQL type (use an object, array, string, number, boolean, enum, literal or record)`);
    }
  };

  /** The name of an object schema's type, declaring it the first time. */
  const objectType = (schema: Schema, pathName: string, path: string, node = false): string => {
    const known = named.get(schema);
    if (known) return known;
    // schema.meta() reads the registry of the schema's own zod copy (supabase/ may have its own).
    const registered = (schema as ZodLike).meta()?.id;
    const name = node ? pathName : (registered ?? names.get(schema) ?? pathName);
    claim(name, schema, path);
    const shape = defOf(schema).shape!;
    const fields = Object.entries(shape).map(([field, value]) =>
      `  ${field}: ${fieldType(value, `${path}.${field}`, `${name}${pascal(field)}`)}`);
    blocks.push(`type ${name}${node ? ' implements Node @dontInfer' : ''} {\n${fields.join('\n')}\n}`);
    return name;
  };

  for (const { type, schema } of nodes) {
    if (defOf(schema).type !== 'object') throw new Error(`${type}: a node type's schema must be an object`);
    if (named.has(schema)) throw new Error(`${type}: its schema is already the type ${named.get(schema)}`);
    objectType(schema, type, type, true);
  }
  return `${blocks.join('\n\n')}\n`;
}
