-- A table's triggers made in one place (keep_updated_at, manage_resource), and the small checks
-- the RPCs raise with: check_required, table_of, explain_row, refuse, check_found.
set check_function_bodies = false;

-- The one way a table keeps its updated_at: a before-update trigger, marked as made here, so that
-- a SQL test can refuse one made another way. manage_resource calls it for a resource's table;
-- a table the back office does not edit (written by webhooks, senders) calls it alone.
create function buzz_haven.keep_updated_at(variadic p_tables regclass[]) returns void
language plpgsql set search_path = ''
as $$
declare
  v_table regclass;
  v_name name;
  v_trigger name;
begin
  foreach v_table in array p_tables loop
    select c.relname into v_name
    from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
    where c.oid = v_table and c.relkind in ('r', 'p') and n.nspname = 'buzz_haven' and exists (
      select 1 from pg_catalog.pg_attribute as a where a.attrelid = c.oid and a.attname = 'updated_at' and not a.attisdropped);
    if not found then
      raise exception 'keep_updated_at: % is not a table in schema buzz_haven with a column updated_at', v_table
        using errcode = '22023';
    end if;
    for v_trigger in
      select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = v_table and t.tgfoid = 'buzz_haven.set_updated_at()'::regprocedure
    loop
      execute format('drop trigger %I on %s', v_trigger, v_table);
    end loop;
    execute format('create trigger %I before update on %s for each row execute function buzz_haven.set_updated_at()',
      v_name || '_set_updated_at', v_table);
    execute format('comment on trigger %I on %s is %L', v_name || '_set_updated_at', v_table, 'Made by buzz_haven.keep_updated_at');
  end loop;
end;
$$;
comment on function buzz_haven.keep_updated_at(regclass[]) is
  'Gives each buzz_haven table its updated_at trigger (the only way one is made).';
revoke all on function buzz_haven.keep_updated_at(regclass[]) from public, anon, authenticated;

-- A resource's table gets its updated_at, activity-log and second-factor delete triggers and the
-- constraint messages' check (buzz_haven.explain_constraints).
create or replace function buzz_haven.manage_resource(
  p_table regclass,
  p_noun text,
  p_title_column text,
  p_second_factor_deletes boolean default true
) returns void
language plpgsql set search_path = ''
as $$
declare
  v_schema name;
  v_name name;
  v_trigger name;
begin
  select n.nspname, c.relname into v_schema, v_name
  from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  where c.oid = p_table and c.relkind in ('r', 'p');
  if v_schema is distinct from 'buzz_haven' then
    raise exception 'manage_resource: % is not a table in schema buzz_haven', p_table using errcode = '22023';
  end if;
  if coalesce(btrim(p_noun), '') = '' then
    raise exception 'manage_resource: % needs a noun for its activity log', p_table using errcode = '22023';
  end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = p_title_column and a.attnum > 0 and not a.attisdropped
  ) or not exists (
    select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped
  ) then
    raise exception 'manage_resource: % needs a uuid column id and the title column %', p_table, coalesce(p_title_column, '(none)')
      using errcode = '22023';
  end if;

  if exists (select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'updated_at' and not a.attisdropped) then
    perform buzz_haven.keep_updated_at(p_table);
  end if;

  for v_trigger in
    select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.log_activity()'::regprocedure
  loop
    execute format('drop trigger %I on %s', v_trigger, p_table);
  end loop;
  execute format(
    'create trigger %I after insert or update or delete on %s for each row execute function buzz_haven.log_activity(%L, %L)',
    v_name || '_log_activity', p_table, btrim(p_noun), p_title_column);
  execute format('comment on trigger %I on %s is %L', v_name || '_log_activity', p_table, 'Made by buzz_haven.manage_resource');

  perform buzz_haven.explain_constraints_of(p_table);

  if p_second_factor_deletes then
    perform buzz_haven.require_second_factor_for_deletes(p_table);
  end if;
end;
$$;

comment on function buzz_haven.manage_resource(regclass, text, text, boolean) is
  'Gives a buzz_haven table its updated_at trigger, activity log (noun, title column) and second factor on deletes.';
revoke all on function buzz_haven.manage_resource(regclass, text, text, boolean) from public, anon, authenticated;

-- "<label> is required", as check_text(…, true) said it, without its length.
create function buzz_haven.check_required(p_value text, p_label text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if nullif(btrim(p_value), '') is null then
    raise exception '% is required', p_label using errcode = '22023';
  end if;
end;
$$;
revoke all on function buzz_haven.check_required(text, text) from public, anon, authenticated;

-- The table whose row type a value has (null::buzz_haven.<table> names one); 22023 for any other type.
create function buzz_haven.table_of(p_row anyelement) returns regclass
language plpgsql stable set search_path = ''
as $$
declare
  v_table regclass;
begin
  select c.oid into v_table from pg_catalog.pg_class as c where c.reltype = pg_catalog.pg_typeof(p_row)::oid;
  if v_table is null then
    raise exception '% is not a table''s row type', pg_catalog.pg_typeof(p_row) using errcode = '22023';
  end if;
  return v_table;
end;
$$;
revoke all on function buzz_haven.table_of(anyelement) from public, anon, authenticated;

-- A row of a buzz_haven table, not written: each CHECK of its table that has a message is evaluated
-- on it (a CHECK passes when true or null, as PostgreSQL's); the first broken one raises its message.
create function buzz_haven.explain_row(p_row anyelement) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
begin
  perform buzz_haven.explain_checks(v_table, p_row);
  perform buzz_haven.explain_foreign_keys(v_table, pg_catalog.to_jsonb(p_row));
end;
$$;
revoke all on function buzz_haven.explain_row(anyelement) from public, anon, authenticated;

-- Raises the message of rule p_rule (buzz_haven.constraint_messages in the request's language,
-- its %s filled with p_args).
create function buzz_haven.refuse(p_rule text, p_errcode text, p_args text[] default '{}') returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_message text := buzz_haven.rule_message(p_rule);
begin
  raise exception using errcode = p_errcode, message = format(coalesce(v_message, p_rule), variadic p_args);
end;
$$;
revoke all on function buzz_haven.refuse(text, text, text[]) from public, anon, authenticated;

-- Raises p_not_found as PT404 (PostgREST: 404) unless p_found: an RPC's check of FOUND (or of the
-- value it read) after the select or update that reads its row.
create function buzz_haven.check_found(p_found boolean, p_not_found text) returns void
language sql stable set search_path = ''
as $$ select case when p_found is not true then buzz_haven.refuse(p_not_found, 'PT404') end $$;
revoke all on function buzz_haven.check_found(boolean, text) from public, anon, authenticated;
