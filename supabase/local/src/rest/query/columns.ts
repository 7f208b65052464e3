/**
 * What a function returns, for the query grammar: its result columns (names and types, from
 * pg_attribute of the returned composite type or from its OUT/TABLE parameters) and the alias
 * PostgREST gives its result in SQL (`SchemaCache.hs` funcs query: the returned table's name, the
 * type name `record` for OUT/TABLE columns, else the function's name; `Plan.hs` callReadPlan).
 * Cached per FunctionInfo (the catalog replaces that object when it re-reads the function).
 */
import type { Queryable } from '../../db/types.js';
import type { FunctionInfo } from '../catalog.js';

export interface ResultShape {
  /** `rows`: composite results (setof or single); `scalar`: one value or a set of values. */
  kind: 'rows' | 'scalar';
  alias: string;
  /** Column name -> format_type() of its type; empty for scalars. */
  columns: Map<string, string>;
}

const SHAPE_SQL = `
  with f as (
    select p.* from pg_proc p
     where p.oid = to_regprocedure(format('%I.%I(%s)', $1::text, $2::text, $3::text))
  )
  select t.typtype = 'c' or coalesce(f.proargmodes::text[] && '{t,b,o}', false) as composite,
         coalesce(c.relname, t.typname) as alias,
         coalesce(
           (select json_agg(json_build_array(a.name, format_type(a.type, null)) order by a.i)
              from unnest(f.proargnames, f.proargmodes::text[], f.proallargtypes::oid[])
                   with ordinality as a(name, mode, type, i)
             where a.mode in ('t', 'b', 'o')),
           (select json_agg(json_build_array(att.attname, format_type(att.atttypid, att.atttypmod)) order by att.attnum)
              from pg_attribute att
             where att.attrelid = t.typrelid and att.attnum > 0 and not att.attisdropped),
           '[]') as columns
    from f join pg_type t on t.oid = f.prorettype
    left join pg_class c on c.oid = t.typrelid`;

const shapes = new WeakMap<FunctionInfo, Promise<ResultShape>>();

async function readShape(db: Queryable, fn: FunctionInfo): Promise<ResultShape> {
  const { rows } = await db.query<{ composite: boolean; alias: string; columns: Array<[string, string]> | string }>(
    SHAPE_SQL, [fn.schema, fn.name, fn.args.map((a) => a.type).join(', ')],
  );
  const row = rows[0];
  if (!row || !row.composite) return { kind: 'scalar', alias: fn.name, columns: new Map() };
  const columns = typeof row.columns === 'string' ? (JSON.parse(row.columns) as Array<[string, string]>) : row.columns;
  return { kind: 'rows', alias: row.alias, columns: new Map(columns) };
}

export function resultShape(db: Queryable, fn: FunctionInfo): Promise<ResultShape> {
  let shape = shapes.get(fn);
  if (!shape) {
    shape = readShape(db, fn);
    shapes.set(fn, shape);
    shape.catch(() => shapes.delete(fn));
  }
  return shape;
}
