-- The dashboard's today numbers in one request: what waits, the month's takings, the week's
-- workshops and volunteer shifts.
set check_function_bodies = false;

-- The dashboard's "today" numbers in one request: what waits for someone, each the row count of
-- a filtered back-office list (the card links to it), and the month's takings from the payments
-- ledger. Every count reads an index range (the lists' own indexes, orders_awaiting_payment_idx),
-- so the answer costs the same at ten years of data. The week is [p_from, p_from + 7 days): the
-- card sends its own now, so that its link's filter holds the same bounds.
-- Card payments received and refunds asked in [p_from, p_to), from the payments ledger (the
-- Payment Months list adds refunds made in Stripe's own dashboard, once their webhook tells).
create function buzz_haven.takings_between(p_from timestamptz, p_to timestamptz) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('received', r.received, 'refunded', f.refunded, 'net', r.received - f.refunded)
  from (select coalesce(sum(amount), 0)::bigint as received from buzz_haven.payments
        where created_at >= p_from and created_at < p_to) as r,
       (select coalesce(sum(amount), 0)::bigint as refunded from buzz_haven.refunds
        where created_at >= p_from and created_at < p_to and status in ('pending', 'requires_action', 'succeeded')) as f
$$;
revoke all on function buzz_haven.takings_between(timestamptz, timestamptz) from public, anon, authenticated;

-- The week's workshops and volunteer shifts, soonest first (at most p_limit): places taken (a
-- workshop's confirmed, attended and held places, as buzz_haven.spots_left counts them; a shift's
-- confirmed volunteers) and waitlisted places, each read from its event's index range.
create function buzz_haven.week_sessions(p_from timestamptz, p_limit integer) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'kind', e.kind,
    'start_time', e.start_time, 'capacity', e.capacity, 'taken', e.taken, 'waitlist', e.waitlist)
    order by e.start_time, e.id), '[]'::jsonb)
  from (
    select e.id, e.title, e.kind, e.start_time, e.capacity,
      case when e.kind = 'volunteer' then
        (select count(*) from buzz_haven.volunteer_signups as v where v.event_id = e.id and v.status = 'confirmed')
      else (select coalesce(sum(r.places), 0) from buzz_haven.event_registrations as r
        where r.event_id = e.id and r.status in ('confirmed', 'attended', 'held')) end::integer as taken,
      (select coalesce(sum(r.places), 0) from buzz_haven.event_registrations as r
        where r.event_id = e.id and r.status = 'waitlisted')::integer as waitlist
    from buzz_haven.events as e
    where e.start_time >= p_from and e.start_time < p_from + interval '7 days'
      and e.status = 'scheduled' and e.kind in ('workshop', 'volunteer')
    order by e.start_time, e.id
    limit p_limit
  ) as e
$$;
revoke all on function buzz_haven.week_sessions(timestamptz, integer) from public, anon, authenticated;

-- The week's card counts the workshops and volunteer shifts (the events list filtered on
-- kind=in.(workshop,volunteer)) and lists the first of them with their places; the art card says
-- when this month's vote closes (the start of next month in California: a design approved today
-- goes on this month's ballot, buzz_haven.art_current_month).
create function public.get_buzz_haven_today(p_from timestamptz default now()) returns jsonb
language plpgsql stable security definer set search_path = '' -- counts buzz_haven tables, which the caller has no grant on
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
    'vote_closes', (buzz_haven.art_current_month() + interval '1 month')::timestamp at time zone 'America/Los_Angeles',
    'week_events', (select count(*) from buzz_haven.events
      where start_time >= p_from and start_time < p_from + interval '7 days' and status = 'scheduled'
        and kind in ('workshop', 'volunteer')),
    'week_sessions', buzz_haven.week_sessions(p_from, 5),
    'failed_emails', (select count(*) from buzz_haven.outbox_messages where state = 'dead'),
    -- the Hives list's varroa flag, so the card's number is the rows its link shows
    'hives_over_threshold', (select count(*) from buzz_haven_lists.hives as h where h.varroa_flag),
    'takings', jsonb_build_object(
      'this_month', buzz_haven.takings_between(v_month, v_month + interval '1 month'),
      'last_month', buzz_haven.takings_between(v_last, v_month)
    )
  );
end;
$$;
select buzz_haven.grant_api_execute('get_buzz_haven_today');
