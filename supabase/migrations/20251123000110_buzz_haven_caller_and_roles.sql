-- Buzz Haven: who the caller is, and role management that keeps an active owner under any
-- concurrency. Replaces functions of the access and user-RPC migrations with the same signatures
-- (create or replace keeps their grants).
-- 1. A user id counts only with the `authenticated` role: a correctly signed token without a role
--    claim is an anonymous request (PostgREST runs it as anon), never a signed-in one.
-- 2. set_buzz_haven_user_role serialises on the users table and re-reads the caller's role under
--    the lock: two owners demoting each other at once can no longer both succeed.
-- 3. Profile names are bounded (200 characters) with a clear message.

-- The signed-in user's id: auth.uid() when the request role is authenticated, else null.
create function buzz_haven.caller_id() returns uuid
language sql
stable
set search_path = ''
as $$
  select case when auth.role() = 'authenticated' then auth.uid() end
$$;

comment on function buzz_haven.caller_id() is
  'auth.uid() of a request whose role is authenticated; null for anon, service_role or no role claim.';
revoke all on function buzz_haven.caller_id() from public, anon, authenticated;

create or replace function buzz_haven.caller_role() returns text
language sql
stable
set search_path = ''
as $$
  select case
    when auth.role() = 'service_role' then 'owner'
    else (
      select u.role
      from buzz_haven.users as u
      where u.auth_user_id = buzz_haven.caller_id() and u.is_active
    )
  end
$$;

create or replace function buzz_haven.require_role(
  allowed text[] default array['owner', 'admin', 'staff'],
  refusal text default 'Only an owner or admin can do this'
) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_role text := buzz_haven.caller_role();
begin
  if v_role is null then
    if buzz_haven.caller_id() is null then
      raise exception 'Not signed in' using errcode = '42501';
    end if;
    -- signed in, but no profile, no role yet, or deactivated
    raise exception 'Your account is waiting for approval' using errcode = '42501';
  end if;
  if not (v_role = any (allowed)) then
    raise exception '%', refusal using errcode = '42501';
  end if;
  return v_role;
end;
$$;

revoke all on all functions in schema buzz_haven from public, anon, authenticated;

create or replace function public.get_buzz_haven_current_user()
returns buzz_haven.users
language sql
stable
security definer -- reads buzz_haven.users, which the caller has no grant on
set search_path = ''
as $$
  select u.* from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id()
$$;

create or replace function public.create_buzz_haven_user(p_email text, p_name text, p_auth_user_id uuid)
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
  if buzz_haven.caller_id() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_auth_user_id is distinct from buzz_haven.caller_id() then
    raise exception 'You can only create your own profile' using errcode = '42501';
  end if;
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  if auth.email() is not null and v_email <> lower(auth.email()) then
    raise exception 'The email must be the one you signed up with' using errcode = '22023';
  end if;
  v_name := coalesce(nullif(btrim(p_name), ''), split_part(v_email, '@', 1));
  perform buzz_haven.check_length(v_name, 200, 'Name');

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
-- profile; nobody changes their own role or deactivates themselves. Every change takes the same
-- table lock (create_buzz_haven_user takes it too), then reads the caller's role again, so each
-- change is decided on committed data, and it never leaves the business without an active owner.
create or replace function public.set_buzz_haven_user_role(
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
  -- A cheap refusal first, so callers without the right never wait for the lock.
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can manage roles');
  perform buzz_haven.check_input(
    p_role is null or p_role in ('owner', 'admin', 'staff', 'none'),
    'Role must be owner, admin, staff or none'
  );
  lock table buzz_haven.users in share row exclusive mode;
  -- Read committed: this statement sees every change committed before the lock was granted.
  v_caller := buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can manage roles');
  select * into v_target from buzz_haven.users where id = p_id;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  v_role := case when p_role is null then v_target.role when p_role = 'none' then null else p_role end;
  v_active := coalesce(p_is_active, v_target.is_active);

  if v_target.auth_user_id = buzz_haven.caller_id() then
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
  if v_target.role = 'owner' and v_target.is_active
    and (v_role is distinct from 'owner' or not v_active)
    and not exists (
      select 1 from buzz_haven.users as u
      where u.role = 'owner' and u.is_active and u.id <> v_target.id
    ) then
    raise exception 'The last active owner must stay an active owner' using errcode = '42501';
  end if;

  update buzz_haven.users
  set role = v_role, is_active = v_active
  where id = p_id
  returning * into v_target;
  return v_target;
end;
$$;
