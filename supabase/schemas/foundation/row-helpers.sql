-- The generic row helpers of the back-office RPCs: delete_row, find_row, list_rows, lock_row,
-- insert_row, update_row, check_free, create_row, change_row, set_flag and the checks they run.
set check_function_bodies = false;

-- The generic row helpers the back-office RPCs call, each written once; p_row names the table by its
-- row type (null::buzz_haven.<table>, or a row of it). They run with their caller's rights: the RPC
-- is the security definer and checks the caller's role first.

-- The delete RPC of a resource: the caller must hold one of p_roles (42501 with p_refusal; null
-- roles: the RPC has checked them itself), the row with id p_id is deleted and returned, and a
-- missing one raises p_not_found as PT404 (PostgREST: 404). p_then: what follows the delete, an
-- expression over the deleted row's columns (t), run once the row is gone.
create function buzz_haven.delete_row(
  p_row anyelement, p_id uuid, p_not_found text,
  p_refusal text default 'Only an owner or admin can do this', p_roles text[] default array['owner', 'admin'],
  p_then text default null
) returns anyelement
language plpgsql set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v_count bigint;
begin
  if p_roles is not null then
    perform buzz_haven.require_role(p_roles, p_refusal);
  end if;
  execute format('delete from %s as t where t.id = $1 returning t.*', v_table) into p_row using p_id;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    raise exception '%', p_not_found using errcode = 'PT404';
  end if;
  if p_then is not null then
    execute format('select %s from (select ($1::%s).*) as t', p_then, v_table) using p_row;
  end if;
  return p_row;
end;
$$;
revoke all on function buzz_haven.delete_row(anyelement, uuid, text, text, text[], text) from public, anon, authenticated;

-- A row of a buzz_haven table by its id, locked (FOR UPDATE) until its transaction ends when p_lock;
-- a missing id raises p_not_found as PT404 (a null p_not_found: returns null).
create function buzz_haven.find_row(p_row anyelement, p_id uuid, p_not_found text, p_lock boolean default false)
returns anyelement language plpgsql set search_path = ''
as $$
declare
  v_count bigint;
begin
  execute format('select * from %s as t where t.id = $1%s', buzz_haven.table_of(p_row),
    case when p_lock then ' for update' end) into p_row using p_id;
  get diagnostics v_count = row_count;
  if v_count = 0 and p_not_found is not null then
    raise exception '%', p_not_found using errcode = 'PT404';
  end if;
  return case when v_count > 0 then p_row end;
end;
$$;
revoke all on function buzz_haven.find_row(anyelement, uuid, text, boolean) from public, anon, authenticated;

-- The list RPC of a whole table: the caller must hold a back-office role (buzz_haven.require_role),
-- then every row, in p_order (columns of t, the table; null: as stored). A list that must stay
-- fast at any size is a view in buzz_haven_lists instead.
create function buzz_haven.list_rows(p_row anyelement, p_order text default null) returns setof anyelement
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query execute format('select * from %s as t', buzz_haven.table_of(p_row)) || coalesce(' order by ' || p_order, '');
end;
$$;
revoke all on function buzz_haven.list_rows(anyelement, text) from public, anon, authenticated;

-- The row an update RPC is about to change, locked until its transaction ends.
create function buzz_haven.lock_row(p_row anyelement, p_id uuid, p_not_found text) returns anyelement
language sql set search_path = ''
as $$
  select buzz_haven.find_row(p_row, p_id, p_not_found, true)
$$;
revoke all on function buzz_haven.lock_row(anyelement, uuid, text) from public, anon, authenticated;

-- A new row that its RPC has built and checked, inserted as it is; a null field takes its column's
-- default (id, created_at, updated_at when not given). Returns the row as stored. p_once: the id is
-- one a client made, and a row another call stored with it at the same moment is returned instead.
create function buzz_haven.insert_row(p_row anyelement, p_once boolean default false) returns anyelement
language plpgsql set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v_given jsonb := pg_catalog.jsonb_strip_nulls(pg_catalog.to_jsonb(p_row));
  v_columns text;
  v_count bigint;
