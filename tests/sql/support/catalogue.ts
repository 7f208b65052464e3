/**
 * A database's catalogue as one entry per object, keyed by kind and name, valued by everything
 * that defines it: two databases hold the same schema when their entries are equal. Lists whose
 * order is the order statements ran in, not meaning (ACL items, a policy's roles), are sorted;
 * a table's columns are one entry, in order. Rows count too: every row of the product's tables
 * (the rule tables a migration fills: constraint_messages, rate_limits, price tables...) and of
 * storage.buckets, less the columns a default fills with the time or a random value (ids, created_at).
 */
import type { Db } from '../../../supabase/local/src/db/index';

/** The migrator's own records differ by construction (one database never migrated). */
const SKIP_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;
const USER_NS = `n.nspname not in ${SKIP_SCHEMAS} and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast%'`;
/** An ACL in a stable order. */
const acl = (column: string) => `coalesce((select string_agg(a::text, ',' order by a::text) from unnest(${column}) as a), '-')`;
const NOT_FROM_EXTENSION = (oid: string) =>
  `not exists (select 1 from pg_depend as d where d.objid = ${oid} and d.deptype = 'e')`;

const QUERIES: string[] = [
  `select 'schema ' || n.nspname,
     concat_ws(' | ', pg_get_userbyid(n.nspowner), ${acl('n.nspacl')}, obj_description(n.oid, 'pg_namespace')) as value
   from pg_namespace as n where ${USER_NS}`,
  `select 'extension ' || e.extname, concat_ws(' | ', e.extversion, e.extnamespace::regnamespace::text) from pg_extension as e`,
  `select 'relation ' || c.oid::regclass::text,
     concat_ws(' | ', c.relkind, pg_get_userbyid(c.relowner), ${acl('c.relacl')}, c.relrowsecurity, c.relforcerowsecurity,
       c.relpersistence, c.relreplident, array_to_string(c.reloptions, ','), obj_description(c.oid, 'pg_class'))
   from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
   where ${USER_NS} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c') and ${NOT_FROM_EXTENSION('c.oid')}`,
  `select 'columns ' || c.oid::regclass::text,
     string_agg(concat_ws(' ', a.attname, format_type(a.atttypid, a.atttypmod), case when a.attnotnull then 'not null' end,
       'default ' || pg_get_expr(d.adbin, d.adrelid), nullif(a.attidentity, ''), nullif(a.attgenerated, ''),
       case when a.attcollation <> t.typcollation then a.attcollation::regcollation::text end,
       ${acl('a.attacl')}, col_description(c.oid, a.attnum)), E'\\n' order by a.attnum)
   from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
   join pg_attribute as a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   join pg_type as t on t.oid = a.atttypid
   left join pg_attrdef as d on d.adrelid = c.oid and d.adnum = a.attnum
   where ${USER_NS} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and ${NOT_FROM_EXTENSION('c.oid')}
   group by c.oid`,
  `select 'constraint ' || coalesce(k.conrelid::regclass::text, k.contypid::regtype::text) || '.' || k.conname,
     concat_ws(' | ', pg_get_constraintdef(k.oid), k.condeferrable, k.condeferred, obj_description(k.oid, 'pg_constraint'))
   from pg_constraint as k join pg_namespace as n on n.oid = k.connamespace where ${USER_NS}`,
  `select 'index ' || i.indexrelid::regclass::text, concat_ws(' | ', pg_get_indexdef(i.indexrelid),
     obj_description(i.indexrelid, 'pg_class'))
   from pg_index as i join pg_class as c on c.oid = i.indexrelid join pg_namespace as n on n.oid = c.relnamespace
   where ${USER_NS}`,
  `select 'view ' || c.oid::regclass::text, pg_get_viewdef(c.oid, true)
   from pg_class as c join pg_namespace as n on n.oid = c.relnamespace where ${USER_NS} and c.relkind in ('v', 'm')`,
  `select 'trigger ' || g.tgrelid::regclass::text || '.' || g.tgname,
     concat_ws(' | ', pg_get_triggerdef(g.oid), g.tgenabled, obj_description(g.oid, 'pg_trigger'))
   from pg_trigger as g join pg_class as c on c.oid = g.tgrelid join pg_namespace as n on n.oid = c.relnamespace
   where ${USER_NS} and not g.tgisinternal`,
  `select 'policy ' || p.polrelid::regclass::text || '.' || p.polname,
     concat_ws(' | ', p.polcmd, p.polpermissive,
       (select string_agg(case when r = 0 then 'public' else pg_get_userbyid(r) end, ',' order by 1) from unnest(p.polroles) as r),
       pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
   from pg_policy as p join pg_class as c on c.oid = p.polrelid join pg_namespace as n on n.oid = c.relnamespace
   where ${USER_NS}`,
  `select 'function ' || p.oid::regprocedure::text,
     concat_ws(' | ', pg_get_userbyid(p.proowner), ${acl('p.proacl')}, obj_description(p.oid, 'pg_proc'),
       case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) else p.prokind::text end)
   from pg_proc as p join pg_namespace as n on n.oid = p.pronamespace
   where ${USER_NS} and ${NOT_FROM_EXTENSION('p.oid')}`,
  `select 'type ' || t.oid::regtype::text,
     concat_ws(' | ', t.typtype, pg_get_userbyid(t.typowner), ${acl('t.typacl')}, obj_description(t.oid, 'pg_type'),
       (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum as e where e.enumtypid = t.oid),
       case when t.typtype = 'd' then concat_ws(' ', format_type(t.typbasetype, t.typtypmod), t.typnotnull, t.typdefault) end)
   from pg_type as t join pg_namespace as n on n.oid = t.typnamespace
   where ${USER_NS} and t.typtype in ('d', 'e') and ${NOT_FROM_EXTENSION('t.oid')}`,
  `select 'sequence ' || s.seqrelid::regclass::text,
     concat_ws(' ', format_type(s.seqtypid, null), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcycle)
   from pg_sequence as s`,
  `select 'default privileges ' || pg_get_userbyid(d.defaclrole) || ' ' || coalesce(d.defaclnamespace::regnamespace::text, '*')
     || ' ' || d.defaclobjtype::text, ${acl('d.defaclacl')}
   from pg_default_acl as d`,
  `select 'publication ' || p.pubname, concat_ws(' | ', p.puballtables, p.pubinsert, p.pubupdate, p.pubdelete,
     (select string_agg(r.prrelid::regclass::text, ',' order by 1) from pg_publication_rel as r where r.prpubid = p.oid))
   from pg_publication as p`,
  `select 'event trigger ' || e.evtname, concat_ws(' | ', e.evtevent, e.evtfoid::regproc::text, e.evtenabled, e.evttags::text)
   from pg_event_trigger as e`,
];

