-- Buzz Haven: the dashboard's Content count counts each document once, whichever name it is asked by.

set check_function_bodies = false;

CREATE OR REPLACE FUNCTION public.count_table_rows (
  table_name  text,
  schema_name text DEFAULT 'buzz_haven'::text
)
  RETURNS integer
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_table text;
  v_count integer;
begin
  perform buzz_haven.require_role();
  select c.relname into v_table
  from pg_catalog.pg_class as c
  join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  where n.nspname = 'buzz_haven'
    and n.nspname = count_table_rows.schema_name
    and c.relname = case when count_table_rows.table_name = 'content' then 'content_documents'
      else count_table_rows.table_name end
    and c.relkind in ('r', 'p');
  if v_table is null then
    raise exception 'Unknown table' using errcode = '22023';
  end if;
  -- the content documents count once each (their English rows), not once per language
  execute format('select count(*)::integer from %I.%I%s', 'buzz_haven', v_table,
    case when v_table = 'content_documents' then ' where locale = ''en''' else '' end) into v_count;
  return v_count;
end;
$function$;
