-- Buzz Haven: a table constraint is the one home of a rule, and its clear message lives in one
-- table keyed by the constraint's name (issue 23, item 2). Before, a bound such as "a name of 1 to
-- 200 characters" was a CHECK, again a line in the RPC's check function with the message, and again
-- in the admin's declaration. Now a resource may state the CHECK only, and
--
--   insert into buzz_haven.constraint_messages values ('bees_name_length', 'Name must be 1 to 200 characters');
--
-- makes a write that breaks it fail like PostgreSQL would (SQLSTATE 23514, HTTP 400 through
-- PostgREST) but with that message, and with PostgREST's `details` naming the column as JSON
-- ({"field": "name", "constraint": "bees_name_length"}), which the admin shows at that field
-- (admin/src/providers/rpcError.ts). A NOT NULL column is keyed '<table>_<column>_not_null' (the name
-- PostgreSQL 17 gives it; 23502). A constraint without a message fails as before, with PostgreSQL's
-- own text. buzz_haven.manage_resource (20251127080000) now attaches the check to its table too, and
-- it is attached here to every table that already called it.

create table buzz_haven.constraint_messages (
  constraint_name text primary key constraint constraint_messages_name_length check (char_length(constraint_name) <= 63),
  message text not null constraint constraint_messages_message_length check (char_length(message) between 1 and 300)
);
comment on table buzz_haven.constraint_messages is
  'The message a write breaking a constraint fails with, keyed by the constraint''s name (or <table>_<column>_not_null).';
alter table buzz_haven.constraint_messages enable row level security;
revoke all on buzz_haven.constraint_messages from public, anon, authenticated;

-- Before each insert or update: every CHECK of the table that has a message is evaluated on the new
-- row (a CHECK passes when true or null, as PostgreSQL's), then every NOT NULL column with a message.
-- The first broken one raises its message; the table's own constraints stay the rule.
create function buzz_haven.explain_constraints() returns trigger
language plpgsql
security definer -- reads buzz_haven.constraint_messages whoever writes
set search_path = ''
as $$
declare
  v record;
  v_ok boolean;
begin
  for v in
    select c.conname, m.message, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr,
      (select a.attname from pg_catalog.pg_attribute as a
       where a.attrelid = c.conrelid and a.attnum = c.conkey[1] and pg_catalog.array_length(c.conkey, 1) = 1) as field
    from pg_catalog.pg_constraint as c join buzz_haven.constraint_messages as m on m.constraint_name = c.conname
    where c.conrelid = tg_relid and c.contype = 'c'
    order by c.conname
  loop
    execute format('select %s from (select ($1::%s).*) as t', v.expr, tg_relid::regclass) into v_ok using new;
    if v_ok is false then
      raise exception using errcode = '23514', message = v.message,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
  for v in
    select a.attname as field, m.constraint_name, m.message
    from pg_catalog.pg_attribute as a
    join buzz_haven.constraint_messages as m on m.constraint_name = tg_table_name || '_' || a.attname || '_not_null'
    where a.attrelid = tg_relid and a.attnotnull and a.attnum > 0 and not a.attisdropped
  loop
    if pg_catalog.to_jsonb(new) -> v.field = 'null'::jsonb then
      raise exception using errcode = '23502', message = v.message,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.constraint_name)::text;
    end if;
  end loop;
  return new;
end;
$$;
revoke all on function buzz_haven.explain_constraints() from public, anon, authenticated;

create function buzz_haven.explain_constraints_of(p_table regclass) returns void
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_trigger as t
                 where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure) then
    execute format('create trigger %I before insert or update on %s for each row execute function buzz_haven.explain_constraints()',
      (select c.relname from pg_catalog.pg_class as c where c.oid = p_table) || '_explain_constraints', p_table);
  end if;
end;
$$;
revoke all on function buzz_haven.explain_constraints_of(regclass) from public, anon, authenticated;

-- manage_resource as in 20251127080000, plus the constraint messages.
create or replace function buzz_haven.manage_resource(
  p_table regclass,
  p_noun text,
  p_title_column text,
  p_second_factor_deletes boolean default true
) returns void
language plpgsql
set search_path = ''
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

  if exists (select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'updated_at' and not a.attisdropped)
    and not exists (select 1 from pg_catalog.pg_trigger as t where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.set_updated_at()'::regprocedure)
  then
    execute format('create trigger %I before update on %s for each row execute function buzz_haven.set_updated_at()',
      v_name || '_set_updated_at', p_table);
  end if;

  for v_trigger in
    select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.log_activity()'::regprocedure
  loop
    execute format('drop trigger %I on %s', v_trigger, p_table);
  end loop;
  execute format(
    'create trigger %I after insert or update or delete on %s for each row execute function buzz_haven.log_activity(%L, %L)',
    v_name || '_log_activity', p_table, btrim(p_noun), p_title_column);

  perform buzz_haven.explain_constraints_of(p_table);

  if p_second_factor_deletes then
    perform buzz_haven.require_second_factor_for_deletes(p_table);
  end if;
end;
$$;

-- The tables that called it (they have no messages yet, so they fail as before).
select buzz_haven.explain_constraints_of(t.tgrelid::regclass)
from pg_catalog.pg_trigger as t
join pg_catalog.pg_class as c on c.oid = t.tgrelid
join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
where n.nspname = 'buzz_haven' and t.tgfoid = 'buzz_haven.log_activity()'::regprocedure;
