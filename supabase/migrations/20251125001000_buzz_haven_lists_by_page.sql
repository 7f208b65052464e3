-- Buzz Haven: a back-office list page costs O(page), not O(table) (issue 29).
-- The list RPCs were security-definer PL/pgSQL functions returning every row; PostgREST (hosted,
-- and supabase/local/src/rest/query/sql.ts) applies filter, order and limit to their result, so
-- every page read and sorted the whole table. Now each list RPC is a one-line `language sql stable`
-- function that PostgreSQL inlines into the caller's query (src/backend/optimizer/util/clauses.c
-- inline_set_returning_function: SQL, not strict, not volatile, not security definer and NO SET
-- clause: `set search_path` would prevent it). Inlined, the request's WHERE, ORDER BY and LIMIT
-- reach the table and its indexes (20251125001010_buzz_haven_list_indexes.sql).
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
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return true;
end;
$$;
revoke all on function buzz_haven_lists.staff_only() from public;
grant execute on function buzz_haven_lists.staff_only() to anon, authenticated, service_role;

create view buzz_haven_lists.products as
  select p.* from buzz_haven.products as p where buzz_haven_lists.staff_only();
create view buzz_haven_lists.events as
  select e.* from buzz_haven.events as e where buzz_haven_lists.staff_only();
create view buzz_haven_lists.media as
  select m.* from buzz_haven.media as m where buzz_haven_lists.staff_only();
create view buzz_haven_lists.contact_messages as
  select m.* from buzz_haven.contact_messages as m where buzz_haven_lists.staff_only();
create view buzz_haven_lists.newsletter_subscribers as
  select s.* from buzz_haven.newsletter_subscribers as s where buzz_haven_lists.staff_only();
create view buzz_haven_lists.hive_inspections as
  select i.* from buzz_haven.hive_inspections as i where buzz_haven_lists.staff_only();
create view buzz_haven_lists.order_items as
  select l.* from buzz_haven.order_items as l where buzz_haven_lists.staff_only();
create view buzz_haven_lists.order_status_history as
  select h.* from buzz_haven.order_status_history as h where buzz_haven_lists.staff_only();
create view buzz_haven_lists.adoption_requests as
  select a.* from buzz_haven.adoption_requests as a where buzz_haven_lists.staff_only();
create view buzz_haven_lists.swarm_reports as
  select s.* from buzz_haven.swarm_reports as s where buzz_haven_lists.staff_only();
create view buzz_haven_lists.activity_log as
  select a.* from buzz_haven.activity_log as a where buzz_haven_lists.staff_only();

-- buzz_haven.hive_overview's columns (20251123000330), read with the owner's rights.
create view buzz_haven_lists.hives as
select
  h.id, h.name, h.location, h.status, h.queen_installed_date, h.created_at,
  h.host, h.queen_source, h.queen_marking, h.notes, h.updated_at,
  last.inspected_on as last_inspection_date,
  (h.status in ('active', 'queenless', 'swarmed')
    and (last.inspected_on is null or last.inspected_on < current_date - 21)) as inspection_due
from buzz_haven.hives as h
left join lateral (
  select i.inspected_on from buzz_haven.hive_inspections as i
  where i.hive_id = h.id order by i.inspected_on desc limit 1
) as last on true
where buzz_haven_lists.staff_only();

-- get_buzz_haven_orders' columns (20251123000740): the item count and summary are computed for
-- the rows of the page only (a lateral subquery per order row that reaches the outer LIMIT).
create view buzz_haven_lists.orders as
select o.id, o.number, o.customer_name, o.customer_email::text as customer_email, o.customer_phone, o.delivery,
  o.address_line1, o.address_line2, o.city, o.state, o.zip,
  coalesce(i.item_count, 0) as item_count, coalesce(i.items_summary, '') as items_summary,
  o.subtotal, o.shipping, o.total, o.status, o.staff_notes, o.created_at, o.updated_at
from buzz_haven.orders as o
left join lateral (
  select sum(l.quantity)::integer as item_count,
    string_agg(l.quantity || ' × ' || l.name, ', ' order by l.name) as items_summary
  from buzz_haven.order_items as l where l.order_id = o.id
) as i on true
where buzz_haven_lists.staff_only();

