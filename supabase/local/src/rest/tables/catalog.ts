/**
 * The schema cache of the table endpoints, as PostgREST's `SchemaCache.hs` builds it: the tables
 * and views of an exposed schema (columns, primary key), their foreign keys (relationships, with
 * many-to-many through a join table whose primary key holds both foreign keys, PostgREST
 * `SchemaCache.hs` `addM2MRels`), and functions taking a table's row (computed fields, and
 * computed relationships when they return rows of a table). Read once per schema and kept;
 * a request naming an unknown table reads the schema again (a migration may have added it).
 * Every name here comes from the catalog and is the only text the SQL builders splice in, quoted.
 */
import type { Queryable } from '../../db/types.js';

export interface Column {
  name: string;
  /** format_type() of the column: catalog text. */
  type: string;
  hasDefault: boolean;
  /** A default expression (pg_get_expr), spliced for `Prefer: missing=default`. */
  defaultExpr: string | null;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  pk: string[];
}

export interface ForeignKey {
  name: string;
  /** The referencing table and its columns. */
  table: string;
  columns: string[];
  /** The referenced table and its columns (in the same schema or another). */
  refSchema: string;
  refTable: string;
  refColumns: string[];
  /** Carried over to a view at either end (`viewForeignKeys`). */
  viaView?: boolean;
}

export interface ComputedFn {
  name: string;
  /** The table whose row the function takes. */
  table: string;
  /** format_type() of what it returns. */
  returns: string;
  /**
   * When it returns rows of a table of the schema: that table; `returnsSet` tells one or many
   * (`setof … rows 1` is to-one, as PostgREST's computed relationships read `prorows`).
   */
  returnsTable: string | null;
  returnsSet: boolean;
}

export interface SchemaCache {
  schema: string;
  tables: Map<string, Table>;
  fks: ForeignKey[];
  computed: ComputedFn[];
}

const TABLES_SQL = `
  select c.relname as name, c.relkind in ('v', 'm') as is_view,
         coalesce((select json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod),
                          d.adbin is not null or a.attidentity <> '', pg_get_expr(d.adbin, d.adrelid)) order by a.attnum)
                     from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
         coalesce((select json_agg(a.attname order by k.i)
                     from pg_constraint p, unnest(p.conkey) with ordinality k(num, i)
                     join pg_attribute a on a.attnum = k.num
                    where p.conrelid = c.oid and p.contype = 'p' and a.attrelid = c.oid), '[]') as pk
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition`;

const FKS_SQL = `
  select f.conname as name, c.relname as table, rn.nspname as ref_schema, r.relname as ref_table,
         (select json_agg(a.attname order by k.i) from unnest(f.conkey) with ordinality k(num, i)
            join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.num) as columns,
         (select json_agg(a.attname order by k.i) from unnest(f.confkey) with ordinality k(num, i)
            join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.num) as ref_columns
    from pg_constraint f
    join pg_class c on c.oid = f.conrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_class r on r.oid = f.confrelid join pg_namespace rn on rn.oid = r.relnamespace
   where f.contype = 'f' and n.nspname = $1 and f.conparentid = 0
   order by c.relname, f.conname`;

const COMPUTED_SQL = `
  select p.proname as name, t.relname as table, format_type(p.prorettype, null) as returns,
         rt.relname as returns_table, p.proretset and p.prorows <> 1 as returns_set
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    join pg_type ty on ty.oid = p.proargtypes[0]
    join pg_class t on t.oid = ty.typrelid
    left join pg_type rty on rty.oid = p.prorettype
    left join pg_class rt on rt.oid = rty.typrelid and rt.relnamespace = n.oid
   where n.nspname = $1 and p.prokind = 'f' and p.pronargs = 1 and t.relnamespace = n.oid`;

/**
 * View columns that show a base table's column under the same name (pg_depend of the view's
 * rewrite rule), so foreign keys carry over to views as PostgREST's view relationships do
 * (SchemaCache.hs `addViewRelationships`; here approximated by column name, not the query tree).
 */
