-- Buzz Haven: the dashboard's Content card counts the site's content documents (issue 9). The
-- spec's dashboard asks count_table_rows for 'content'; since the Content section manages
-- buzz_haven.content_documents (one per page or catalogue group), that name now counts those. The
-- earlier buzz_haven.content table (never used by a screen) is no longer counted.
create or replace function public.count_table_rows(table_name text, schema_name text default 'buzz_haven')
returns integer
language plpgsql
stable
security definer -- reads buzz_haven tables the caller has no grant on
set search_path = ''
as $$
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
  execute format('select count(*)::integer from %I.%I', 'buzz_haven', v_table) into v_count;
  return v_count;
end;
$$;