-- get_buzz_haven_event_registrations' columns (20251123000760).
create view buzz_haven_lists.event_registrations as
select r.id, r.event_id, e.title as event_title, e.start_time as event_start_time, r.name, r.email::text as email,
  r.places, r.child_ages, r.status, r.position, r.created_at, r.updated_at
from buzz_haven.event_registrations as r
join buzz_haven.events as e on e.id = r.event_id
where buzz_haven_lists.staff_only();

revoke all on all tables in schema buzz_haven_lists from public, anon, authenticated, service_role;
grant select on all tables in schema buzz_haven_lists to anon, authenticated, service_role;

-- The list RPCs: same names, no arguments, same result columns; the return type is now the
-- view's row type, so each is dropped and created again (and granted again below).
drop function public.get_buzz_haven_products();
drop function public.get_buzz_haven_events();
drop function public.get_buzz_haven_media();
drop function public.get_buzz_haven_hives();
drop function public.get_buzz_haven_orders();
drop function public.get_buzz_haven_contact_messages();
drop function public.get_buzz_haven_newsletter_subscribers();
drop function public.get_buzz_haven_inspections();
drop function public.get_buzz_haven_order_items();
drop function public.get_buzz_haven_order_history();
drop function public.get_buzz_haven_event_registrations();
drop function public.get_buzz_haven_adoption_requests();
drop function public.get_buzz_haven_swarm_reports();
drop function public.get_buzz_haven_activity();

create function public.get_buzz_haven_products() returns setof buzz_haven_lists.products
language sql stable as $$ select * from buzz_haven_lists.products $$;
create function public.get_buzz_haven_events() returns setof buzz_haven_lists.events
language sql stable as $$ select * from buzz_haven_lists.events $$;
create function public.get_buzz_haven_media() returns setof buzz_haven_lists.media
language sql stable as $$ select * from buzz_haven_lists.media $$;
create function public.get_buzz_haven_hives() returns setof buzz_haven_lists.hives
language sql stable as $$ select * from buzz_haven_lists.hives $$;
create function public.get_buzz_haven_orders() returns setof buzz_haven_lists.orders
language sql stable as $$ select * from buzz_haven_lists.orders $$;
create function public.get_buzz_haven_contact_messages() returns setof buzz_haven_lists.contact_messages
language sql stable as $$ select * from buzz_haven_lists.contact_messages $$;
create function public.get_buzz_haven_newsletter_subscribers() returns setof buzz_haven_lists.newsletter_subscribers
language sql stable as $$ select * from buzz_haven_lists.newsletter_subscribers $$;
create function public.get_buzz_haven_inspections() returns setof buzz_haven_lists.hive_inspections
language sql stable as $$ select * from buzz_haven_lists.hive_inspections $$;
create function public.get_buzz_haven_order_items() returns setof buzz_haven_lists.order_items
language sql stable as $$ select * from buzz_haven_lists.order_items $$;
create function public.get_buzz_haven_order_history() returns setof buzz_haven_lists.order_status_history
language sql stable as $$ select * from buzz_haven_lists.order_status_history $$;
create function public.get_buzz_haven_event_registrations() returns setof buzz_haven_lists.event_registrations
language sql stable as $$ select * from buzz_haven_lists.event_registrations $$;
create function public.get_buzz_haven_adoption_requests() returns setof buzz_haven_lists.adoption_requests
language sql stable as $$ select * from buzz_haven_lists.adoption_requests $$;
create function public.get_buzz_haven_swarm_reports() returns setof buzz_haven_lists.swarm_reports
language sql stable as $$ select * from buzz_haven_lists.swarm_reports $$;
create function public.get_buzz_haven_activity() returns setof buzz_haven_lists.activity_log
language sql stable as $$ select * from buzz_haven_lists.activity_log $$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_products()',
  'public.get_buzz_haven_events()',
  'public.get_buzz_haven_media()',
  'public.get_buzz_haven_hives()',
  'public.get_buzz_haven_orders()',
  'public.get_buzz_haven_contact_messages()',
  'public.get_buzz_haven_newsletter_subscribers()',
  'public.get_buzz_haven_inspections()',
  'public.get_buzz_haven_order_items()',
  'public.get_buzz_haven_order_history()',
  'public.get_buzz_haven_event_registrations()',
  'public.get_buzz_haven_adoption_requests()',
  'public.get_buzz_haven_swarm_reports()',
  'public.get_buzz_haven_activity()'
);
