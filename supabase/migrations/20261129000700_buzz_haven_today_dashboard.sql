-- Buzz Haven: the back office ordered for the day's work.

-- The events list (events resource) puts what is coming first, soonest first, then what is over,
-- most recent first: `order=is_past.asc,time_from_now.asc,id.asc`. Both columns are read at the
-- time of the request, so an event moves to the past part once it has ended (or, without an
-- end, once it has started). The columns are added at the end of the view, which the list RPC
-- returns, so get_buzz_haven_events answers them without change.
create or replace view buzz_haven_lists.events as
  select e.*,
    coalesce(e.end_time, e.start_time) < now() as is_past,
    greatest(e.start_time - now(), now() - e.start_time) as time_from_now
  from buzz_haven.events as e where buzz_haven_lists.staff_only();
comment on column buzz_haven_lists.events.is_past is 'True once the event has ended (or started, without an end): the list shows it after the coming ones.';
comment on column buzz_haven_lists.events.time_from_now is 'How far the start is from now, either way: the list''s order within the coming and the past events.';