const VIEW_COLUMNS_SQL = `
  select distinct v.relname as view, t.relname as table, a.attname as column
    from pg_rewrite r join pg_class v on v.oid = r.ev_class
    join pg_namespace n on n.oid = v.relnamespace
    join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
    join pg_class t on t.oid = d.refobjid and t.relkind in ('r', 'p') and t.relnamespace = v.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    join pg_attribute va on va.attrelid = v.oid and va.attname = a.attname and not va.attisdropped
   where v.relkind in ('v', 'm') and n.nspname = $1`;

/** Each foreign key once more for every view that shows all of its columns (either end). */
function viewForeignKeys(fks: ForeignKey[], schema: string, shown: Array<{ view: string; table: string; column: string }>): ForeignKey[] {
  const views = new Map<string, Array<{ view: string; columns: Set<string> }>>();
  for (const row of shown) {
    const list = views.get(row.table) ?? [];
    let entry = list.find((e) => e.view === row.view);
    if (!entry) list.push((entry = { view: row.view, columns: new Set() }));
    entry.columns.add(row.column);
    views.set(row.table, list);
  }
  const ends = (table: string, cols: string[]) =>
    [table, ...(views.get(table) ?? []).filter((v) => cols.every((c) => v.columns.has(c))).map((v) => v.view)];
  const out: ForeignKey[] = [];
  for (const fk of fks.filter((f) => f.refSchema === schema)) {
    for (const from of ends(fk.table, fk.columns)) {
      for (const to of ends(fk.refTable, fk.refColumns)) {
        if (from !== fk.table || to !== fk.refTable) out.push({ ...fk, table: from, refTable: to, viaView: true });
      }
    }
  }
  return out;
}

type Json<T> = T | string;
const json = <T>(v: Json<T>): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export class TableCatalog {
  private readonly cache = new Map<string, Promise<SchemaCache>>();

  constructor(private readonly db: Queryable) {}

  schema(schema: string, reload = false): Promise<SchemaCache> {
    let entry = reload ? undefined : this.cache.get(schema);
    if (!entry) {
      entry = this.read(schema);
      this.cache.set(schema, entry);
      entry.catch(() => this.cache.delete(schema));
    }
    return entry;
  }

  private async read(schema: string): Promise<SchemaCache> {
    const [tables, fks, computed, viewColumns] = await Promise.all([
      this.db.query<{ name: string; is_view: boolean; columns: Json<Array<[string, string, boolean, string | null]>>; pk: Json<string[]> }>(TABLES_SQL, [schema]),
      this.db.query<{ name: string; table: string; ref_schema: string; ref_table: string; columns: Json<string[]>; ref_columns: Json<string[]> }>(FKS_SQL, [schema]),
      this.db.query<{ name: string; table: string; returns: string; returns_table: string | null; returns_set: boolean }>(COMPUTED_SQL, [schema]),
      this.db.query<{ view: string; table: string; column: string }>(VIEW_COLUMNS_SQL, [schema]),
    ]);
    const out: SchemaCache = { schema, tables: new Map(), fks: [], computed: [] };
    for (const t of tables.rows) {
      const columns = new Map(json(t.columns).map(([name, type, hasDefault, defaultExpr]) => [name, { name, type, hasDefault, defaultExpr }]));
      out.tables.set(t.name, { schema, name: t.name, isView: t.is_view, columns, pk: json(t.pk) });
    }
    for (const f of fks.rows) {
      out.fks.push({ name: f.name, table: f.table, columns: json(f.columns), refSchema: f.ref_schema, refTable: f.ref_table, refColumns: json(f.ref_columns) });
    }
    out.fks.push(...viewForeignKeys(out.fks, schema, viewColumns.rows));
    out.computed = computed.rows.map((c) => ({ name: c.name, table: c.table, returns: c.returns, returnsTable: c.returns_table, returnsSet: c.returns_set }));
    return out;
  }
}
