-- Buzz Haven: the outbox list costs O(page) like the other back-office lists (issue 29,
-- 20251125001000_buzz_haven_lists_by_page.sql): get_buzz_haven_outbox_messages becomes a one-line
-- `language sql stable` function over a staff-only view, which PostgreSQL inlines, so the admin's
-- filter (state), order (created_at) and limit reach the table and these indexes. A campaign
-- queues thousands of rows at once; the list must not read them all for a page of 25.
-- The function no longer sorts: the admin always sends `order=`.

create view buzz_haven_lists.outbox_messages as
  select m.* from buzz_haven.outbox_messages as m where buzz_haven_lists.staff_only();
revoke all on buzz_haven_lists.outbox_messages from public, anon, authenticated, service_role;
grant select on buzz_haven_lists.outbox_messages to anon, authenticated, service_role;

drop function public.get_buzz_haven_outbox_messages();
create function public.get_buzz_haven_outbox_messages() returns setof buzz_haven_lists.outbox_messages
language sql stable as $$ select * from buzz_haven_lists.outbox_messages $$;
select buzz_haven.grant_api_execute('public.get_buzz_haven_outbox_messages()');

create index outbox_messages_created_idx on buzz_haven.outbox_messages (created_at desc, id);
create index outbox_messages_state_created_idx on buzz_haven.outbox_messages (state, created_at desc, id);