begin
  select pg_catalog.string_agg(format('%I', a.attname), ', ' order by a.attnum) into v_columns
  from pg_catalog.pg_attribute as a
  where a.attrelid = v_table and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and v_given ? a.attname;
  execute format('insert into %1$s as t (%2$s) select %2$s from (select ($1::%1$s).*) as r%3$s returning t.*', v_table, v_columns,
    case when p_once then ' on conflict (id) do nothing' end)
    into p_row using p_row;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    return buzz_haven.find_row(p_row, (v_given ->> 'id')::uuid, null);
  end if;
  return p_row;
end;
$$;
revoke all on function buzz_haven.insert_row(anyelement, boolean) from public, anon, authenticated;

-- An existing row (read with lock_row, changed and checked by its RPC) written back: every column
-- but id, created_at and updated_at (its trigger's) takes the row's value. Returns the row as stored.
create function buzz_haven.update_row(p_row anyelement) returns anyelement
language plpgsql set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v_set text;
begin
  select pg_catalog.string_agg(format('%1$I = r.%1$I', a.attname), ', ' order by a.attnum) into v_set
  from pg_catalog.pg_attribute as a
  where a.attrelid = v_table and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in ('id', 'created_at', 'updated_at');
  execute format('update %1$s as t set %2$s from (select ($1::%1$s).*) as r where t.id = r.id returning t.*', v_table, v_set)
    into p_row using p_row;
  return p_row;
end;
$$;
revoke all on function buzz_haven.update_row(anyelement) from public, anon, authenticated;

-- A value that must be unique, checked before the write so the form hears why: raises p_message
-- (22023) when another row of the table (another id) holds the row's value in p_column.
create function buzz_haven.check_free(p_row anyelement, p_column text, p_message text) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_taken boolean;
begin
  execute format('select exists (select 1 from %1$s as t where t.%2$I = ($1::%1$s).%2$I and t.id <> ($1::%1$s).id)',
    buzz_haven.table_of(p_row), p_column) into v_taken using p_row;
  perform buzz_haven.check_input(not v_taken, p_message);
end;
$$;
revoke all on function buzz_haven.check_free(anyelement, text, text) from public, anon, authenticated;

-- The create RPC of a resource whose arguments map to columns, so that RPC is one call: the caller
-- must hold a back-office role; p_values (column => value, a null taking the column's default) make
-- the new row, which is checked (buzz_haven.check_new_row) and inserted; returns it as stored.
-- p_id: an id the client made, so a record sent again (a device's queue retried after a lost
-- answer) is stored once: a second call with the same id returns the stored row unchanged.
-- p_check_values: a function of p_values run before the row is made from them, for an argument its
-- column would change (round) or refuse in words of its own. p_refusal: only an owner or admin
-- may, and anyone else is refused with it (42501).
create function buzz_haven.create_row(p_row anyelement, p_values jsonb, p_unique text default null,
  p_taken text default null, p_check text default null, p_id uuid default null, p_check_values text default null,
  p_refusal text default null)
returns anyelement
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.require_staff_or(p_refusal);
  if p_id is not null then
    p_row := buzz_haven.find_row(p_row, p_id, null);
    if not p_row is null then -- stored already (a stored row has its id)
      return p_row;
    end if;
  end if;
  perform buzz_haven.run_check(p_check_values, p_values);
  p_row := pg_catalog.jsonb_populate_record(p_row,
    pg_catalog.jsonb_build_object('id', coalesce(p_id, pg_catalog.gen_random_uuid())) || pg_catalog.jsonb_strip_nulls(p_values));
  perform buzz_haven.check_new_row(p_row, p_unique, p_taken, p_check);
  return buzz_haven.insert_row(p_row, p_id is not null);
end;
$$;
revoke all on function buzz_haven.create_row(anyelement, jsonb, text, text, text, uuid, text, text)
  from public, anon, authenticated;

-- The update RPC of such a resource (the update convention above): the caller must hold a
-- back-office role; p_clear may name only p_clearable columns, none given a value; the row with id
-- p_id (p_not_found, PT404, when missing) takes each non-null value of p_values (an empty text
-- empties a p_clearable column, as a form's emptied field) and loses the p_clear columns' values,
-- is checked as create_row checks a new one, written and returned.
create function buzz_haven.change_row(p_row anyelement, p_id uuid, p_not_found text, p_values jsonb,
  p_clear text[] default '{}', p_clearable text[] default '{}', p_unique text default null,
  p_taken text default null, p_check text default null, p_check_values text default null, p_refusal text default null)
returns anyelement
language plpgsql set search_path = ''
as $$
declare
  v_given jsonb := pg_catalog.jsonb_strip_nulls(p_values);
  v_emptied jsonb := (select pg_catalog.jsonb_object_agg(c, null) from pg_catalog.unnest(p_clear) as c);
begin
  perform buzz_haven.require_staff_or(p_refusal);
  perform buzz_haven.check_clear(p_clear, p_clearable, array(select pg_catalog.jsonb_object_keys(v_given)));
  perform buzz_haven.run_check(p_check_values, p_values);
  v_emptied := coalesce(v_emptied, '{}') || coalesce((select pg_catalog.jsonb_object_agg(g.key, null)
    from pg_catalog.jsonb_each(v_given) as g where g.value = '""' and g.key = any (p_clearable)), '{}');
  p_row := buzz_haven.lock_row(p_row, p_id, p_not_found);
  p_row := pg_catalog.jsonb_populate_record(p_row, v_given || v_emptied);
  perform buzz_haven.check_new_row(p_row, p_unique, p_taken, p_check);
  return buzz_haven.update_row(p_row);
end;
$$;
revoke all on function buzz_haven.change_row(anyelement, uuid, text, jsonb, text[], text[], text, text, text, text, text)
  from public, anon, authenticated;

-- The role check of create_row and change_row: any back-office role, or with p_refusal owners and
-- admins only (42501 with it for anyone else).
create function buzz_haven.require_staff_or(p_refusal text) returns void
language sql stable set search_path = ''
as $$
  select from buzz_haven.require_role(
    case when p_refusal is null then array['owner', 'admin', 'staff'] else array['owner', 'admin'] end, p_refusal)
$$;
revoke all on function buzz_haven.require_staff_or(text) from public, anon, authenticated;

-- An RPC's own rules, p_check (a function taking p_value: the row about to be written, or the
-- arguments as given, column => value), which raises what it refuses; none when p_check is null.
create function buzz_haven.run_check(p_check text, p_value anyelement) returns void
language plpgsql set search_path = ''
as $$
begin
  if p_check is not null then
    execute format('select %s($1)', p_check) using p_value;
  end if;
end;
$$;
revoke all on function buzz_haven.run_check(text, anyelement) from public, anon, authenticated;

-- A row create_row or change_row is about to write: first its RPC's own rules (p_check, a function
-- taking the row), then its table's CHECKs, then its p_unique column's value must be free (p_taken).
create function buzz_haven.check_new_row(p_row anyelement, p_unique text, p_taken text, p_check text) returns void
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.run_check(p_check, p_row);
  perform buzz_haven.explain_row(p_row);
  if p_unique is not null then
    perform buzz_haven.check_free(p_row, p_unique, p_taken);
  end if;
end;
$$;
revoke all on function buzz_haven.check_new_row(anyelement, text, text, text) from public, anon, authenticated;

-- A yes/no column of a row, set by an RPC of its own (p_refusal, 22023, when the value is null);
-- as change_row, the caller must hold a back-office role.
create function buzz_haven.set_flag(p_row anyelement, p_id uuid, p_not_found text, p_column text, p_value boolean,
  p_refusal text) returns anyelement
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_value is not null, p_refusal);
  return buzz_haven.change_row(p_row, p_id, p_not_found, pg_catalog.jsonb_build_object(p_column, p_value));
end;
$$;
revoke all on function buzz_haven.set_flag(anyelement, uuid, text, text, boolean, text) from public, anon, authenticated;
