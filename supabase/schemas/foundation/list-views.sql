-- The back office's list views: schema buzz_haven_lists, its staff_only() gate and needs_spanish.
set check_function_bodies = false;

-- Buzz Haven: a back-office list page costs O(page), not O(table), however many rows years of use leave.
-- The list RPCs were security-definer PL/pgSQL functions returning every row; PostgREST (hosted,
-- and supabase/local/src/rest/query/sql.ts) applies filter, order and limit to their result, so
-- every page read and sorted the whole table. Now each list RPC is a one-line `language sql stable`
-- function that PostgreSQL inlines into the caller's query (src/backend/optimizer/util/clauses.c
-- inline_set_returning_function: SQL, not strict, not volatile, not security definer and NO SET
-- clause: `set search_path` would prevent it). Inlined, the request's WHERE, ORDER BY and LIMIT
-- reach the table and its indexes (the list indexes beside each create table).
-- Without a SET clause the body pins nothing through the path: it names one fully qualified view
-- and nothing else, and it runs with the caller's rights, so a path the caller sets can only
-- mislead the caller. The rows come from views in schema buzz_haven_lists, which read the tables
-- with their owner's rights (plain views, not security_invoker): the API roles still have no
-- grant on any buzz_haven table or on schema buzz_haven. Each view is gated by
-- buzz_haven_lists.staff_only(), which takes no column, so the planner evaluates it once as a
-- one-time filter before any row is read: anon, a pending or a deactivated profile get the same
-- 42501 messages as before (buzz_haven.require_role), even on an empty table.
-- Order: the functions no longer sort (an ORDER BY in the body would stop the planner from
-- merging it into the outer query); the admin always sends `order=` (admin/src/providers).
-- Views list their columns when created: a column added to a table later appears in its list
-- after `create or replace view buzz_haven_lists.<name>` adds it at the end (the function returns
-- the view's row type, so it follows without change).

create schema buzz_haven_lists;
comment on schema buzz_haven_lists is
  'Back-office list views (staff only, gated by staff_only()); read through the public get_buzz_haven_* RPCs.';
revoke all on schema buzz_haven_lists from public;
grant usage on schema buzz_haven_lists to anon, authenticated, service_role;

-- true for an active profile with a role (or the service key); raises 42501 otherwise. Security
-- definer: it reads buzz_haven.users, which the caller has no grant on. In this schema, not in
-- buzz_haven, so migrations that `revoke all on all functions in schema buzz_haven` leave it be.
create function buzz_haven_lists.staff_only() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return true;
end;
$$;
revoke all on function buzz_haven_lists.staff_only() from public;
grant execute on function buzz_haven_lists.staff_only() to anon, authenticated, service_role;

-- A list row "needs translation" when a text the public site shows has English words and no
-- Spanish twin (the Spanish pages then show the English): the lists' spanish_missing column.
create function buzz_haven_lists.needs_spanish(p_english text, p_spanish text) returns boolean
language sql immutable set search_path = ''
as $$ select coalesce(btrim(p_english), '') <> '' and coalesce(btrim(p_spanish), '') = '' $$;
revoke all on function buzz_haven_lists.needs_spanish(text, text) from public;
grant execute on function buzz_haven_lists.needs_spanish(text, text) to anon, authenticated, service_role;

-- The activity log (RecentActivity): order=id.desc is the primary key read backwards; a record's
-- history (RecordHistory): record_id=eq.<id>&order=id.desc is activity_log_record_idx
-- (users area). Neither needs a new index.
