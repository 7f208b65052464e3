-- Buzz Haven: who may do what: the caller's back-office role and the checks every RPC makes.
-- Private helpers in buzz_haven (not exposed: the API roles have no usage on the schema). They are
-- called by the security-definer RPCs in public, so they run with the RPC owner's rights and read
-- the caller's identity from the request's JWT claims (auth.uid(), auth.role()).
-- Roles: 'owner', 'admin', 'staff', or none (pending). Back-office reads and writes need a role on
-- an active profile; managing roles needs owner or admin.

-- The caller's back-office role: the role of their active profile, 'owner' for the service key
-- (the project's master key, which bypasses row level security everywhere), else null.
create function buzz_haven.caller_role() returns text
language sql
stable
set search_path = ''
as $$
  select case
    when auth.role() = 'service_role' then 'owner'
    else (
      select u.role
      from buzz_haven.users as u
      where u.auth_user_id = auth.uid() and u.is_active
    )
  end
$$;

comment on function buzz_haven.caller_role() is
  'Back-office role of the caller (owner/admin/staff), owner for service_role, null when none.';

-- Returns the caller's role, or raises 42501 (PostgREST: 401 for anon, 403 for a signed-in user)
-- with a message the admin can show as is.
create function buzz_haven.require_role(
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
    if auth.uid() is null then
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

comment on function buzz_haven.require_role(text[], text) is
  'Raises 42501 unless the caller has one of the allowed roles; returns the role.';

-- Raises 22023 (PostgREST: 400) with the given message when the condition is false.
create function buzz_haven.check_input(ok boolean, message text) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if ok is not true then
    raise exception '%', message using errcode = '22023';
  end if;
end;
$$;

revoke all on all functions in schema buzz_haven from public, anon, authenticated;

-- Used by the RPC migrations: removes every default privilege on each function (Supabase's default
-- privileges grant all functions in public to the API roles), then grants EXECUTE to the three API
-- roles; each function checks the caller itself. Runs as the migration owner, never via the API.
create function buzz_haven.grant_api_execute(variadic fns text[]) returns void
language plpgsql
set search_path = ''
as $$
declare
  fn text;
begin
  foreach fn in array fns loop
    execute format('revoke all on function %s from public, anon, authenticated, service_role', fn);
    execute format('grant execute on function %s to anon, authenticated, service_role', fn);
  end loop;
end;
$$;

revoke all on function buzz_haven.grant_api_execute(text[]) from public;
