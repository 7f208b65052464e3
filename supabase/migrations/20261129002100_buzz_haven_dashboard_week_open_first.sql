-- Buzz Haven: lists and a dashboard ordered for the day's work.
-- Host applications and adoption requests carry is_open (the list shows open ones first, as swarm
-- reports do), with the index of that order. get_buzz_haven_today counts the week's workshops and
-- volunteer shifts (buzz_haven.week_sessions lists the first with places taken and waitlisted)
-- and says when this month's art vote closes.

set check_function_bodies = false;

ALTER TABLE "buzz_haven"."host_applications"
  ADD COLUMN "is_open" boolean GENERATED ALWAYS AS ((status = ANY (ARRAY['new'::text, 'site_visit_booked'::text, 'approved'::text]))) STORED;

CREATE OR REPLACE FUNCTION buzz_haven.week_sessions (
  p_from  timestamp with time zone,
  p_limit integer
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_today (
  p_from timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
    'takings', jsonb_build_object(
      'this_month', buzz_haven.takings_between(v_month, v_month + interval '1 month'),
      'last_month', buzz_haven.takings_between(v_last, v_month)
    )
  );
end;
$function$;

-- The list view gains is_open as its last column: replaced in place, its function and grants kept.
create or replace view buzz_haven_lists.adoption_requests as
select a.*, b.state as billing_state, b.mode as billing_mode, b.amount as billing_amount, b.current_period_end,
  b.paid_until, b.stripe_customer, b.stripe_subscription,
  (select count(*)::integer from buzz_haven.adoption_invoices as i where i.adoption_id = a.id and i.status = 'paid') as invoices_paid,
  a.status = 'new' as is_open
from buzz_haven.adoption_requests as a
left join buzz_haven.adoption_billing as b on b.adoption_id = a.id
where buzz_haven_lists.staff_only();

CREATE INDEX adoption_requests_list_open_created_idx ON buzz_haven.adoption_requests USING btree (((status = 'new'::text)) DESC, created_at DESC, id);

CREATE INDEX host_applications_list_open_created_idx ON buzz_haven.host_applications USING btree (is_open DESC, created_at DESC, id);

COMMENT ON COLUMN "buzz_haven"."host_applications"."is_open" IS 'True while staff still have work on the application (derived from the status).';

REVOKE ALL ON FUNCTION "buzz_haven"."week_sessions"(timestamp WITH time zone, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."week_sessions"(timestamp WITH time zone, integer) TO "postgres";