/**
 * Tables whose rows are compared (the product's, and the buckets a migration creates): the
 * columns compared, and the primary key's that name a row.
 */
const ROW_TABLES = `select c.oid::regclass::text as name,
    string_agg(quote_ident(a.attname), ', ' order by a.attnum)
      filter (where d.adbin is null or pg_get_expr(d.adbin, d.adrelid) !~* '(now|gen_random_uuid|random|clock_timestamp)\\(')
      as columns,
    string_agg(quote_ident(a.attname), ', ' order by a.attnum) filter (where a.attnum = any (k.indkey)) as key
  from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
  join pg_attribute as a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_attrdef as d on d.adrelid = c.oid and d.adnum = a.attnum
  left join pg_index as k on k.indrelid = c.oid and k.indisprimary
  where c.relkind in ('r', 'p') and (n.nspname like 'buzz\\_haven%' or c.oid = 'storage.buckets'::regclass)
  group by c.oid`;

/**
 * A row's key: its table and primary key, unless the key is a value the database made up (a
 * random id): then the row itself.
 */
const rowsSql = (name: string, columns: string, key: string | null) => {
  const named = key && key.split(', ').every((k) => columns.split(', ').includes(k));
  return `select 'row ${name.replace(/'/g, "''")} ' || ${named ? `row_to_json(k)::text` : 'row_to_json(t)::text'} as key,
      row_to_json(t)::text as value
    from (select ${columns} from ${name}) as t${named ? `, lateral (select ${key.split(', ').map((c) => `t.${c}`).join(', ')}) as k` : ''}`;
};

/**
 * Every object of the database (and the rows of its tables), by key. Read with an empty
 * search_path, so that every name is written with its schema.
 */
export function readCatalogue(db: Db): Promise<Map<string, string>> {
  return db.transaction(async (tx) => {
    await tx.exec("set local search_path = ''");
    const entries = new Map<string, string>();
    for (const sql of QUERIES) {
      const { rows } = await tx.query<{ key: string; value: string | null }>(
        `select key, value::text from (${sql}) as q (key, value)`);
      for (const row of rows) entries.set(row.key, row.value ?? '');
    }
    const tables = await tx.query<{ name: string; columns: string | null; key: string | null }>(ROW_TABLES);
    for (const { name, columns, key } of tables.rows) {
      if (!columns) continue;
      const { rows } = await tx.query<{ key: string; value: string }>(rowsSql(name, columns, key));
      for (const row of rows) entries.set(row.key, row.value);
    }
    return entries;
  });
}

/** Each object whose entries differ, named, with what each side holds (empty when equal). */
export function catalogueDifferences(left: Map<string, string>, right: Map<string, string>,
  names: [string, string] = ['migrations', 'schemas']): string[] {
  const keys = [...new Set([...left.keys(), ...right.keys()])].sort();
  return keys.filter((key) => left.get(key) !== right.get(key)).map((key) =>
    `${key}\n  ${names[0]}: ${left.get(key) ?? '(missing)'}\n  ${names[1]}: ${right.get(key) ?? '(missing)'}`);
}
