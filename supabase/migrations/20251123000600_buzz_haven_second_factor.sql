-- Buzz Haven: granting roles and deleting records need a second factor (aal2) when the caller
-- has one. A caller with a verified factor in auth.mfa_factors (GoTrue's table, on hosted
-- Supabase and in the local bootstrap alike) whose token says `aal1` is refused with 42501, so a
-- stolen password alone cannot hand out roles or destroy data. Callers without a factor, the
-- service key and SQL run by the operator are unaffected.
-- Enforced by triggers on the tables, so every path (the delete_* RPCs,
-- set_buzz_haven_user_role, and any RPC added later that writes these tables) is covered.

-- True when the request's caller has a verified factor but signed in without it.
create function buzz_haven.lacks_second_factor() returns boolean
language sql
stable
security definer -- reads auth.mfa_factors, which the API roles have no grant on
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2'
    and exists (
      select 1 from auth.mfa_factors as f
      where f.user_id = buzz_haven.caller_id() and f.status = 'verified'
    )
$$;

comment on function buzz_haven.lacks_second_factor() is
  'True when the caller has a verified MFA factor and the request token is not aal2.';

create function buzz_haven.require_second_factor() returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if buzz_haven.lacks_second_factor() then
    raise exception 'Confirm with a code from your authenticator app first (two-factor sign-in)'
      using errcode = '42501',
            hint = 'Sign in again and enter the code, or verify a code in your profile.';
  end if;
end;
$$;

comment on function buzz_haven.require_second_factor() is
  'Raises 42501 when the caller has a verified MFA factor but the request is only aal1.';

-- Trigger: before a role/active change of a profile, or before deleting a record.
create function buzz_haven.second_factor_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform buzz_haven.require_second_factor();
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

create trigger users_role_needs_second_factor
  before update of role, is_active on buzz_haven.users
  for each row
  when (old.role is distinct from new.role or old.is_active is distinct from new.is_active)
  execute function buzz_haven.second_factor_guard();

create trigger products_delete_needs_second_factor
  before delete on buzz_haven.products
  for each statement execute function buzz_haven.second_factor_guard();
create trigger events_delete_needs_second_factor
  before delete on buzz_haven.events
  for each statement execute function buzz_haven.second_factor_guard();
create trigger hives_delete_needs_second_factor
  before delete on buzz_haven.hives
  for each statement execute function buzz_haven.second_factor_guard();
create trigger hive_inspections_delete_needs_second_factor
  before delete on buzz_haven.hive_inspections
  for each statement execute function buzz_haven.second_factor_guard();

revoke all on function buzz_haven.lacks_second_factor() from public, anon, authenticated;
revoke all on function buzz_haven.require_second_factor() from public, anon, authenticated;
revoke all on function buzz_haven.second_factor_guard() from public, anon, authenticated;
