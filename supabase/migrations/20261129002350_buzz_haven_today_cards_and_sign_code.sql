-- Buzz Haven: the Today dashboard counts the week's sessions, the art vote's close and the hives over
-- the varroa threshold together; a hive's sign code has a length bound as every text column does.

set check_function_bodies = false;

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
    -- the Hives list's varroa flag, so the card's number is the rows its link shows
    'hives_over_threshold', (select count(*) from buzz_haven_lists.hives as h where h.varroa_flag),
    'takings', jsonb_build_object(
      'this_month', buzz_haven.takings_between(v_month, v_month + interval '1 month'),
      'last_month', buzz_haven.takings_between(v_last, v_month)
    )
  );
end;
$function$;

ALTER TABLE "buzz_haven"."hives"
  ADD CONSTRAINT "hives_sign_code_length" CHECK ((char_length(sign_code) <= 12));
