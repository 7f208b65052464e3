-- Buzz Haven: the neighbourhoods staff define. A harvest's neighbourhood is printed on its honey
-- labels and shown on /honey/<code>, so it is chosen from this list, never typed: a free-text
-- value such as "Secret Lane by the Lemon Tree" would publish where a hive stands. Owners and
-- admins keep the list (Neighbourhoods in the back office); a name is a neighbourhood's, with no
-- numbers. Renaming one renames it on every harvest (on update cascade); one in use cannot be
-- removed.
--
-- A foreign key may now have a constraint_messages row, as a CHECK has: a write naming a value its
-- table does not hold fails with that message at its field (23503, PostgREST's details naming it).

create table buzz_haven.neighbourhoods (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint neighbourhoods_name_unique unique
    constraint neighbourhoods_name_not_blank check (btrim(name) <> '')
    constraint neighbourhoods_name_length check (char_length(name) <= 100)
    constraint neighbourhoods_name_no_numbers check (name !~ '[0-9]'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.neighbourhoods is
  'The neighbourhoods harvests are placed in (a name, never an address); owners and admins keep the list.';
alter table buzz_haven.neighbourhoods enable row level security;
revoke all on buzz_haven.neighbourhoods from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.neighbourhoods', 'neighbourhood', 'name');

-- The foreign keys with a message: each one-column key of the table whose value is given and names
-- no row of the table it references raises its message. Called by explain_constraints (a write)
-- and explain_row (a row checked before it is written).
create function buzz_haven.explain_foreign_keys(p_table regclass, p_row jsonb) returns void
language plpgsql
stable
security definer -- reads buzz_haven.constraint_messages and the referenced table whoever writes
set search_path = ''
as $$
declare
  v record;
  v_found boolean;
begin
  for v in
    select c.conname, m.message, a.attname as field, c.confrelid::regclass as target, fa.attname as target_field,
      pg_catalog.format_type(fa.atttypid, fa.atttypmod) as target_type
    from pg_catalog.pg_constraint as c
    join buzz_haven.constraint_messages as m on m.constraint_name = c.conname
    join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_catalog.pg_attribute as fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
    where c.conrelid = p_table and c.contype = 'f' and pg_catalog.array_length(c.conkey, 1) = 1
    order by c.conname
  loop
    continue when p_row ->> v.field is null;
    execute format('select exists (select 1 from %s as t where t.%I = $1::%s)', v.target, v.target_field, v.target_type)
      into v_found using p_row ->> v.field;
    if not v_found then
      raise exception using errcode = '23503', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
end;
$$;
revoke all on function buzz_haven.explain_foreign_keys(regclass, jsonb) from public, anon, authenticated;

-- As before (the CHECKs, then the NOT NULL columns, with their messages), then the foreign keys.
create or replace function buzz_haven.explain_constraints() returns trigger
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
      raise exception using errcode = '23514', message = v.message, constraint = v.conname,
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
      raise exception using errcode = '23502', message = v.message, constraint = v.constraint_name,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.constraint_name)::text;
    end if;
  end loop;
  perform buzz_haven.explain_foreign_keys(tg_relid, pg_catalog.to_jsonb(new));
  return new;
end;
$$;
revoke all on function buzz_haven.explain_constraints() from public, anon, authenticated;

create or replace function buzz_haven.explain_row(p_row anyelement) returns void
language plpgsql
stable
security definer -- reads buzz_haven.constraint_messages whoever checks
set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v record;
  v_ok boolean;
begin
  for v in
    select c.conname, m.message, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr,
      (select a.attname from pg_catalog.pg_attribute as a
       where a.attrelid = c.conrelid and a.attnum = c.conkey[1] and pg_catalog.array_length(c.conkey, 1) = 1) as field
    from pg_catalog.pg_constraint as c join buzz_haven.constraint_messages as m on m.constraint_name = c.conname
    where c.conrelid = v_table and c.contype = 'c'
    order by c.conname
  loop
    execute format('select %s from (select ($1::%s).*) as t', v.expr, v_table) into v_ok using p_row;
    if v_ok is false then
      raise exception using errcode = '23514', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
  perform buzz_haven.explain_foreign_keys(v_table, pg_catalog.to_jsonb(p_row));
end;
$$;
revoke all on function buzz_haven.explain_row(anyelement) from public, anon, authenticated;

-- The list starts with the names already in use (hives' and harvests') and the service area's, so
-- every stored harvest keeps its neighbourhood and a harvest still defaults to its hive's; staff
-- then rename or merge what is not a neighbourhood's name (renaming carries to the harvests).
update buzz_haven.honey_harvests set neighbourhood = btrim(neighbourhood) where neighbourhood <> btrim(neighbourhood);
insert into buzz_haven.neighbourhoods (name)
select distinct n.name from (
  select btrim(h.neighbourhood) as name from buzz_haven.hives as h
  union select h.neighbourhood from buzz_haven.honey_harvests as h
  union select btrim(z.area) from buzz_haven.service_area_zips as z
) as n
where n.name is not null and n.name <> '' and n.name !~ '[0-9]' and char_length(n.name) <= 100
order by n.name
on conflict (name) do nothing;

alter table buzz_haven.honey_harvests add constraint honey_harvests_neighbourhood_fkey
  foreign key (neighbourhood) references buzz_haven.neighbourhoods (name) on update cascade;
create index honey_harvests_neighbourhood_idx on buzz_haven.honey_harvests (neighbourhood);

create function public.get_buzz_haven_neighbourhoods()
returns setof buzz_haven.neighbourhoods
language plpgsql
stable
security definer -- reads buzz_haven.neighbourhoods, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.neighbourhoods as n order by n.name;
end;
$$;

create function public.create_buzz_haven_neighbourhood(p_name text)
returns buzz_haven.neighbourhoods
language plpgsql
security definer -- writes buzz_haven.neighbourhoods, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.neighbourhoods;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can add a neighbourhood');
  v.id := gen_random_uuid();
  v.name := btrim(p_name);
  perform buzz_haven.check_free(v, 'name', 'This neighbourhood is already in the list');
  return buzz_haven.insert_row(v);
end;
$$;

create function public.update_buzz_haven_neighbourhood(p_id uuid, p_name text default null, p_clear text[] default '{}')
returns buzz_haven.neighbourhoods
language plpgsql
security definer -- writes buzz_haven.neighbourhoods (and, by cascade, harvests)
set search_path = ''
as $$
declare
  v buzz_haven.neighbourhoods;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can rename a neighbourhood');
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  v := buzz_haven.lock_row(null::buzz_haven.neighbourhoods, p_id, 'Neighbourhood not found');
  v.name := coalesce(btrim(p_name), v.name);
  perform buzz_haven.check_free(v, 'name', 'This neighbourhood is already in the list');
  return buzz_haven.update_row(v);
end;
$$;

create function public.delete_buzz_haven_neighbourhood(p_id uuid)
returns buzz_haven.neighbourhoods
language plpgsql
security definer -- deletes from buzz_haven.neighbourhoods, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can remove a neighbourhood');
  if exists (select 1 from buzz_haven.neighbourhoods as n join buzz_haven.honey_harvests as h on h.neighbourhood = n.name
             where n.id = p_id) then
    raise exception 'This neighbourhood has harvests, so it cannot be removed: rename it instead'
      using errcode = 'PT409';
  end if;
  return buzz_haven.delete_row(null::buzz_haven.neighbourhoods, p_id, 'Neighbourhood not found', p_roles => null);
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_neighbourhoods()',
  'public.create_buzz_haven_neighbourhood(text)',
  'public.update_buzz_haven_neighbourhood(uuid, text, text[])',
  'public.delete_buzz_haven_neighbourhood(uuid)'
);

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('neighbourhoods_name_not_blank', 'Name is required'),
  ('neighbourhoods_name_length', 'Name is too long (100 characters at most)'),
  ('neighbourhoods_name_no_numbers', 'Name must be the neighbourhood''s name (e.g. Echo Park), never an address: no numbers'),
  ('honey_harvests_neighbourhood_fkey', 'Choose the neighbourhood from the list (Neighbourhoods): an owner or admin adds a missing one');
