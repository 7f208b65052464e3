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

-- The dashboard's "today" numbers in one request: what waits for someone, each the row count of
-- a filtered back-office list (the card links to it), and the month's takings from the payments
-- ledger. Every count reads an index range (the lists' own indexes, and the one below), so the
-- answer costs the same at ten years of data. The week is [p_from, p_from + 7 days): the card
-- sends its own now, so that its link's filter holds the same bounds.
create index orders_awaiting_payment_idx on buzz_haven.orders (created_at desc, id) where payment_state = 'awaiting_payment';

-- Card payments received and refunds asked in [p_from, p_to), from the payments ledger (the
-- Payment Months list adds refunds made in Stripe's own dashboard, once their webhook tells).
create function buzz_haven.takings_between(p_from timestamptz, p_to timestamptz) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('received', r.received, 'refunded', f.refunded, 'net', r.received - f.refunded)
  from (select coalesce(sum(amount), 0)::bigint as received from buzz_haven.payments
        where created_at >= p_from and created_at < p_to) as r,
       (select coalesce(sum(amount), 0)::bigint as refunded from buzz_haven.refunds
        where created_at >= p_from and created_at < p_to and status in ('pending', 'requires_action', 'succeeded')) as f
$$;
revoke all on function buzz_haven.takings_between(timestamptz, timestamptz) from public, anon, authenticated;

create function public.get_buzz_haven_today(p_from timestamptz default now()) returns jsonb
language plpgsql
stable
security definer -- counts buzz_haven tables, which the caller has no grant on
set search_path = ''
as $$
declare
  v_month timestamptz := date_trunc('month', p_from at time zone 'UTC') at time zone 'UTC';
  v_last timestamptz := v_month - interval '1 month';
begin
  perform buzz_haven.require_role();
  return jsonb_build_object(
    'orders_to_confirm', (select count(*) from buzz_haven.orders where status = 'new'),
    'orders_awaiting_payment', (select count(*) from buzz_haven.orders where payment_state = 'awaiting_payment'),
    'swarm_open', (select count(*) from buzz_haven.swarm_reports where is_open),
    'swarm_oldest', (select min(created_at) from buzz_haven.swarm_reports where is_open),
    'visits_to_book', (select count(*) from buzz_haven.host_applications where status = 'new'),
    'designs_to_moderate', (select count(*) from buzz_haven.art_designs where status = 'pending'),
    'week_events', (select count(*) from buzz_haven.events
      where start_time >= p_from and start_time < p_from + interval '7 days' and status = 'scheduled'),
    'failed_emails', (select count(*) from buzz_haven.outbox_messages where state = 'dead'),
    'takings', jsonb_build_object(
      'this_month', buzz_haven.takings_between(v_month, v_month + interval '1 month'),
      'last_month', buzz_haven.takings_between(v_last, v_month)
    )
  );
end;
$$;
select buzz_haven.grant_api_execute('public.get_buzz_haven_today(timestamptz)');
