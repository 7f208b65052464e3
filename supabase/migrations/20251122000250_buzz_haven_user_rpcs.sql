-- Buzz Haven: dashboard counts, the signed-in user's profile and role management (the
-- dashboard's count_table_rows and create_buzz_haven_user, plus the current user and
-- set_buzz_haven_user_role). Every function is `security definer` because the API roles have no
-- rights on the buzz_haven tables: the function checks the caller and then acts as its owner.
-- search_path is empty and every name is fully qualified. anon gets EXECUTE too so that a
-- visitor who is not signed in receives the clear 'Not signed in' refusal rather than a bare
-- "permission denied".
-- Dashboard counts. Only base tables of buzz_haven: the name must match the catalog exactly and is
-- quoted with %I, so nothing the caller sends is ever run as SQL.
create function public.count_table_rows(table_name text, schema_name text default 'buzz_haven')
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
    and c.relname = count_table_rows.table_name
    and c.relkind in ('r', 'p');
  if v_table is null then
    raise exception 'Unknown table' using errcode = '22023';
  end if;
  execute format('select count(*)::integer from %I.%I', 'buzz_haven', v_table) into v_count;
  return v_count;
end;
$$;

-- The profile of the signed-in user: for the admin's identity, role label and pending screen.
-- Never raises: null for anon or a user without a profile.
create function public.get_buzz_haven_current_user()
returns buzz_haven.users
language sql
stable
security definer -- reads buzz_haven.users, which the caller has no grant on
set search_path = ''
as $$
  select u.* from buzz_haven.users as u where u.auth_user_id = auth.uid()
$$;

-- Creates the caller's own profile after sign-up (idempotent: an existing profile is returned).
-- The first profile of an empty deployment becomes the owner; later ones are pending (role null).
create function public.create_buzz_haven_user(p_email text, p_name text, p_auth_user_id uuid)
returns buzz_haven.users
language plpgsql
security definer -- inserts into buzz_haven.users, which the caller has no grant on
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, auth.email())));
  v_name text;
  v_row buzz_haven.users;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_auth_user_id is distinct from auth.uid() then
    raise exception 'You can only create your own profile' using errcode = '42501';
  end if;
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  if auth.email() is not null and v_email <> lower(auth.email()) then
    raise exception 'The email must be the one you signed up with' using errcode = '22023';
  end if;
  v_name := coalesce(nullif(btrim(p_name), ''), split_part(v_email, '@', 1));

  select * into v_row from buzz_haven.users where auth_user_id = p_auth_user_id;
  if found then
    return v_row;
  end if;
  -- Two first sign-ups at once must not both become owner.
  lock table buzz_haven.users in share row exclusive mode;
  insert into buzz_haven.users (auth_user_id, name, email, role)
  values (
    p_auth_user_id,
    v_name,
    v_email,
    case when exists (select 1 from buzz_haven.users) then null else 'owner' end
  )
  on conflict (auth_user_id) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from buzz_haven.users where auth_user_id = p_auth_user_id;
  end if;
  return v_row;
end;
$$;

-- Grants or revokes a role ('none' = back to pending) and (de)activates a profile; a null argument
-- keeps the value. Owners and admins only; only an owner touches the owner role or an owner's
-- profile; nobody changes their own role or deactivates themselves (so an active owner remains).
create function public.set_buzz_haven_user_role(
  p_id uuid,
  p_role text default null,
  p_is_active boolean default null
)
returns buzz_haven.users
language plpgsql
security definer -- updates buzz_haven.users, which the caller has no grant on
set search_path = ''
as $$
declare
  v_caller text;
  v_target buzz_haven.users;
  v_role text;
  v_active boolean;
begin
  v_caller := buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can manage roles');
  perform buzz_haven.check_input(
    p_role is null or p_role in ('owner', 'admin', 'staff', 'none'),
    'Role must be owner, admin, staff or none'
  );
  select * into v_target from buzz_haven.users where id = p_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  v_role := case when p_role is null then v_target.role when p_role = 'none' then null else p_role end;
  v_active := coalesce(p_is_active, v_target.is_active);

  if v_target.auth_user_id = auth.uid() then
    if v_role is distinct from v_target.role then
      raise exception 'You cannot change your own role' using errcode = '42501';
    end if;
    if v_active is distinct from v_target.is_active then
      raise exception 'You cannot deactivate your own account' using errcode = '42501';
    end if;
  end if;
  if v_caller <> 'owner' then
    if v_target.role = 'owner'
      and (v_role is distinct from v_target.role or v_active is distinct from v_target.is_active) then
      raise exception 'Only an owner can change an owner' using errcode = '42501';
    end if;
    if v_role = 'owner' and v_target.role is distinct from 'owner' then
      raise exception 'Only an owner can grant the owner role' using errcode = '42501';
    end if;
  end if;

  update buzz_haven.users
  set role = v_role, is_active = v_active
  where id = p_id
  returning * into v_target;
  return v_target;
end;
$$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute(
  'public.count_table_rows(text, text)',
  'public.get_buzz_haven_current_user()',
  'public.create_buzz_haven_user(text, text, uuid)',
  'public.set_buzz_haven_user_role(uuid, text, boolean)'
);
