-- Buzz Haven: every delete, and publishing, needs the second factor (aal2) when the caller has a
-- verified one (issue 22, item 4). 20251123000600_buzz_haven_second_factor.sql guarded products,
-- events, hives and inspections, but not media rows nor the files in Storage, so a stolen password
-- alone could delete them. The rule itself stays buzz_haven.require_second_factor() (that
-- migration); this one adds ONE helper that attaches it to a table's deletes, applies it to every
-- table the back office deletes from and to storage.objects, and asks it before publishing.
-- tests/sql/second-factor-deletes.test.ts finds every delete RPC, every buzz_haven table deleted
-- from and every bucket by itself, so a new delete path that skips the helper fails there.

-- Attaches the rule to the deletes of each table:
-- * a buzz_haven table gets a statement-level BEFORE DELETE trigger (the delete RPCs are security
--   definer and run as the table owner, which RLS does not restrict; a trigger fires for them,
--   even when no row matches, so a refusal comes before 'not found');
-- * storage.objects gets a restrictive RLS policy: it belongs to Storage (supabase_storage_admin
--   on hosted Supabase, where `postgres` may add policies but not triggers), and Storage runs
--   deletes as the caller under RLS with the caller's JWT claims (supabase/storage
--   src/internal/database/postgres/scope.ts; supabase/local/src/storage/context.ts here). A
--   restrictive policy is ANDed with every permissive one, so it covers every bucket, and any
--   delete policy added later, without touching them.
-- Idempotent: a table that already has the guard keeps it.
create function buzz_haven.require_second_factor_for_deletes(variadic p_tables regclass[]) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_table regclass;
  v_schema name;
  v_name name;
begin
  foreach v_table in array p_tables loop
    select n.nspname, c.relname into v_schema, v_name
    from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
    where c.oid = v_table;
    if v_table = 'storage.objects'::regclass then
      if not exists (
        select 1 from pg_catalog.pg_policy as p
        where p.polrelid = v_table and p.polname = 'buzz_haven: deletes need the second factor'
      ) then
        create policy "buzz_haven: deletes need the second factor"
          on storage.objects as restrictive for delete
          to public
          using (buzz_haven_storage.second_factor_confirmed());
      end if;
    elsif v_schema = 'buzz_haven' then
      if not exists (
        select 1 from pg_catalog.pg_trigger as t
        where t.tgrelid = v_table and not t.tgisinternal
          and t.tgfoid = 'buzz_haven.second_factor_guard()'::regprocedure
          and t.tgtype::integer & 8 = 8 -- fires on DELETE (TRIGGER_TYPE_DELETE)
      ) then
        execute format(
          'create trigger %I before delete on %s for each statement execute function buzz_haven.second_factor_guard()',
          v_name || '_delete_needs_second_factor', v_table
        );
      end if;
    else
      raise exception 'No second-factor rule for deletes of %', v_table;
    end if;
  end loop;
end;
$$;

comment on function buzz_haven.require_second_factor_for_deletes(regclass[]) is
  'Makes deletes of each table need aal2 when the caller has a verified factor (trigger or Storage policy).';
revoke all on function buzz_haven.require_second_factor_for_deletes(regclass[]) from public, anon, authenticated;

-- The policy's check: raises 42501 with require_second_factor's message (Storage answers 403 with
-- it), else true. Runs as its owner: the caller cannot read auth.mfa_factors nor call buzz_haven.
create function buzz_haven_storage.second_factor_confirmed() returns boolean
language plpgsql
stable
security definer -- calls buzz_haven.require_second_factor(), which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_second_factor();
  return true;
end;
$$;

comment on function buzz_haven_storage.second_factor_confirmed() is
  'True, or 42501 when the caller has a verified MFA factor but the request is only aal1.';
revoke all on function buzz_haven_storage.second_factor_confirmed() from public;
grant execute on function buzz_haven_storage.second_factor_confirmed() to anon, authenticated, service_role;

-- Every table a delete RPC reaches (the first four keep the triggers of 20251123000600), and the
-- files of every bucket.
select buzz_haven.require_second_factor_for_deletes(
  'buzz_haven.products', 'buzz_haven.events', 'buzz_haven.hives', 'buzz_haven.hive_inspections',
  'buzz_haven.media', 'storage.objects'
);

-- Publishing: the publish-content Edge Function asks this as the caller before it publishes with
-- the service key (supabase/functions/publish-content/handler.ts). Active staff, and aal2 when
-- the caller has a verified factor; returns the caller's role.
create function public.authorize_buzz_haven_publish()
returns text
language plpgsql
stable
security definer -- reads buzz_haven.users and auth.mfa_factors, which the caller has no grant on
set search_path = ''
as $$
declare
  v_role text := buzz_haven.require_role();
begin
  perform buzz_haven.require_second_factor();
  return v_role;
end;
$$;

-- A build request is publishing too ('Publish site'): the same rule, after the role check, so a
-- pending user still reads 'Your account is waiting for approval'. Otherwise as in
-- 20251123000810_buzz_haven_site_builds.sql.
create or replace function public.request_buzz_haven_site_build(p_reason text default null)
returns uuid
language plpgsql
security definer -- writes buzz_haven.site_builds, which the caller has no grant on
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.require_second_factor();
  perform buzz_haven.check_length(btrim(p_reason), 500, 'Reason');
  insert into buzz_haven.site_builds (reason, requested_by)
  values (nullif(btrim(p_reason), ''), (select profile_id from buzz_haven.caller_profile()))
  on conflict (state) where state = 'queued' do nothing
  returning id into v_id;
  if v_id is null then
    select b.id into v_id from buzz_haven.site_builds as b where b.state = 'queued';
  end if;
  return v_id;
end;
$$;

select buzz_haven.grant_api_execute('public.authorize_buzz_haven_publish()');
