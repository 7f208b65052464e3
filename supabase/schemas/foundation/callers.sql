-- Who the caller is and what they may do: their role and id, the second factor; the input
-- checks, the API grants (grant_api_execute), count_table_rows and the update convention's p_clear.
set check_function_bodies = false;

revoke all on schema buzz_haven from public;

create or replace function buzz_haven.caller_role() returns text
language sql stable set search_path = ''
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

comment on function buzz_haven.caller_role() is
  'Back-office role of the caller (owner/admin/staff), owner for service_role, null when none.';

create or replace function buzz_haven.require_role(
  allowed text[] default array['owner', 'admin', 'staff'],
  refusal text default 'Only an owner or admin can do this'
) returns text
language plpgsql stable set search_path = ''
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

comment on function buzz_haven.require_role(text[], text) is
  'Raises 42501 unless the caller has one of the allowed roles; returns the role.';

-- Raises 22023 (PostgREST: 400) with the given message when the condition is false.
create function buzz_haven.check_input(ok boolean, message text) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if ok is not true then
    raise exception '%', message using errcode = '22023';
  end if;
end;
$$;

-- Raises 22023 with the words of rule p_rule (buzz_haven.rule_message: the request's language,
-- its %s filled with p_args) when the condition is false: a visitor RPC's own checks.
create function buzz_haven.check_rule(ok boolean, p_rule text, p_args text[] default '{}') returns void
language plpgsql stable set search_path = ''
as $$
begin
  if ok is not true then
    perform buzz_haven.refuse(p_rule, '22023', p_args);
  end if;
end;
$$;

revoke all on all functions in schema buzz_haven from public, anon, authenticated;

-- Used by the RPC migrations: removes every default privilege on each function (Supabase's default
-- privileges grant all functions in public to the API roles), then grants EXECUTE to the three API
-- roles; each function checks the caller itself. Runs as the migration owner, never via the API.
-- A function is named with its arguments ('public.f(uuid, text)') or by its name alone ('f'): the
-- one function of that name in public, so its arguments are written once, where it is created.
create function buzz_haven.grant_api_execute(variadic fns text[]) returns void
language plpgsql set search_path = ''
as $$
declare
  fn text;
begin
  foreach fn in array fns loop
    if pg_catalog.strpos(fn, '(') = 0 then
      fn := (select p.oid::pg_catalog.regprocedure::text from pg_catalog.pg_proc as p
             where p.pronamespace = 'public'::pg_catalog.regnamespace and p.proname = fn);
      perform buzz_haven.check_input(fn is not null, 'No function of that name in public');
    end if;
    execute format('revoke all on function %s from public, anon, authenticated, service_role', fn);
    execute format('grant execute on function %s to anon, authenticated, service_role', fn);
  end loop;
end;
$$;

revoke all on function buzz_haven.grant_api_execute(text[]) from public;

-- Buzz Haven: the dashboard's Content card counts the site's content documents. The
-- spec's dashboard asks count_table_rows for 'content'; since the Content section manages
-- buzz_haven.content_documents (one per page or catalogue group), that name now counts those. The
-- earlier buzz_haven.content table (never used by a screen) is no longer counted. A document
-- counts once whatever its languages.
create or replace function public.count_table_rows(table_name text, schema_name text default 'buzz_haven') returns integer
language plpgsql stable security definer set search_path = '' -- reads buzz_haven tables the caller has no grant on
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
  -- the content documents count once each (their English rows), not once per language
  execute format('select count(*)::integer from %I.%I%s', 'buzz_haven', v_table,
    case when v_table = 'content_documents' then ' where locale = ''en''' else '' end) into v_count;
  return v_count;
end;
$$;

-- The message every RPC gives for an over-long field, e.g. 'Name is too long (200 characters at
-- most)'; the admin's zod schemas and the site's forms show the same sentence.
create function buzz_haven.check_length(value text, max_chars integer, label text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if char_length(value) > max_chars then
    raise exception '% is too long (% characters at most)', label, max_chars using errcode = '22023';
  end if;
end;
$$;

comment on function buzz_haven.check_length(text, integer, text) is
  'Raises 22023 "<label> is too long (<n> characters at most)" when value has more than n characters.';

revoke all on function buzz_haven.check_length(text, integer, text) from public, anon, authenticated;

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
language sql stable set search_path = ''
as $$
  select case when auth.role() = 'authenticated' then auth.uid() end
$$;

revoke all on all functions in schema buzz_haven from public, anon, authenticated;

comment on function buzz_haven.caller_id() is
  'auth.uid() of a request whose role is authenticated; null for anon, service_role or no role claim.';
revoke all on function buzz_haven.caller_id() from public, anon, authenticated;

-- Buzz Haven: the update convention of the managed resources (events, hives, inspections).
-- An update RPC takes every column as an argument defaulting to null, and a null argument keeps the
-- value, as update_buzz_haven_product does. JSON has no way to tell "keep" from "set to null" with a
-- single argument, so each update RPC also takes p_clear text[]: the names of the nullable columns
-- to set to null. A name the RPC cannot clear, or a column both given a value and named in
-- p_clear, is refused with a message the admin shows as is (22023, HTTP 400), before anything is
-- read or written. For example
--   update_buzz_haven_event(p_id => x, p_price => 900, p_clear => '{location,capacity}')
-- sets the price, empties the location and the capacity, and keeps every other column.

-- p_allowed: the columns this RPC may clear; p_given: the columns given a non-null argument.
create function buzz_haven.check_clear(p_clear text[], p_allowed text[], p_given text[]) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_name text;
begin
  foreach v_name in array coalesce(p_clear, '{}') loop
    perform buzz_haven.check_input(
      v_name = any (p_allowed),
      format('Cannot clear %s (only %s can be cleared)', coalesce(v_name, 'null'), array_to_string(p_allowed, ', '))
    );
    perform buzz_haven.check_input(not v_name = any (p_given), format('Cannot both set and clear %s', v_name));
  end loop;
end;
$$;
revoke all on function buzz_haven.check_clear(text[], text[], text[]) from public, anon, authenticated;

-- Buzz Haven: granting roles and deleting records need a second factor (aal2) when the caller
-- has one. A caller with a verified factor in auth.mfa_factors (GoTrue's table, on hosted
-- Supabase and in the local bootstrap alike) whose token says `aal1` is refused with 42501, so a
-- stolen password alone cannot hand out roles or destroy data. Callers without a factor, the
-- service key and SQL run by the operator are unaffected.
-- Enforced by triggers on the tables, so every path (the delete_* RPCs,
-- set_buzz_haven_user_role, and any RPC added later that writes these tables) is covered.

-- True when the request's caller has a verified factor but signed in without it.
create function buzz_haven.lacks_second_factor() returns boolean
language sql stable security definer set search_path = '' -- reads auth.mfa_factors, which the API roles have no grant on
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
language plpgsql stable set search_path = ''
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
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.require_second_factor();
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

revoke all on function buzz_haven.lacks_second_factor() from public, anon, authenticated;
revoke all on function buzz_haven.require_second_factor() from public, anon, authenticated;
revoke all on function buzz_haven.second_factor_guard() from public, anon, authenticated;
