-- Every delete needs the second factor when the caller has one: the helper that attaches the
-- rule to a table's deletes (a trigger) or to Storage's (a restrictive policy).
set check_function_bodies = false;

-- Buzz Haven: every delete, and publishing, needs the second factor (aal2) when the caller has a
-- verified one: media rows and the files in Storage too, so a stolen password
-- alone cannot delete them. The rule itself is buzz_haven.require_second_factor(); ONE helper
-- attaches it to a table's deletes, and it is applied (beside each create table) to every
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
language plpgsql set search_path = ''
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
